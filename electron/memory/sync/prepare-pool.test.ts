import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { generateSyntheticWorkspace } from '../../../bench/synthetic-workspace.js';
import { FileWriter } from '../index/file-writer.js';
import { openIndexDb } from '../index/index-db.js';
import type { IndexDb } from '../index/index-db.js';
import { SCHEMA_VERSION } from '../index/schema.js';
import type { DiscoveredFile } from '../workspace/discover.js';
import { prepareForIndex } from './prepare-file.js';
import { PreparePool, WORKER_MIN_BYTES } from './prepare-pool.js';
import { syncIndex } from './sync.js';
import { WorkspaceScope } from '../workspace/workspace-scope.js';

const opened: IndexDb[] = [];
const pools: PreparePool[] = [];
afterEach(async () => {
  for (const index of opened.splice(0)) index.close();
  for (const pool of pools.splice(0)) await pool.close();
});

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'ml-prepare-'));
}

/** A synthetic workspace (zh/en notes, dated files, sessions) plus the awkward cases. */
function workspaceWithEdgeCases(): string {
  const dir = path.join(tempDir(), 'ws');
  generateSyntheticWorkspace({ dir, files: 90, seed: 7 });
  fs.writeFileSync(
    path.join(dir, 'memory', 'bom.md'),
    '\uFEFF---\ntitle: 带 BOM 的笔记\ntags: [a, b]\n---\n# Heading\r\nCRLF line 合同金额\r\n',
  );
  fs.writeFileSync(
    path.join(dir, 'memory', 'invalid-utf8.md'),
    Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x41, 0x0a, 0xe4, 0xb8]),
  );
  fs.writeFileSync(path.join(dir, 'memory', 'bad-frontmatter.md'), '---\ntitle: [unclosed\n---\nbody 正文\n');
  fs.writeFileSync(path.join(dir, 'memory', 'empty.md'), '');
  return dir;
}

/** Indexes `workspace` in-thread (pool null) or with `pool`, into a fresh index. */
function indexWith(
  workspace: string,
  pool: PreparePool | null,
): Promise<{ index: IndexDb; report: Awaited<ReturnType<typeof syncIndex>> }> {
  const root = tempDir();
  const index = openIndexDb(path.join(root, 'index.sqlite'), {
    expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: 1, embedding: null },
  });
  opened.push(index);
  return syncIndex(
    { db: index.db, writer: new FileWriter(index.db) },
    {
      scope: new WorkspaceScope({ workspaceDir: workspace, openclawHome: path.join(root, 'oc') }),
      pool,
    },
  ).then((report) => ({ index, report }));
}

/** A pool whose worker is up, so the sync really hands it files. */
async function readyPool(): Promise<PreparePool> {
  const pool = PreparePool.start(1);
  expect(pool).not.toBeNull(); // the compiled worker is there
  pools.push(pool!);
  await pool!.whenReady();
  return pool!;
}

/** Every row the index holds for the files, minus write timestamps. */
function tables(index: IndexDb): unknown {
  const { db } = index;
  return {
    files: db
      .prepare(
        `SELECT path, source, abs_path, hash, mtime_ms, size, kind, date, date_source, date_epoch_ms, index_state,
                              index_error, malformed_lines, chunk_count, embedded, metadata FROM files ORDER BY path`,
      )
      .all(),
    chunks: db
      .prepare(
        `SELECT c.id, c.path, c.source, c.start_line, c.end_line, c.hash, c.text, f.text_seg
                        FROM chunks c JOIN chunks_fts f ON f.rowid = c.rowid ORDER BY c.id`,
      )
      .all(),
  };
}

