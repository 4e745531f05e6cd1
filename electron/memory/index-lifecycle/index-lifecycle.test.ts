// The lifecycle's state machine on real index files in temp folders: each test drives one path
// through it (stale → rebuilding → serving, damaged → recovering → serving, …) and checks what a
// user would see on the way — states, notices, errors, the files on disk.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IndexLifecycleState, SearchResponse } from '../../../shared/domain.js';
import { CHUNKER_VERSION } from '../chunk/chunker.js';
import { openIndexDb } from '../index/index-db.js';
import type { ExpectedIndexMeta } from '../index/index-db.js';
import { SCHEMA_VERSION } from '../index/schema.js';
import { createSearchContext, emptySearchResponse } from '../search-context.js';
import { runSearch } from '../search/run/run-search.js';
import { syncIndex } from '../sync/sync.js';
import { FileWriter } from '../index/file-writer.js';
import { IndexLifecycle } from './index-lifecycle.js';
import type { LiveIndexHooks } from './live-index.js';
import { rebuildLockPath } from './rebuild-lock.js';
import { eventually } from './test-support/eventually.js';
import { WorkspaceScope } from '../workspace/workspace-scope.js';
import { modeReasons } from '../../../shared/mode-reasons.js';

const EXPECTED: ExpectedIndexMeta = { schemaVersion: SCHEMA_VERSION, chunkerVersion: CHUNKER_VERSION, embedding: null };

const FILES: Record<string, string> = {
  'MEMORY.md': '# Memory\n\nThe user prefers tea over coffee.\n',
  'memory/2026-05-04.md': '# 2026-05-04\n\nThe router firmware was updated.\n',
};

interface Opened {
  lifecycle: IndexLifecycle;
  /** Every state the lifecycle reported, in order (repeats collapsed). */
  states: IndexLifecycleState[];
}

const open: IndexLifecycle[] = [];
afterEach(async () => {
  for (const lifecycle of open.splice(0)) await lifecycle.close();
});

function workspace(files: Record<string, string> = FILES): { workspace: string; dbPath: string; root: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-lifecycle-'));
  const dir = path.join(root, 'workspace');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return { workspace: dir, dbPath: path.join(root, 'data', 'index.sqlite'), root };
}

interface OpenOptions {
  fileCheckIntervalMs?: number;
  lockPollMs?: number;
  liveIndex?: LiveIndexHooks;
  /** Called synchronously whenever the lifecycle reports a status change. */
  onStatus?: (lifecycle: IndexLifecycle) => void;
}

function openLifecycle(
  ws: { workspace: string; dbPath: string; root: string },
  { onStatus, ...options }: OpenOptions = {},
): Opened {
  const states: IndexLifecycleState[] = [];
  let lifecycle: IndexLifecycle | null = null;
  const note = (): void => {
    if (!lifecycle) return;
    if (states.at(-1) !== lifecycle.state) states.push(lifecycle.state);
    onStatus?.(lifecycle);
  };
  lifecycle = IndexLifecycle.open({
    dbPath: ws.dbPath,
    expected: EXPECTED,
    embedder: null,
    scope: new WorkspaceScope({
      workspaceDir: ws.workspace,
      sessionDirs: [],
      extraPaths: [],
      openclawHome: path.join(ws.root, 'openclaw'),
    }),
    hooks: {
      onProgress: () => undefined,
      onSyncedQuietly: () => undefined,
      onDidWrite: () => undefined,
      onDidChangeStatus: note,
    },
    ...options,
  });
  note();
  open.push(lifecycle);
  return { lifecycle, states };
}

function search(lifecycle: IndexLifecycle, query: string): Promise<SearchResponse> {
  return lifecycle.reads.search(
    (index, session) =>
      runSearch(createSearchContext({ index, session, embedder: null, modeReason: modeReasons.off() }), {
        query,
        minScore: 0,
      }),
    () => emptySearchResponse(null, modeReasons.off()),
  );
}

const paths = async (lifecycle: IndexLifecycle, query: string): Promise<string[]> =>
  (await search(lifecycle, query)).results.map((r) => r.path);
/** The lifecycle's notices (a keyword-only notice may come along too; it is not the lifecycle's). */
const notices = async (lifecycle: IndexLifecycle, query: string): Promise<string[]> =>
  (await search(lifecycle, query)).notices.map((n) => n.code).filter((code) => code === 'index-building');

/** An index of `ws` built by an earlier run, then closed. */
async function builtIndex(ws: { workspace: string; dbPath: string; root: string }): Promise<void> {
  const { lifecycle } = openLifecycle(ws);
  await lifecycle.sync(false);
  await lifecycle.close();
}

