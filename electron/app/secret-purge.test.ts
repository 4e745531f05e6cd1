// A secret purged from history through the real app core: after the key is replaced in MEMORY.md,
// `historyPurgeSecret` leaves no byte of the data folder holding it — blobs, history.sqlite after
// VACUUM, the app's trash, a draft, the search log, a damaged copy — while diff and restore of the
// rewritten versions still work, and a second purge finds nothing left to do.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { sha256 } from '../memory/text/hash.js';
import { activityDbPathFor } from './agent/agent-activity-db.js';
import { openHistoryWorkspace, type HistoryWorkspace } from './history/test-support/history-workspace.js';
import { PURGED_PLACEHOLDER } from '../../shared/secret-calls.js';

const KEY = 'tvly-dev-Q7pX2mN9vR4kT8wZ3HCS';
const T0 = Date.parse('2026-03-30T09:40:00Z');

let fx: HistoryWorkspace | null = null;
afterEach(async () => {
  await fx?.cleanup();
  fx = null;
});

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

const holding = (dataDir: string) =>
  filesUnder(dataDir)
    .filter((f) => fs.readFileSync(f).includes(Buffer.from(KEY)))
    .map((f) => path.relative(dataDir, f));

describe('history purge of a secret', () => {
  it(
    'leaves no file of the data folder holding the value; diff and restore still work',
    { timeout: 60_000 },
    async () => {
      fx = await openHistoryWorkspace(
        {
          'MEMORY.md': `# Memory\n\n- Tavily API key: ${KEY}\n- Prefers totals in 万元.\n`,
          'memory/keys.md': `# Keys\n\nsearch key ${KEY}\n`,
        },
        { start: T0 },
      );
      const w = fx;
      const hashOf = (rel: string) => sha256(fs.readFileSync(path.join(w.workspace, rel)));
      // Copies of the value in every place the app keeps text: a trashed file, a draft, the search log.
      await w.call('deleteFile', { path: 'memory/keys.md', expectedHash: hashOf('memory/keys.md') });
      await w.call('draftPut', { path: 'MEMORY.md', text: `draft with ${KEY}`, baseHash: hashOf('MEMORY.md') });
      // The log masks a query's secrets since it is written; an entry from before that held it raw.
      const log = new Database(activityDbPathFor(w.dataDir));
      log
        .prepare(
          `INSERT INTO agent_searches (workspace, at, caller_kind, caller_client, query, mode, result_count, top_path, entry)
           VALUES (?, ?, 'person', NULL, ?, 'fts-only', 0, NULL, ?)`,
        )
        .run(w.workspace, T0, `Tavily ${KEY}`, JSON.stringify({ options: { query: `Tavily ${KEY}` }, response: {} }));
      log.close();
      const historyDir = (await w.call('historyUsage', {})).dir;
      fs.writeFileSync(path.join(historyDir, 'history.sqlite.damaged-2026-03-30T09-00-00-000Z'), `x${KEY}x`);
      expect(holding(w.dataDir).length).toBeGreaterThan(3);

      // Still in MEMORY.md: refused, nothing changed.
      const refused = await w.failure('historyPurgeSecret', { value: KEY });
      expect(refused.code).toBe('NOT_ALLOWED');
      expect(refused.details).toEqual({ paths: ['MEMORY.md'] });
      expect(refused.message).not.toContain(KEY);

      await w.call('saveFile', {
        path: 'MEMORY.md',
        text: '# Memory\n\n- Tavily API key: <in password manager>\n- Prefers totals in 万元.\n',
        expectedHash: hashOf('MEMORY.md'),
      });
      const purge = await w.call('historyPurgeSecret', { value: KEY });
      expect(purge.versionsRewritten).toBe(2); // MEMORY.md's baseline and memory/keys.md's
      expect(purge.cleaned).toMatchObject({ trashFiles: 1, drafts: 1, searchLogEntries: 1, damagedCopies: 1 });
      expect(purge.cleaned.blobsDeleted).toBeGreaterThanOrEqual(2);
      expect(purge.filesCleaned).toBeGreaterThanOrEqual(6);
      expect(purge.vacuumed).toBe(true);
      expect(purge.remaining).toEqual([]);
      expect(purge.gitCommand).toContain('filter-repo --replace-text');
      expect(JSON.stringify(purge)).not.toContain(KEY);
      // Every byte of the data folder, the SQLite files after VACUUM included.
      expect(holding(w.dataDir)).toEqual([]);

      const versions = (await w.call('historyList', { path: 'MEMORY.md' })).versions;
      const baseline = versions[versions.length - 1]!;
      const text = (await w.call('historyVersion', { path: 'MEMORY.md', version: baseline.id })).text;
      expect(text).toBe(`# Memory\n\n- Tavily API key: ${PURGED_PLACEHOLDER}\n- Prefers totals in 万元.\n`);
      expect(baseline.hash).toBe(sha256(Buffer.from(text)));
      const diff = await w.call('historyDiff', { path: 'MEMORY.md', from: baseline.id, to: null });
      expect(diff.hunks).toHaveLength(1);
      expect(diff.hunks[0]!.removed).toEqual([`- Tavily API key: ${PURGED_PLACEHOLDER}`]);
      await w.call('historyRestore', { path: 'MEMORY.md', version: baseline.id, expectedHash: hashOf('MEMORY.md') });
      expect(fs.readFileSync(path.join(w.workspace, 'MEMORY.md'), 'utf8')).toBe(text);
      const deleted = (await w.call('historyList', { path: 'memory/keys.md' })).versions;
      expect((await w.call('historyVersion', { path: 'memory/keys.md', version: deleted[1]!.id })).text).toBe(
        `# Keys\n\nsearch key ${PURGED_PLACEHOLDER}\n`,
      );

      const again = await w.call('historyPurgeSecret', { value: KEY });
      expect(again.versionsRewritten).toBe(0);
      expect(again.filesCleaned).toBe(0);
    },
  );

  it(
    "keeps a rewritten version's author: the agent's exact write is found before the bytes change",
    { timeout: 60_000 },
    async () => {
      const agentText =
        '# Memory\n\n- Prefers totals in 万元.\n- Trip to Hakone booked for 2026-04-12.\n- Contract totals: 2022 10,120 万元.\n';
      fx = await openHistoryWorkspace({ 'MEMORY.md': '# Memory\n\n- Prefers totals in 万元.\n' }, { start: T0 });
      const w = fx;
      w.clock.now = Date.parse('2026-03-30T09:52:10Z');
      w.addTranscript('agent-writes-memory.jsonl', '5e0c9a41.jsonl');
      w.write('MEMORY.md', agentText);
      await vi.waitFor(
        async () => expect((await w.call('historyList', { path: 'MEMORY.md' })).versions[0]!.author.kind).toBe('agent'),
        { timeout: 20_000 },
      );
      const agentVersion = (await w.call('historyList', { path: 'MEMORY.md' })).versions[0]!;
      w.write('MEMORY.md', '# Memory\n\n- Prefers totals in 万元.\n- Contract totals: 2022 10,120 万元.\n');
      await vi.waitFor(
        async () => expect((await w.call('historyList', { path: 'MEMORY.md' })).versions).toHaveLength(3),
        {
          timeout: 20_000,
        },
      );

      const purge = await w.call('historyPurgeSecret', { value: 'Hakone booked' });
      expect(purge.versionsRewritten).toBe(1);
      const after = (await w.call('historyList', { path: 'MEMORY.md' })).versions.find(
        (v) => v.id === agentVersion.id,
      )!;
      expect(after.hash).not.toBe(agentVersion.hash);
      expect(after.author).toMatchObject({ kind: 'agent', label: agentVersion.author.label });
      expect(after.author.how).toContain(
        'wrote exactly these bytes (found before a secret was purged from this version)',
      );
    },
  );
});
