// The version store on real SQLite files and real blob folders: deduplication, retention, a
// damaged store, a clock that goes backwards, files it will not keep, and two processes' worth of
// connections recording at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { HistorySettingsSchema } from '../../../shared/history-schemas.js';
import { translator } from '../../../shared/i18n.js';
import { logText } from '../../../shared/log-line.js';
import { sha256 } from '../../memory/text/hash.js';
import { BLOB_GRACE_MS } from './blob-store.js';
import { readForHistory } from './history-file-read.js';
import { HistoryStore, historyDirFor } from './history-store.js';

const DAY = 86_400_000;
const T = Date.parse('2026-06-01T12:00:00Z');
let roots: string[] = [];
afterEach(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  roots = [];
});

function setup(): { dataDir: string; workspaceDir: string; clock: { now: number }; open: () => HistoryStore } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-hstore-'));
  roots.push(root);
  const workspaceDir = path.join(root, 'workspace');
  fs.mkdirSync(workspaceDir);
  const dataDir = path.join(root, 'data');
  const clock = { now: T };
  return {
    dataDir,
    workspaceDir,
    clock,
    open: () => HistoryStore.open({ dataDir, workspaceDir, now: () => clock.now }),
  };
}

const text = (s: string) => Buffer.from(s, 'utf8');
const record = (store: HistoryStore, p: string, s: string) =>
  store.record({ path: p, kind: 'external', bytes: text(s), mtimeMs: null });