describe('bulk sync in a worker thread', () => {
  it('indexes a workspace into exactly the same rows as the in-thread path', async () => {
    const workspace = workspaceWithEdgeCases();
    const inThread = await indexWith(workspace, null);
    const inWorker = await indexWith(workspace, await readyPool());
    expect(inWorker.report).toMatchObject({
      filesIndexed: inThread.report.filesIndexed,
      filesFailed: 0,
      chunksWritten: inThread.report.chunksWritten,
    });
    expect(inThread.report.filesIndexed).toBeGreaterThan(90);
    expect(inThread.report.filesPreparedOffThread).toBe(0);
    expect(inWorker.report.filesPreparedOffThread).toBeGreaterThan(0);
    const expected = tables(inThread.index) as { chunks: { text_seg: string }[] };
    expect(expected.chunks.some((chunk) => /[\u4e00-\u9fff]/.test(chunk.text_seg))).toBe(true);
    expect(tables(inWorker.index)).toEqual(expected);
  });

  it('stops a worker-backed sync on abort, leaving every written file complete', async () => {
    const workspace = path.join(tempDir(), 'ws');
    generateSyntheticWorkspace({ dir: workspace, files: 200, seed: 3 });
    const root = tempDir();
    const index = openIndexDb(path.join(root, 'index.sqlite'), {
      expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: 1, embedding: null },
    });
    opened.push(index);
    const abort = new AbortController();
    const run = syncIndex(
      { db: index.db, writer: new FileWriter(index.db) },
      {
        scope: new WorkspaceScope({ workspaceDir: workspace, openclawHome: path.join(root, 'oc') }),
        pool: await readyPool(),
        signal: abort.signal,
        onProgress: (progress) => {
          if (progress.phase === 'indexing' && progress.filesDone >= 40) abort.abort();
        },
      },
    );
    await expect(run).rejects.toThrow();
    const indexed = index.db
      .prepare("SELECT count(*) FROM files WHERE index_state = 'indexed'")
      .pluck()
      .get() as number;
    expect(indexed).toBeGreaterThan(0);
    expect(indexed).toBeLessThan(200);
    const mismatched = index.db
      .prepare(
        'SELECT count(*) FROM files f WHERE chunk_count != (SELECT count(*) FROM chunks c WHERE c.path = f.path)',
      )
      .pluck()
      .get();
    expect(mismatched).toBe(0);
  });

  it('never waits for a worker that has not started: the sync prepares everything itself', async () => {
    const workspace = path.join(tempDir(), 'ws');
    generateSyntheticWorkspace({ dir: workspace, files: 120, seed: 9 });
    // A worker that loads but never says it is ready (a start-up slower than the whole sync).
    const silent = path.join(tempDir(), 'silent-worker.mjs');
    fs.writeFileSync(
      silent,
      "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => {});\n",
    );
    const pool = PreparePool.start(1, pathToFileURL(silent))!;
    pools.push(pool);
    const inThread = await indexWith(workspace, null);
    const waited = await indexWith(workspace, pool);
    expect(waited.report.filesPreparedOffThread).toBe(0);
    expect(waited.report.filesIndexed).toBe(inThread.report.filesIndexed);
    expect(tables(waited.index)).toEqual(tables(inThread.index));
  });

  it('starts a worker only for work worth its start-up', async () => {
    expect(PreparePool.forSync(WORKER_MIN_BYTES - 1, 1, undefined, 2)).toBeNull();
    expect(PreparePool.forSync(10 * WORKER_MIN_BYTES, 0, undefined, 2)).toBeNull();
    // One core: the worker would only take turns with the thread that writes.
    expect(PreparePool.forSync(10 * WORKER_MIN_BYTES, 1, undefined, 1)).toBeNull();
    // How busy the machine is does not decide it (the sync never waits for the worker).
    const pool = PreparePool.forSync(WORKER_MIN_BYTES, 1, undefined, 2);
    expect(pool).not.toBeNull();
    pools.push(pool!);
    // 50 small files, the size at which a worker used to cost ~200 ms: no worker now.
    const workspace = path.join(tempDir(), 'ws');
    generateSyntheticWorkspace({ dir: workspace, files: 50, seed: 4 });
    const root = tempDir();
    const index = openIndexDb(path.join(root, 'index.sqlite'), {
      expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: 1, embedding: null },
    });
    opened.push(index);
    const report = await syncIndex(
      { db: index.db, writer: new FileWriter(index.db) },
      { scope: new WorkspaceScope({ workspaceDir: workspace, openclawHome: path.join(root, 'oc') }) },
    );
    expect(report.filesIndexed).toBe(50);
    expect(report.filesPreparedOffThread).toBe(0);
  });

  it('gives the same prepared file as the main thread, FTS text included', async () => {
    const pool = PreparePool.start(1)!;
    pools.push(pool);
    const text = '---\ntitle: 周报\n---\n# 第一周\n合同金额是 300 万元。The QUICK brown fox.\n';
    const file: DiscoveredFile = {
      path: 'memory/2026-05-04.md',
      absPath: '/ws/memory/2026-05-04.md',
      source: 'memory',
      size: Buffer.byteLength(text),
      mtimeMs: 1,
    };
    const outcome = await pool.prepare(file, Buffer.from(text));
    expect(outcome).toEqual({ prepared: prepareForIndex(file, Buffer.from(text)) });
    expect('prepared' in outcome && outcome.prepared.ftsTexts?.[0]).toContain('合同');
  });

  it('answers a file it cannot prepare with an error, and keeps serving the next one', async () => {
    const pool = PreparePool.start(1)!;
    pools.push(pool);
    const file: DiscoveredFile = { path: 'MEMORY.md', absPath: '/ws/MEMORY.md', source: 'memory', size: 4, mtimeMs: 1 };
    const failed = await pool.prepare(file, 'not bytes' as unknown as Uint8Array);
    expect(failed).toMatchObject({ error: expect.any(String) });
    expect(await pool.prepare(file, Buffer.from('# ok'))).toMatchObject({ prepared: { chunks: [{ text: '# ok' }] } });
  });

  it('reports no pool when the compiled worker is missing, and rejects when the worker dies', async () => {
    const dir = tempDir();
    expect(PreparePool.start(1, pathToFileURL(path.join(dir, 'missing.js')))).toBeNull();
    const broken = path.join(dir, 'broken-worker.mjs');
    fs.writeFileSync(broken, "throw new Error('cannot load');\n");
    const pool = PreparePool.start(1, pathToFileURL(broken))!;
    pools.push(pool);
    const file: DiscoveredFile = { path: 'MEMORY.md', absPath: '/ws/MEMORY.md', source: 'memory', size: 4, mtimeMs: 1 };
    await expect(pool.prepare(file, Buffer.from('# ok'))).rejects.toThrow(/prepare worker/);
    await expect(pool.prepare(file, Buffer.from('# ok'))).rejects.toThrow(/no prepare worker/);
  });
});
