// The whole history through the real app core: a save from the app, an edit outside it, the
// agent's own write (from a transcript in OpenClaw's shape) and a restore, each version with the
// author a user would expect, its diff, and where each line of MEMORY.md came from.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watch } from 'chokidar';
import type { EngineOptions } from '../../memory/engine-types.js';
import { sha256 } from '../../memory/text/hash.js';
import type { FileHistory } from '../../../shared/history-schemas.js';
import { createAppService } from '../app-service.js';
import { openHistoryWorkspace, type HistoryWorkspace } from './test-support/history-workspace.js';

const T0 = Date.parse('2026-03-30T09:40:00Z');
const MIN = 60_000;
const AGENT_TEXT =
  '# Memory\n\n- Prefers totals in 万元.\n- Trip to Hakone booked for 2026-04-12.\n- Contract totals: 2022 10,120 万元.\n';

let fx: HistoryWorkspace | null = null;
afterEach(async () => {
  await fx?.cleanup();
  fx = null;
});

const hashOf = (w: HistoryWorkspace, rel: string) => sha256(fs.readFileSync(path.join(w.workspace, rel)));

describe('memory history', () => {
  it(
    'save → external edit → agent write → restore: every version kept, each with its author',
    { timeout: 60_000 },
    async () => {
      fx = await openHistoryWorkspace(
        { 'MEMORY.md': '# Memory\n\n- Prefers totals in 万元.\n', 'memory/trips.md': '# Trips\n\n- Ryokan: TBD\n' },
        { start: T0 },
      );
      const w = fx;
      let history = await w.call('historyList', { path: 'MEMORY.md' });
      expect(history.versions.map((v) => v.kind)).toEqual(['baseline']);

      // 1. A save from the app.
      w.clock.now = T0 + 5 * MIN;
      await w.call('saveFile', {
        path: 'MEMORY.md',
        text: '# Memory\n\n- Prefers totals in 万元.\n- Trip to Hakone booked.\n',
        expectedHash: hashOf(w, 'MEMORY.md'),
      });
      history = await w.call('historyList', { path: 'MEMORY.md' });
      expect(history.versions[0]).toMatchObject({
        kind: 'save',
        author: { kind: 'you', label: 'you, in Memory Lens' },
      });

      // 2. An edit in another editor, seen by the watcher.
      w.clock.now = T0 + 10 * MIN;
      w.write('MEMORY.md', '# Memory\n\n- Prefers totals in 万元.\n- Trip to Hakone booked for 2026-04-12.\n');
      await vi.waitFor(
        async () => expect((await w.call('historyList', { path: 'MEMORY.md' })).versions).toHaveLength(3),
        { timeout: 20_000 },
      );
      history = await w.call('historyList', { path: 'MEMORY.md' });
      expect(history.versions[0]).toMatchObject({
        kind: 'external',
        author: { kind: 'outside', label: 'outside the app' },
      });

      // 3. The agent writes MEMORY.md with its write tool (the transcript records the call first).
      w.clock.now = Date.parse('2026-03-30T09:52:10Z');
      const session = w.addTranscript('agent-writes-memory.jsonl', '5e0c9a41.jsonl');
      w.write('MEMORY.md', AGENT_TEXT);
      await vi.waitFor(
        async () => {
          const top = (await w.call('historyList', { path: 'MEMORY.md' })).versions[0]!;
          expect(top.author.kind).toBe('agent');
        },
        { timeout: 20_000 },
      );
      history = await w.call('historyList', { path: 'MEMORY.md' });
      const agentVersion = history.versions[0]!;
      expect(agentVersion.author.label).toMatch(
        /^your agent, in “Also add 2022 — and remember I prefer totals in 万元\.” at \d\d:\d\d$/,
      );
      expect(agentVersion.author.how).toContain('wrote exactly these bytes');
      expect(agentVersion.author.agent).toMatchObject({
        session,
        line: 4,
        tool: 'write',
        userLine: 3,
        userText: 'Also add 2022 — and remember I prefer totals in 万元.',
      });

      // The agent's edit on memory/trips.md (relative path, edit tool) is found the same way.
      w.clock.now = Date.parse('2026-03-30T09:58:06Z');
      w.write('memory/trips.md', '# Trips\n\n- Ryokan: Fukuzumiro\n');
      await vi.waitFor(
        async () => {
          const top = (await w.call('historyList', { path: 'memory/trips.md' })).versions[0]!;
          expect(top.author).toMatchObject({ kind: 'agent', agent: { tool: 'edit', line: 8, userLine: 7 } });
        },
        { timeout: 20_000 },
      );

      // Where each line of MEMORY.md came from.
      const origins = await w.call('lineOrigins', { path: 'MEMORY.md' });
      const byLine = (n: number) => origins.versions.find((v) => v.id === origins.lines[n - 1]!.versionId)!;
      expect(byLine(3).kind).toBe('baseline'); // "- Prefers totals in 万元." was there first
      expect(byLine(4).author.kind).toBe('outside'); // "- Trip to Hakone booked for 2026-04-12."
      expect(byLine(5).author).toMatchObject({ kind: 'agent', agent: { userLine: 3 } }); // the agent's 2022 line

      // 4. Restore the app's save (a normal save: hash-checked, recorded as the user's).
      const saveVersion = history.versions.find((v) => v.kind === 'save')!;
      const stale = await w.failure('historyRestore', {
        path: 'MEMORY.md',
        version: saveVersion.id,
        expectedHash: sha256('not what is on disk'),
      });
      expect(stale.code).toBe('CONFLICT');
      expect(stale.details?.currentHash).toBe(hashOf(w, 'MEMORY.md'));
      expect(fs.readFileSync(path.join(w.workspace, 'MEMORY.md'), 'utf8')).toBe(AGENT_TEXT);
      w.clock.now = Date.parse('2026-03-30T10:05:00Z');
      await w.call('historyRestore', {
        path: 'MEMORY.md',
        version: saveVersion.id,
        expectedHash: hashOf(w, 'MEMORY.md'),
      });
      expect(fs.readFileSync(path.join(w.workspace, 'MEMORY.md'), 'utf8')).toBe(
        '# Memory\n\n- Prefers totals in 万元.\n- Trip to Hakone booked.\n',
      );
      history = await w.call('historyList', { path: 'MEMORY.md' });
      expect(history.versions.map((v) => [v.kind, v.author.kind])).toEqual([
        ['save', 'you'],
        ['external', 'agent'],
        ['external', 'outside'],
        ['save', 'you'],
        ['baseline', 'outside'],
      ]);
      expect(history.versions[0]!.author.how).toBe(`restored version ${saveVersion.id} from Memory Lens`);
      // Restoring bytes already kept stores nothing new.
      expect((await w.call('historyUsage', {})).blobs).toBe(6);

      // What changed since the start, grouped by author, each with its diff.
      const changes = await w.call('historyChanges', { since: T0 });
      expect(changes.groups.map((g) => g.kind)).toEqual(['agent', 'outside', 'you']);
      const agentChange = changes.groups[0]!.changes.find((c) => c.version.path === 'MEMORY.md')!;
      expect(agentChange.hunks).toEqual([
        {
          fromLine: 5,
          fromCount: 0,
          toLine: 5,
          toCount: 1,
          removed: [],
          added: ['- Contract totals: 2022 10,120 万元.'],
        },
      ]);

      const diff = await w.call('historyDiff', { path: 'MEMORY.md', from: saveVersion.id, to: agentVersion.id });
      expect(diff.hunks.flatMap((h) => h.added)).toEqual([
        '- Trip to Hakone booked for 2026-04-12.',
        '- Contract totals: 2022 10,120 万元.',
      ]);
    },
  );

  it(
    'renames and deletes from the app are versions too; a restore brings a deleted file back',
    { timeout: 30_000 },
    async () => {
      fx = await openHistoryWorkspace(
        { 'MEMORY.md': '# Memory\n', 'memory/old-name.md': '# Notes\n\nkeep me\n' },
        { start: T0 },
      );
      const w = fx;
      w.clock.now = T0 + MIN;
      await w.call('renameFile', {
        from: 'memory/old-name.md',
        to: 'memory/new-name.md',
        expectedHash: sha256(fs.readFileSync(path.join(w.workspace, 'memory/old-name.md'))),
      });
      const moved = await w.call('historyList', { path: 'memory/new-name.md' });
      expect(moved.versions[0]).toMatchObject({
        kind: 'rename',
        fromPath: 'memory/old-name.md',
        author: { kind: 'you' },
      });
      const left = await w.call('historyList', { path: 'memory/old-name.md' });
      expect(left.versions[0]).toMatchObject({ kind: 'rename', toPath: 'memory/new-name.md', hash: null });

      w.clock.now = T0 + 2 * MIN;
      await w.call('deleteFile', {
        path: 'memory/new-name.md',
        expectedHash: sha256(fs.readFileSync(path.join(w.workspace, 'memory/new-name.md'))),
      });
      const gone = await w.call('historyList', { path: 'memory/new-name.md' });
      expect(gone.versions[0]).toMatchObject({ kind: 'delete', author: { kind: 'you' } });
      await w.call('historyRestore', {
        path: 'memory/new-name.md',
        version: moved.versions[0]!.id,
        expectedHash: null,
      });
      expect(fs.readFileSync(path.join(w.workspace, 'memory/new-name.md'), 'utf8')).toBe('# Notes\n\nkeep me\n');
      expect(
        (
          await w.failure('historyRestore', {
            path: 'memory/new-name.md',
            version: gone.versions[0]!.id,
            expectedHash: null,
          })
        ).code,
      ).toBe('NOT_ALLOWED');
    },
  );

  it(
    'an edit of AGENTS.md (not indexed) is recorded through the workspace’s one watcher, and search never lists it',
    { timeout: 60_000 },
    async () => {
      const opened: string[][] = [];
      const openWatcher: NonNullable<EngineOptions['openWatcher']> = (paths, options) => {
        opened.push(paths);
        return watch(paths, options);
      };
      fx = await openHistoryWorkspace(
        { 'MEMORY.md': '# Memory\n', 'AGENTS.md': '# Agents\n\nbe thorough\n' },
        { start: T0, openWatcher },
      );
      const w = fx;
      expect((await w.call('historyList', { path: 'AGENTS.md' })).versions.map((v) => v.kind)).toEqual(['baseline']);
      w.clock.now = T0 + 5 * MIN;
      w.write('AGENTS.md', '# Agents\n\nbe brief, answer in zanzibarish\n');
      await vi.waitFor(
        async () =>
          expect((await w.call('historyList', { path: 'AGENTS.md' })).versions.map((v) => v.kind)).toEqual([
            'external',
            'baseline',
          ]),
        { timeout: 20_000 },
      );
      // One chokidar watcher for the workspace: the engine's; history opens none of its own.
      const real = fs.realpathSync(w.workspace);
      expect(opened.filter((paths) => paths.includes(real))).toHaveLength(1);
      expect(opened).toHaveLength(1);
      const found = await w.call('search', { query: 'zanzibarish' });
      expect(found.results).toEqual([]);
    },
  );

  it(
    'a change made while the app was closed is found by the rescan at the next open',
    { timeout: 30_000 },
    async () => {
      fx = await openHistoryWorkspace(
        { 'MEMORY.md': '# Memory\n', 'AGENTS.md': '# Agents\n' },
        { start: T0, watch: false },
      );
      const w = fx;
      await w.service.close();
      w.write('MEMORY.md', '# Memory\n\nwritten while closed\n');
      w.write('AGENTS.md', '# Agents\n\nbe brief\n');
      w.clock.now = T0 + 60 * MIN;
      await w.reopen();
      for (const rel of ['MEMORY.md', 'AGENTS.md']) {
        const versions = (await w.call('historyList', { path: rel })).versions;
        expect(versions.map((v) => v.kind)).toEqual(['external', 'baseline']);
      }
    },
  );

  it(
    'two app instances on one workspace: a change both see is one version; a stale restore is a typed CONFLICT and writes nothing',
    { timeout: 60_000 },
    async () => {
      fx = await openHistoryWorkspace({ 'MEMORY.md': '# Memory\n' });
      const w = fx;
      const second = await createAppService({
        dataDir: w.dataDir,
        overrides: { embedder: null, openclawHome: path.join(w.root, 'openclaw-home') },
        log: () => undefined,
      });
      try {
        await second.open(w.workspace, { isSample: false });
        await second.session.whenSynced();
        await second.history.whenIdle();
        w.write('MEMORY.md', '# Memory\n\n- seen by both windows\n');
        // Each instance brings its index up to date (its watcher may have already) and records what it saw.
        await Promise.all([w.service.session.current().sync(), second.session.current().sync()]);
        await Promise.all([w.service.history.whenIdle(), second.history.whenIdle()]);
        const seen = await w.call('historyList', { path: 'MEMORY.md' });
        expect(seen.versions.map((v) => v.kind)).toEqual(['external', 'baseline']);
        const other = await second.dispatcher.handle('historyList', { path: 'MEMORY.md' });
        expect(other.ok && (other.result as FileHistory).versions.map((v) => v.id)).toEqual(
          seen.versions.map((v) => v.id),
        );

        // The second window restores the first version with the hash it read before the first window saved.
        const staleHash = hashOf(w, 'MEMORY.md');
        await w.call('saveFile', {
          path: 'MEMORY.md',
          text: '# Memory\n\n- saved in window one\n',
          expectedHash: staleHash,
        });
        const outcome = await second.dispatcher.handle('historyRestore', {
          path: 'MEMORY.md',
          version: seen.versions[1]!.id,
          expectedHash: staleHash,
        });
        expect(outcome).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
        expect(fs.readFileSync(path.join(w.workspace, 'MEMORY.md'), 'utf8')).toBe(
          '# Memory\n\n- saved in window one\n',
        );
      } finally {
        await second.close();
      }
    },
  );

  it(
    'a binary file and one over the size limit are listed as changed with the reason their bytes were not kept',
    { timeout: 60_000 },
    async () => {
      fx = await openHistoryWorkspace({ 'MEMORY.md': '# Memory\n' });
      const w = fx;
      await w.call('settingsSet', { patch: { history: { maxFileMegabytes: 1 } } });
      fs.mkdirSync(path.join(w.workspace, 'memory'));
      fs.writeFileSync(
        path.join(w.workspace, 'memory', 'photo.md'),
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]),
      );
      fs.writeFileSync(path.join(w.workspace, 'memory', 'dump.md'), `# dump\n${'x'.repeat(1_200_000)}\n`);
      await w.service.session.current().sync();
      await w.service.history.whenIdle();
      await w.reopen(); // the rescan at open finds what no event reported
      const photo = await w.call('historyList', { path: 'memory/photo.md' });
      expect(photo.versions[0]).toMatchObject({ skipped: 'a binary file (it contains NUL bytes)', size: 10 });
      const dump = await w.call('historyList', { path: 'memory/dump.md' });
      expect(dump.versions[0]!.skipped).toMatch(/^too large to keep \(1\.1 MB; history keeps files up to 1\.0 MB\)$/);
      expect((await w.failure('historyVersion', { path: 'memory/dump.md', version: dump.versions[0]!.id })).code).toBe(
        'NOT_FOUND',
      );
      expect((await w.call('historyUsage', {})).bytes).toBe(Buffer.byteLength('# Memory\n'));
    },
  );
});
