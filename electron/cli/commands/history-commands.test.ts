// memlens history / diff / restore / changes, run in-process as a user would: a workspace whose
// MEMORY.md is changed between runs — by hand, and by the agent (a transcript in OpenClaw's shape).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileHistorySchema, WorkspaceChangesSchema } from '../../../shared/history-schemas.js';
import { historyDirFor } from '../../app/history/history-store.js';
import { captureIo, runCaptured, type Captured } from '../test-support/capture-io.js';
import { runCli } from '../main.js';
import { FIXTURE_DIR } from '../../app/history/test-support/history-workspace.js';
import { parseSince } from '../../../shared/since-date.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';

let tmp: string;
let workspace: string;
const AGENT_TEXT =
  '# Memory\n\n- Prefers totals in 万元.\n- Trip to Hakone booked for 2026-04-12.\n- Contract totals: 2022 10,120 万元.\n';

function cli(...argv: string[]): Promise<Captured> {
  return runCaptured(tmp, [...argv, '--workspace', workspace, '--data-dir', path.join(tmp, 'data')]);
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-history-'));
  workspace = path.join(tmp, 'workspace');
  fs.mkdirSync(path.join(workspace, 'sessions'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n\n- Prefers totals in 万元.\n');
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('memlens history commands', () => {
  it('history, changes, diff and restore over changes made between runs', { timeout: 60_000 }, async () => {
    expect((await cli('history', 'MEMORY.md')).stdout).toMatch(
      /v1 .* first seen .* outside the app \(before history began\)/,
    );

    // The agent writes MEMORY.md (its transcript records the write call); the next run sees it.
    const transcript = fs
      .readFileSync(path.join(FIXTURE_DIR, 'agent-writes-memory.jsonl'), 'utf8')
      .replaceAll('{{WORKSPACE}}', workspace);
    // The fixture's call is at 09:52:09 on 2026-03-30: date the change then, as if seen then.
    fs.writeFileSync(path.join(workspace, 'sessions', '5e0c9a41.jsonl'), transcript);
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), AGENT_TEXT);
    const changes = await cli('changes', '--since', '2020-01-01', '--json');
    expect(changes.code).toBe(0);
    const parsed = WorkspaceChangesSchema.parse(JSON.parse(changes.stdout));
    // Seen now, long after the call: only the exact bytes of the write call can still name the agent — and they do not reach a day back.
    expect(parsed.groups.map((g) => g.kind)).toEqual(['outside']);

    const text = await cli('changes', '--since', '2020-01-01');
    expect(text.stdout).toContain('outside the app — 1 change');
    expect(text.stdout).toContain('+ - Contract totals: 2022 10,120 万元.');
    expect(text.stdout).toContain('revert: memlens restore MEMORY.md --version 1');

    const diff = await cli('diff', 'MEMORY.md', '--from', '1', '--to', '2');
    expect(diff.stdout).toMatch(/^--- MEMORY\.md v1 .*\n\+\+\+ MEMORY\.md v2 /);
    expect(diff.stdout).toContain(
      '\n+- Trip to Hakone booked for 2026-04-12.\n+- Contract totals: 2022 10,120 万元.\n',
    );

    const stale = await cli(
      'restore',
      'MEMORY.md',
      '--version',
      '1',
      '--expected-hash',
      crypto.createHash('sha256').update('other').digest('hex'),
      '--json',
    );
    expect(stale.code).toBe(1);
    expect(JSON.parse(stale.stdout).error.code).toBe('CONFLICT');
    expect(fs.readFileSync(path.join(workspace, 'MEMORY.md'), 'utf8')).toBe(AGENT_TEXT);

    const restored = await cli('restore', 'MEMORY.md', '--version', '1');
    expect(restored.code).toBe(0);
    expect(fs.readFileSync(path.join(workspace, 'MEMORY.md'), 'utf8')).toBe('# Memory\n\n- Prefers totals in 万元.\n');
    const history = await cli('history', 'MEMORY.md');
    expect(history.stdout).toMatch(/v3 .* saved .* you, in Memory Lens\n {8}how: restored version 1 from Memory Lens/);
  });

  it('refuses a version that is not a number and a --since it cannot read, as usage errors', async () => {
    expect((await cli('diff', 'MEMORY.md', '--from', 'yesterday')).code).toBe(2);
    expect((await cli('changes', '--since', 'the day the music died')).code).toBe(2);
    const now = new Date('2026-03-30T12:00:00');
    expect(parseSince('yesterday', now)).toBe(new Date('2026-03-29T12:00:00').getTime());
    expect(parseSince('2026-03-28', now)).toBe(new Date('2026-03-28T00:00:00').getTime());
  });

  it("reads a --since written in Chinese: 3小时前, 昨天, 上周一 (chrono-node's own Chinese parser)", async () => {
    const now = new Date('2026-03-31T12:00:00'); // a Tuesday
    expect(parseSince('3小时前', now)).toBe(new Date('2026-03-31T09:00:00').getTime());
    expect(parseSince('昨天', now)).toBe(new Date('2026-03-30T12:00:00').getTime());
    expect(parseSince('上周一', now)).toBe(new Date('2026-03-23T12:00:00').getTime());
    // Through the command too: a Chinese phrase is no usage error.
    expect((await cli('changes', '--since', '三小时前')).code).toBe(0);
  });

  it(
    'history purge-secret: refused while a file holds it, then counts what it rewrote',
    { timeout: 60_000 },
    async () => {
      const key = 'tvly-dev-CLIpurge9vR4kT8wZ3QQ1';
      fs.writeFileSync(path.join(workspace, 'MEMORY.md'), `# Memory\n\n- Tavily API key: ${key}\n`);
      const refused = await cli('history', 'purge-secret', key);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('is still in MEMORY.md');
      fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n\n- Tavily API key: <in password manager>\n');
      const purged = await cli('history', 'purge-secret', key);
      expect(purged.code).toBe(0);
      expect(purged.stdout).toContain('Purged from history: 1 version rewritten (the value is now <purged secret>)');
      expect(purged.stdout).toContain('filter-repo --replace-text REPLACEMENTS.txt');
      expect(purged.stdout).not.toContain(key);
      expect((await cli('history', 'purge-secret', key)).stdout).toContain('0 versions rewritten');
    },
  );
});

describe('memlens history, restore and get in --lang zh-CN', () => {
  it(
    'words the versions and a typed error in Chinese; --json keeps English with the message id',
    { timeout: 60_000 },
    async () => {
      const listed = await cli('history', 'MEMORY.md', '--lang', 'zh-CN');
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(/^MEMORY\.md：\d+ 个版本，最新的在前$/m);
      expect(listed.stdout).toMatch(/^ {8}方式：/m);
      expect(englishLeft(listed.stdout)).toEqual([]);

      const refused = await cli('restore', 'MEMORY.md', '--version', '99', '--lang', 'zh-CN');
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toBe('memlens restore: MEMORY.md 没有版本 99。\n');
      const english = await cli('restore', 'MEMORY.md', '--version', '99', '--json');
      expect(JSON.parse(english.stdout)).toEqual({
        error: {
          code: 'NOT_FOUND',
          message: 'MEMORY.md has no version 99.',
          messageId: 'errors:history.noVersion',
          params: { path: 'MEMORY.md', id: 99 },
        },
      });

      const missing = await cli('get', 'memory/nope.md', '--lang', 'zh-CN');
      expect(missing.stderr).toBe('memlens get: 没有这个记忆文件：memory/nope.md\n');
      const viaEnv = captureIo(tmp, { MEMLENS_LANG: 'zh-CN' });
      await runCli(
        ['get', 'memory/nope.md', '--workspace', workspace, '--data-dir', path.join(tmp, 'data')],
        viaEnv.io,
      );
      expect(viaEnv.err.join('')).toBe('memlens get: 没有这个记忆文件：memory/nope.md\n');
    },
  );
});

describe('memlens changes, diff and restore in --lang zh-CN', () => {
  it('words the changes, a diff and a restore in Chinese', { timeout: 60_000 }, async () => {
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), `${AGENT_TEXT}- 周五去看牙医。\n`);
    const changes = await cli('changes', '--since', '2020-01-01', '--lang', 'zh-CN');
    expect(changes.code, changes.stderr).toBe(0);
    expect(changes.stdout).toMatch(/^自 \d{4}-\d\d-\d\d \d\d:\d\d 以来的记忆改动：\d+$/m);
    expect(changes.stdout).toMatch(/^\S.* — \d+ 处改动$/m);
    expect(changes.stdout).toMatch(/^ {6}方式：/m);
    expect(changes.stdout).toMatch(/^ {6}撤销：memlens restore MEMORY\.md --version \d+$/m);
    // The changed lines are the user's own text and the commands are commands; the rest is Chinese.
    const said = changes.stdout
      .split('\n')
      .filter((l) => !/^ {6}[-+] /.test(l))
      .map((l) => l.replace(/memlens (restore|diff) .*/, ''));
    expect(said.flatMap((l) => englishLeft(l))).toEqual([]);

    const versions = JSON.parse((await cli('history', 'MEMORY.md', '--json')).stdout) as { versions: { id: number }[] };
    const newest = versions.versions[0]!.id;
    const diff = await cli('diff', 'MEMORY.md', '--from', 'none', '--lang', 'zh-CN');
    expect(diff.stdout).toMatch(/^--- MEMORY\.md （空）\n\+\+\+ MEMORY\.md （当前）\n/);
    const same = await cli('diff', 'MEMORY.md', '--from', String(newest), '--lang', 'zh-CN');
    expect(same.stdout).toBe('没有差异。\n');
    const restored = await cli('restore', 'MEMORY.md', '--version', '1', '--lang', 'zh-CN');
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^已把 MEMORY\.md 恢复到版本 1（\d+ 字节，sha256 [0-9a-f]{12}…）。\n$/);
  });
});

