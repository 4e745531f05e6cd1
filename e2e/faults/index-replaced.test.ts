// The index file replaced or garbled under a running `memlens serve`, with nothing written
// meanwhile (issue 29): serve must notice on its own, by the file check every 2 s
// (index-lifecycle/index-file-watch.ts), not at the next write. SQLite keeps answering from the
// inode it holds, so without that check a garbled or swapped file went unnoticed until a save.
// Each case logs how long serve took; the bound only catches "never".
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexStatus, SearchResponse } from '../../shared/domain.js';
import {
  eventually,
  runMemlens,
  startServeChild,
  tempWorkspace,
  type ServeChild,
  type TempDirs,
} from './support/fault-kit.js';

/** Far above the documented 2 s, for a loaded machine: the old behaviour never noticed at all. */
const NOTICE_BOUND_MS = 30_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The one index file under a data folder (`indexes/<workspace key>/index.sqlite`). */
function indexFile(dataDir: string): string {
  const root = path.join(dataDir, 'indexes');
  const [folder] = fs.readdirSync(root);
  return path.join(root, folder!, 'index.sqlite');
}

async function servedWorkspace(prefix: string): Promise<{ dir: TempDirs; serve: ServeChild; dbPath: string }> {
  const dir = tempWorkspace(prefix, {
    'MEMORY.md': '# Memory\n\nThe quokka keeps the spare keys.\n',
    'memory/2026-12-01.md': '# 2026-12-01\n\nThe router was moved to the hall.\n',
  });
  cleanups.push(() => dir.cleanup());
  const serve = await startServeChild(dir);
  cleanups.push(async () => {
    serve.kill('SIGKILL');
    await serve.exited();
  });
  await eventually(async () => {
    const status = (await serve.call<IndexStatus>('status')).result!;
    expect(status).toMatchObject({ files: 2, lifecycle: { state: 'serving' } });
    expect(status.lastSyncAt).not.toBeNull();
  }, 60_000);
  return { dir, serve, dbPath: indexFile(dir.dataDir) };
}

/** Paths of memory files the index file on disk holds chunks of (read-only, beside serve). */
function pathsOnDisk(dbPath: string): string[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT DISTINCT path FROM chunks ORDER BY path').pluck().all() as string[]).filter(Boolean);
  } finally {
    db.close();
  }
}

const damagedCopies = (dbPath: string) =>
  fs
    .readdirSync(path.dirname(dbPath))
    .filter((name) => name.startsWith('index.sqlite.damaged-') && !/-(wal|shm)$/.test(name));

/** Whether serve still holds the file that was at the index path before it was renamed over (Linux /proc). */
function holdsDeletedIndex(pid: number): boolean {
  const fds = `/proc/${pid}/fd`;
  return fs.readdirSync(fds).some((fd) => {
    const target = fs.readlinkSync(path.join(fds, fd), { encoding: 'utf8' }) as string;
    return /index\.sqlite \(deleted\)$/.test(target);
  });
}

async function found(serve: ServeChild, query: string): Promise<string[]> {
  const response = (await serve.call<SearchResponse>('search', { query, minScore: 0 })).result!;
  return response.results.map((r) => r.path);
}

/** Runs `act`, then waits for `noticed`; returns the milliseconds between them. */
async function timeToNotice(act: () => void, noticed: () => void | Promise<void>): Promise<number> {
  const started = performance.now();
  act();
  await eventually(noticed, NOTICE_BOUND_MS, 20);
  return Math.round(performance.now() - started);
}

describe('memlens serve: the index file changed under it, nothing written meanwhile', () => {
  it('garbled in place: moved aside, rebuilt from the files, and status says so', async () => {
    const { serve, dbPath } = await servedWorkspace('index-garbled');
    const ms = await timeToNotice(
      () => fs.writeFileSync(dbPath, Buffer.alloc(64 * 1024, 0x5a)),
      () => expect(damagedCopies(dbPath)).toHaveLength(1),
    );
    console.log(`serve noticed an index garbled in place after ${ms} ms (check every 2,000 ms)`);
    await eventually(async () => {
      const status = (await serve.call<IndexStatus>('status')).result!;
      expect(status.lifecycle.state).toBe('serving');
      expect(status.errors.map((e) => e.message).join('\n')).toMatch(/not a database.*moved to .*damaged-/);
    }, NOTICE_BOUND_MS);
    expect(await found(serve, 'quokka')).toEqual(['MEMORY.md']);
    expect(pathsOnDisk(dbPath)).toEqual(['MEMORY.md', 'memory/2026-12-01.md']);
  });

  it('replaced by a garbled file (renamed over it): moved aside and rebuilt', async () => {
    const { serve, dbPath } = await servedWorkspace('index-renamed-garbage');
    const ms = await timeToNotice(
      () => {
        fs.writeFileSync(`${dbPath}.incoming`, Buffer.from('not an index, copied over it. '.repeat(1000)));
        fs.renameSync(`${dbPath}.incoming`, dbPath);
      },
      () => expect(damagedCopies(dbPath)).toHaveLength(1),
    );
    console.log(`serve noticed an index replaced by a garbled file after ${ms} ms (check every 2,000 ms)`);
    await eventually(async () => expect(pathsOnDisk(dbPath)).toEqual(['MEMORY.md', 'memory/2026-12-01.md']));
    expect(await found(serve, 'router')).toEqual(['memory/2026-12-01.md']);
  });

  it("replaced by another workspace's valid index: adopted and brought back to this workspace's files", async () => {
    const { serve, dbPath } = await servedWorkspace('index-replaced');
    const other = tempWorkspace('index-other', { 'MEMORY.md': '# Other\n\nThe wombat lives elsewhere.\n' });
    cleanups.push(() => other.cleanup());
    const indexed = await runMemlens(['index', '--workspace', other.workspace, '--data-dir', other.dataDir], {
      home: other.root,
    });
    expect(indexed.code, indexed.output).toBe(0);
    const otherDb = indexFile(other.dataDir);
    for (const side of ['-wal', '-shm']) fs.rmSync(otherDb + side, { force: true });
    expect(pathsOnDisk(otherDb)).toEqual(['MEMORY.md']);

    const ms = await timeToNotice(
      () => fs.renameSync(otherDb, dbPath),
      // Adopted: serve let go of the file it served, which lives on only as its open descriptor.
      () => expect(holdsDeletedIndex(serve.process.pid!)).toBe(false),
    );
    console.log(`serve adopted an index replaced by another valid one after ${ms} ms (check every 2,000 ms)`);
    // The catch-up pass brings the adopted file to this workspace's files.
    await eventually(async () => {
      expect(await found(serve, 'wombat')).toEqual([]);
      expect(await found(serve, 'quokka')).toEqual(['MEMORY.md']);
      expect((await serve.call<IndexStatus>('status')).result!.files).toBe(2);
    });
    expect(damagedCopies(dbPath)).toEqual([]);
  });
});