/** A complete, current index of `ws` that another process built beside the served one; returns its path. */
async function rebuiltElsewhere(ws: { workspace: string; dbPath: string; root: string }): Promise<string> {
  const other = openIndexDb(`${ws.dbPath}.other`, { expected: EXPECTED, fresh: true });
  await syncIndex(
    { db: other.db, writer: new FileWriter(other.db) },
    {
      scope: new WorkspaceScope({
        workspaceDir: ws.workspace,
        sessionDirs: [],
        extraPaths: [],
        openclawHome: path.join(ws.root, 'oc'),
      }),
    },
  );
  other.close();
  return other.path;
}

let sleeper: ReturnType<typeof spawn>;
beforeAll(() => {
  // Stands in for another Memory Lens process holding the rebuild lock.
  sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
});
afterAll(() => {
  sleeper.kill();
});

describe('IndexLifecycle: serving and rebuilding', () => {
  it('serves a matching index: no notice, nothing to rebuild', async () => {
    const ws = workspace();
    const { lifecycle, states } = openLifecycle(ws);
    await lifecycle.sync(false);
    expect(states).toEqual(['serving']);
    expect(lifecycle.status).toEqual({ state: 'serving', reason: null });
    expect(await paths(lifecycle, 'tea')).toEqual(['MEMORY.md']);
    expect(await notices(lifecycle, 'tea')).toEqual([]);
  });

  it('stale → rebuilding → serving: the old index answers, with a notice, until the swap', async () => {
    const ws = workspace();
    await builtIndex(ws);
    const db = new Database(ws.dbPath);
    db.prepare("UPDATE meta SET value = '0' WHERE key = 'chunker_version'").run();
    db.close();

    const { lifecycle, states } = openLifecycle(ws);
    expect(lifecycle.status).toMatchObject({ state: 'stale', reason: expect.stringMatching(/chunker version 0/) });
    expect(await paths(lifecycle, 'tea')).toEqual(['MEMORY.md']);
    expect(await notices(lifecycle, 'tea')).toEqual(['index-building']);
    await lifecycle.sync(false);
    expect(states).toEqual(['stale', 'rebuilding', 'serving']);
    expect(await notices(lifecycle, 'tea')).toEqual([]);
    expect(fs.existsSync(`${ws.dbPath}.next`)).toBe(false);
    expect(fs.existsSync(rebuildLockPath(ws.dbPath))).toBe(false);
  });

  it('a dropped table with valid meta is stale, not fatal: it answers nothing with a notice, then rebuilds', async () => {
    const ws = workspace();
    await builtIndex(ws);
    const db = new Database(ws.dbPath);
    db.exec('DROP TABLE chunks_fts');
    db.close();

    const { lifecycle, states } = openLifecycle(ws);
    expect(lifecycle.status).toMatchObject({
      state: 'stale',
      reason: expect.stringMatching(/missing tables chunks_fts/),
    });
    const before = await search(lifecycle, 'tea');
    expect(before.results).toEqual([]);
    expect(before.notices.map((n) => n.code)).toEqual(['index-building']);
    // A single-file write cannot go into it; the rebuild picks the file up instead of failing.
    expect(await lifecycle.reindexPath('MEMORY.md')).toMatchObject({ change: 'unchanged' });
    await lifecycle.sync(false);
    expect(states).toEqual(['stale', 'rebuilding', 'serving']);
    expect(await paths(lifecycle, 'tea')).toEqual(['MEMORY.md']);
  });

  it('waits for another process holding the rebuild lock and serves what it swaps in, without rebuilding twice', async () => {
    const ws = workspace();
    await builtIndex(ws);
    const db = new Database(ws.dbPath);
    db.prepare("UPDATE meta SET value = '0' WHERE key = 'chunker_version'").run();
    db.close();
    fs.writeFileSync(
      rebuildLockPath(ws.dbPath),
      JSON.stringify({ pid: sleeper.pid, hostname: os.hostname(), startedAt: Date.now() }),
    );

    const { lifecycle, states } = openLifecycle(ws, { lockPollMs: 20 });
    const syncing = lifecycle.sync(false);
    await eventually(() =>
      expect(lifecycle.status.reason).toMatch(new RegExp(`pid ${sleeper.pid}\\) is rebuilding it`)),
    );
    expect(lifecycle.state).toBe('rebuilding');
    expect(await notices(lifecycle, 'tea')).toEqual(['index-building']);

    // The "other process" finishes: a complete index renamed over the stale one, then the lock released.
    fs.renameSync(await rebuiltElsewhere(ws), ws.dbPath);
    fs.rmSync(rebuildLockPath(ws.dbPath));

    const report = await syncing;
    expect(report.filesIndexed).toBe(0);
    expect(states).toEqual(['stale', 'rebuilding', 'serving']);
    expect(await paths(lifecycle, 'tea')).toEqual(['MEMORY.md']);
    expect(await notices(lifecycle, 'tea')).toEqual([]);
  });

  it('a rebuild another process swaps in while this one opens the stale index is served, not rebuilt a second time', async () => {
    const ws = workspace();
    await builtIndex(ws);
    const db = new Database(ws.dbPath);
    db.prepare("UPDATE meta SET value = '0' WHERE key = 'chunker_version'").run();
    db.close();
    const rebuilt = await rebuiltElsewhere(ws);

    // The other process renames its rebuild over the path after SQLite has opened the stale file.
    let swapped = false;
    const { lifecycle, states } = openLifecycle(ws, {
      liveIndex: {
        afterIndexOpen: (dbPath) => {
          if (swapped) return;
          swapped = true;
          fs.renameSync(rebuilt, dbPath);
        },
      },
    });
    expect(swapped).toBe(true);
    expect(lifecycle.status).toEqual({ state: 'serving', reason: null });
    expect(await notices(lifecycle, 'tea')).toEqual([]);

    const report = await lifecycle.sync(false);
    expect(report.filesIndexed).toBe(0);
    expect(states).toEqual(['serving']);
    expect(await paths(lifecycle, 'tea')).toEqual(['MEMORY.md']);
  });
});