describe('history store', () => {
  it('keeps each distinct content once, and repeats of the latest version are not new versions', async () => {
    const { open } = setup();
    const store = open();
    expect((await record(store, 'MEMORY.md', 'a\n')).added).toBe(true);
    expect((await record(store, 'MEMORY.md', 'a\n')).added).toBe(false);
    await record(store, 'USER.md', 'a\n');
    await record(store, 'MEMORY.md', 'b\n');
    await record(store, 'MEMORY.md', 'a\n');
    expect(store.versionsOf('MEMORY.md').map((v) => v.hash)).toEqual([sha256('a\n'), sha256('b\n'), sha256('a\n')]);
    expect(store.usage()).toEqual({ versions: 4, blobs: 2, bytes: 4 });
    store.close();
  });

  it("retention: everything for keepAllDays, then the last of each day, then the oldest go under the size cap — never a file's newest", async () => {
    const { open, clock, dataDir, workspaceDir } = setup();
    const store = open();
    for (const [day, hour, body] of [
      [-40, 9, 'v1'],
      [-40, 10, 'v2'],
      [-40, 11, 'v3'],
      [-35, 9, 'v4'],
      [-1, 9, 'v5'],
      [0, 0, 'v6'],
    ] as const) {
      clock.now = T + day * DAY + hour * 3_600_000;
      await record(store, 'MEMORY.md', `${body}\n`);
    }
    await store.applyRetention(HistorySettingsSchema.parse({}));
    expect(store.versionsOf('MEMORY.md').map((v) => v.hash)).toEqual(
      ['v6', 'v5', 'v4', 'v3'].map((b) => sha256(`${b}\n`)),
    );

    // Size cap: 1 MB, four 400 KB versions of one file and one of another.
    const big = (c: string) => `${c.repeat(400 * 1024 - 1)}\n`;
    for (const c of ['a', 'b', 'c', 'd']) await record(store, 'memory/big.md', big(c));
    await record(store, 'memory/other.md', big('z'));
    await store.applyRetention(HistorySettingsSchema.parse({ maxMegabytes: 1 }));
    expect(store.usage().bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(store.latest('memory/big.md')!.hash).toBe(sha256(big('d')));
    expect(store.latest('memory/other.md')!.hash).toBe(sha256(big('z')));
    expect(store.latest('MEMORY.md')!.hash).toBe(sha256('v6\n'));
    // The dropped versions' bytes leave the disk once no process can still be recording them.
    const blobDir = path.join(historyDirFor(dataDir, workspaceDir), 'blobs', sha256(big('a')).slice(0, 2));
    expect(fs.existsSync(path.join(blobDir, sha256(big('a'))))).toBe(true);
    clock.now += BLOB_GRACE_MS + 1000;
    const old = new Date(clock.now - BLOB_GRACE_MS - 1000);
    fs.utimesSync(path.join(blobDir, sha256(big('a'))), old, old);
    await store.applyRetention(HistorySettingsSchema.parse({ maxMegabytes: 1 }));
    expect(fs.existsSync(path.join(blobDir, sha256(big('a'))))).toBe(false);
    store.close();
  });

  it('salvage reads past a bad page of the version log: every row a lookup by id can read is kept, and the notice counts kept and lost', async () => {
    const { open, dataDir, workspaceDir } = setup();
    let store = open();
    const total = 150;
    for (let i = 1; i <= total; i++) await record(store, `memory/n${String(i).padStart(3, '0')}.md`, `note ${i}\n`);
    store.close();
    // Garble one leaf page of the versions table in the middle (the one holding n075's row).
    const dbPath = path.join(historyDirFor(dataDir, workspaceDir), 'history.sqlite');
    const bytes = fs.readFileSync(dbPath);
    const pageSize = bytes.readUInt16BE(16);
    let bad = -1;
    for (let page = 1; page < bytes.length / pageSize; page++) {
      const at = page * pageSize;
      if (bytes[at] === 0x0d && bytes.subarray(at, at + pageSize).includes('memory/n075.md')) bad = page;
    }
    expect(bad).toBeGreaterThan(0);
    const fd = fs.openSync(dbPath, 'r+');
    fs.writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, bad * pageSize);
    fs.closeSync(fd);
    // The oracle: each id looked up on its own in the damaged file.
    const damaged = new Database(dbPath, { readonly: true });
    let readable = 0;
    for (let id = 1; id <= total; id++) {
      try {
        if (damaged.prepare('SELECT * FROM versions WHERE id = ?').get(id)) readable += 1;
      } catch {
        // on the bad page
      }
    }
    damaged.close();
    expect(readable).toBeLessThan(total);

    store = open();
    const match = /rebuilt with the (\d+) versions that could be read \((\d+) could not\)/.exec(store.notice ?? '');
    expect(match, store.notice ?? 'no notice').not.toBeNull();
    const [kept, lost] = [Number(match![1]), Number(match![2])];
    console.log(`history salvage: kept ${kept} of ${total} versions, lost ${lost} (a lookup by id reads ${readable})`);
    expect(kept).toBeGreaterThanOrEqual(readable);
    expect(kept + lost).toBe(total);
    expect(store.usage().versions).toBe(kept);
    expect((await store.bytesOf(store.latest('memory/n150.md')!)).toString()).toBe('note 150\n');
    store.close();
  });

  it('a damaged store is moved aside and rebuilt from the rows that can be read, with a notice', async () => {
    const { open, dataDir, workspaceDir } = setup();
    let store = open();
    for (let i = 1; i <= 20; i++) await record(store, `memory/n${i}.md`, `note ${i}\n`);
    store.close();
    // Garble the page of the path index: the integrity check fails, the version rows are intact.
    const dbPath = path.join(historyDirFor(dataDir, workspaceDir), 'history.sqlite');
    const probe = new Database(dbPath, { readonly: true });
    const page = (
      probe.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'versions_path'").get() as { rootpage: number }
    ).rootpage;
    const pageSize = probe.pragma('page_size', { simple: true }) as number;
    probe.close();
    const fd = fs.openSync(dbPath, 'r+');
    fs.writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
    fs.closeSync(fd);

    store = open();
    expect(store.notice).toMatch(
      /damaged .* moved aside to history\.sqlite\.damaged-.* rebuilt with the 20 versions that could be read/,
    );
    // The log line by id, in a Chinese process: the count and the file moved aside, no English sentence.
    const chinese = logText(translator('zh-CN'), store.noticeRef!);
    expect(chinese).toMatch(
      /^历史记录库已损坏（完整性检查：.*）；已移到 history\.sqlite\.damaged-.*，并用能读出的 20 个版本重建（0 个无法读出）。$/,
    );
    expect(fs.readdirSync(path.dirname(dbPath)).some((n) => n.startsWith('history.sqlite.damaged-'))).toBe(true);
    for (let i = 1; i <= 20; i++)
      expect((await store.bytesOf(store.latest(`memory/n${i}.md`)!)).toString()).toBe(`note ${i}\n`);
    await record(store, 'memory/n1.md', 'after the repair\n');
    expect(store.versionsOf('memory/n1.md')).toHaveLength(2);
    store.close();

    // Not a database at all: moved aside, a fresh store, nothing recovered but said so.
    fs.writeFileSync(dbPath, 'this is not sqlite');
    for (const suffix of ['-wal', '-shm']) fs.rmSync(dbPath + suffix, { force: true });
    store = open();
    expect(store.notice).toMatch(
      /^The history store was damaged \(the file is not a database \(SQLITE_NOTADB\)\);.* rebuilt with the 0 versions/,
    );
    expect(store.usage().versions).toBe(0);
    store.close();
  });

  it('a clock that goes backwards: versions keep the order they were seen in and are flagged', async () => {
    const { open, clock } = setup();
    const store = open();
    await record(store, 'MEMORY.md', 'one\n');
    clock.now = T - 3_600_000;
    const { version } = await record(store, 'MEMORY.md', 'two\n');
    expect(version.clockWentBack).toBe(true);
    expect(store.latest('MEMORY.md')!.hash).toBe(sha256('two\n'));
    // Asked for what changed since just before the first: both, in the order seen.
    expect(store.since(T - 1000).map((v) => v.hash)).toEqual([sha256('one\n'), sha256('two\n')]);
    // A repeat of the latest is still recognised whatever the clock says.
    expect((await record(store, 'MEMORY.md', 'two\n')).added).toBe(false);
    store.close();
  });

  it('binary and huge files are listed with the reason their bytes were not kept', async () => {
    const { open, workspaceDir } = setup();
    const store = open();
    const binary = path.join(workspaceDir, 'image.md');
    fs.writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    const huge = path.join(workspaceDir, 'huge.md');
    fs.writeFileSync(huge, 'x'.repeat(3 * 1024 * 1024));
    const readBinary = await readForHistory(binary, fs.statSync(binary), 10 * 1024 * 1024);
    expect(readBinary).toMatchObject({ bytes: null, skipped: 'a binary file (it contains NUL bytes)', size: 6 });
    const readHuge = await readForHistory(huge, fs.statSync(huge), 2 * 1024 * 1024);
    expect(readHuge).toMatchObject({
      bytes: null,
      hash: sha256(fs.readFileSync(huge)),
      skipped: 'too large to keep (3.0 MB; history keeps files up to 2.0 MB)',
    });
    const { version } = await store.record({
      path: 'huge.md',
      kind: 'external',
      bytes: null,
      hash: readHuge.hash,
      size: readHuge.size,
      skipped: readHuge.skipped,
      mtimeMs: null,
    });
    expect(store.usage().bytes).toBe(0);
    await expect(store.bytesOf(version)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('was not kept: too large'),
    });
    store.close();
  });

  it('two app instances on one workspace: both record, nothing is lost or doubled', async () => {
    const { open } = setup();
    const a = open();
    const b = open();
    for (let i = 0; i < 30; i++) {
      // Each records its own files while both see the same outside edit of MEMORY.md at once.
      await Promise.all([
        record(a, `memory/a${i % 5}.md`, `a ${i}\n`),
        record(b, `memory/b${i % 5}.md`, `b ${i}\n`),
        record(a, 'MEMORY.md', `shared ${i}\n`),
        record(b, 'MEMORY.md', `shared ${i}\n`),
      ]);
    }
    expect(a.versionsOf('memory/a0.md')).toHaveLength(6);
    expect(b.versionsOf('memory/b4.md')).toHaveLength(6);
    const shared = a.versionsOf('MEMORY.md').map((v) => v.hash);
    expect(new Set(shared).size).toBe(shared.length);
    expect(shared).toHaveLength(30);
    for (const v of b.versionsOf('memory/a3.md')) expect((await b.bytesOf(v)).toString()).toMatch(/^a \d+\n$/);
    // One instance holding the store's write lock past the busy timeout: the other gets a typed error, nothing half-written.
    const holder = new Database(path.join(a.dir, 'history.sqlite'));
    holder.pragma('busy_timeout = 0');
    holder.exec('BEGIN IMMEDIATE');
    try {
      await expect(record(b, 'MEMORY.md', 'while locked\n')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    expect(b.latest('MEMORY.md')!.hash).toBe(sha256('shared 29\n'));
    a.close();
    b.close();
  });
});

describe('line origins', () => {
  it('carry each line back to the version that introduced it, through edits and restores', async () => {
    const { lineOrigins } = await import('./line-diff.js');
    const origins = lineOrigins([
      { id: 1, text: 'a\nb\n' },
      { id: 2, text: 'a\nx\nb\n' },
      { id: 3, text: 'a\nb\n' },
      { id: 4, text: 'a\nx\nb\ny\n', restoredFrom: 2 },
    ]);
    // x came back with the restore of v2: its origin is v2; y is new in v4.
    expect(origins).toEqual([1, 2, 1, 4]);
  });
});