describe('a damaged history store, as memlens history says it', () => {
  it('--lang zh-CN words the notice by id; --json keeps the English beside the id', { timeout: 60_000 }, async () => {
    const ws = path.join(tmp, 'damaged-workspace');
    fs.mkdirSync(ws, { recursive: true });
    fs.writeFileSync(path.join(ws, 'MEMORY.md'), '# Memory\n');
    const dataDir = path.join(tmp, 'damaged-data');
    const damage = () => {
      const dir = historyDirFor(dataDir, ws);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'history.sqlite'), 'this is not sqlite');
    };
    const history = (...flags: string[]) =>
      runCaptured(tmp, ['history', 'MEMORY.md', '--workspace', ws, '--data-dir', dataDir, ...flags]);

    damage();
    const zh = await history('--lang', 'zh-CN');
    expect(zh.code).toBe(0);
    expect(zh.stdout.split('\n')[0]).toMatch(
      /^! 历史记录库已损坏（文件不是数据库（SQLITE_NOTADB））；已移到 history\.sqlite\.damaged-\S+，并用能读出的 0 个版本重建（0 个无法读出）。$/,
    );

    damage();
    const json = FileHistorySchema.parse(JSON.parse((await history('--json')).stdout));
    expect(json.notices).toEqual([
      {
        message: expect.stringMatching(
          /^The history store was damaged \(the file is not a database \(SQLITE_NOTADB\)\);/,
        ),
        messageId: 'log:damaged.salvaged',
        params: expect.objectContaining({ what: 'history', count: 0, lost: 0 }),
      },
    ]);
  });
});