describe('IndexLifecycle: damage and recovery', () => {
  it('quarantined at open → recovering: the first search says the index is being rebuilt, not just "0 results"', async () => {
    const ws = workspace();
    fs.mkdirSync(path.dirname(ws.dbPath), { recursive: true });
    fs.writeFileSync(ws.dbPath, 'not a database, just bytes '.repeat(100));
    const { lifecycle, states } = openLifecycle(ws);
    expect(lifecycle.status).toMatchObject({ state: 'recovering', reason: expect.stringMatching(/bad header/) });
    const right = await search(lifecycle, 'tea');
    expect(right.results).toEqual([]);
    expect(right.notices).toContainEqual(
      expect.objectContaining({
        code: 'index-building',
        message: expect.stringMatching(/being rebuilt from the files .*incomplete/),
      }),
    );
    await lifecycle.sync(false);
    expect(states).toEqual(['recovering', 'serving']);
    expect(await paths(lifecycle, 'tea')).toEqual(['MEMORY.md']);
    expect(await notices(lifecycle, 'tea')).toEqual([]);
  });

  it('a file deleted while serving: damaged → recovering → serving on its own, searchable again, never writing to the unlinked file', async () => {
    const ws = workspace();
    // A search issued the moment the damage is noticed: what a user searching right then sees.
    const searchesWhileDamaged: Promise<SearchResponse>[] = [];
    const { lifecycle, states } = openLifecycle(ws, {
      fileCheckIntervalMs: 50,
      onStatus: (l) =>
        l.state === 'damaged' && searchesWhileDamaged.length === 0 && searchesWhileDamaged.push(search(l, 'tea')),
    });
    await lifecycle.sync(false);
    fs.rmSync(ws.dbPath);

    await eventually(() => expect(states).toEqual(['serving', 'damaged', 'recovering', 'serving']));
    const during = await searchesWhileDamaged[0]!;
    expect(during.results).toEqual([]);
    expect(during.notices[0]?.message).toMatch(/damaged \(the index file was deleted\)/);
    expect(lifecycle.errorList().at(-1)?.message).toMatch(
      /damaged \(the index file was deleted\).*being rebuilt from the files/,
    );
    expect(fs.existsSync(ws.dbPath)).toBe(true);
    expect(await paths(lifecycle, 'tea')).toEqual(['MEMORY.md']);
    // A write after recovery lands in the file on disk, not in the deleted one.
    fs.appendFileSync(path.join(ws.workspace, 'MEMORY.md'), 'Walruses visited.\n');
    await lifecycle.reindexPath('MEMORY.md');
    const reader = new Database(ws.dbPath, { readonly: true });
    expect(reader.prepare("SELECT count(*) FROM chunks WHERE text LIKE '%Walruses%'").pluck().get()).toBe(1);
    reader.close();
  });

  it('a file overwritten in place with garbage: moved aside, rebuilt, searchable again', async () => {
    const ws = workspace();
    const { lifecycle, states } = openLifecycle(ws, { fileCheckIntervalMs: 50 });
    await lifecycle.sync(false);
    fs.writeFileSync(ws.dbPath, Buffer.alloc(64 * 1024, 0x5a));

    await eventually(() => expect(states.slice(-3)).toEqual(['damaged', 'recovering', 'serving']));
    const aside = fs
      .readdirSync(path.dirname(ws.dbPath))
      .find((name) => name.startsWith('index.sqlite.damaged-') && !/-(wal|shm)$/.test(name));
    expect(fs.readFileSync(path.join(path.dirname(ws.dbPath), aside!))).toEqual(Buffer.alloc(64 * 1024, 0x5a));
    expect(lifecycle.errorList().at(-1)?.message).toMatch(/not a database.*moved to .*index\.sqlite\.damaged-/);
    expect(await paths(lifecycle, 'tea')).toEqual(['MEMORY.md']);
  });

  it('a file replaced by another valid index is adopted, not quarantined', async () => {
    const ws = workspace();
    const { lifecycle, states } = openLifecycle(ws, { fileCheckIntervalMs: 50 });
    await lifecycle.sync(false);
    const other = openIndexDb(`${ws.dbPath}.other`, { expected: EXPECTED, fresh: true });
    other.close();
    fs.renameSync(`${ws.dbPath}.other`, ws.dbPath);

    // The empty replacement is served, then filled by the catch-up pass that adopting it queues.
    await eventually(async () => expect(await paths(lifecycle, 'tea')).toEqual(['MEMORY.md']));
    expect(states).toEqual(['serving']);
    expect(lifecycle.errorList()).toEqual([]);
    expect(fs.readdirSync(path.dirname(ws.dbPath)).some((name) => name.includes('corrupt'))).toBe(false);
  });

  it('SQLite damage met by a read turns into recovery and a typed error, never a raw SQLite one', async () => {
    const ws = workspace();
    const { lifecycle, states } = openLifecycle(ws);
    await lifecycle.sync(false);
    const failure = (() => {
      try {
        lifecycle.reads.read(() => {
          throw Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
        });
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toMatchObject({ code: 'INDEX_CORRUPT' });
    expect(lifecycle.state === 'damaged' || lifecycle.state === 'recovering').toBe(true);
    await eventually(() => expect(lifecycle.state).toBe('serving'));
    expect(states).toEqual(['serving', 'damaged', 'recovering', 'serving']);
    expect(await paths(lifecycle, 'tea')).toEqual(['MEMORY.md']);
  });
});

describe('IndexLifecycle: newer schema, errors, close', () => {
  it('leaves an index from a newer version untouched and serves its own side file, saying so', async () => {
    const ws = workspace();
    await builtIndex(ws);
    const db = new Database(ws.dbPath);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(SCHEMA_VERSION + 1));
    db.close();
    const bytes = fs.readFileSync(ws.dbPath);

    const { lifecycle } = openLifecycle(ws);
    expect(lifecycle.dbPath).toBe(`${ws.dbPath}.schema-${SCHEMA_VERSION}`);
    await lifecycle.sync(false);
    expect(await paths(lifecycle, 'tea')).toEqual(['MEMORY.md']);
    expect(lifecycle.status).toMatchObject({
      state: 'serving',
      reason: expect.stringMatching(/written by a newer Memory Lens \(schema version \d+.*left untouched/),
    });
    expect(lifecycle.errorList()[0]?.message).toMatch(/newer Memory Lens/);
    await lifecycle.close();
    expect(fs.readFileSync(ws.dbPath).equals(bytes)).toBe(true);

    // The next start goes straight to its side file: nothing to rebuild.
    const again = openLifecycle(ws);
    expect(again.lifecycle.status.state).toBe('serving');
    expect(await paths(again.lifecycle, 'tea')).toEqual(['MEMORY.md']);
  });

  it('keeps only the latest 50 engine errors', () => {
    const { lifecycle } = openLifecycle(workspace());
    for (let i = 0; i < 120; i++) lifecycle.recordError('MEMORY.md', `failure ${i}`);
    const errors = lifecycle.errorList();
    expect(errors).toHaveLength(50);
    expect(errors[0]?.message).toBe('failure 70');
    expect(errors.at(-1)?.message).toBe('failure 119');
  });

  it('closed is final: no state change reported after it', async () => {
    const { lifecycle, states } = openLifecycle(workspace());
    await lifecycle.close();
    expect(lifecycle.state).toBe('closed');
    expect(states).toEqual(['serving']);
  });
});
