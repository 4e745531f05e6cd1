import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileForChild } from './test-support/compile-for-child.js';
import { liveRebuildLock, rebuildLockPath, tryAcquireRebuildLock, waitForRebuildLock } from './rebuild-lock.js';
import type { RebuildLock } from './rebuild-lock.js';

function tempDbPath(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ml-lock-')), 'index.sqlite');
}

function writeLock(dbPath: string, owner: unknown): void {
  fs.writeFileSync(rebuildLockPath(dbPath), typeof owner === 'string' ? owner : JSON.stringify(owner));
}

function acquired(attempt: ReturnType<typeof tryAcquireRebuildLock>): RebuildLock {
  if (!('acquired' in attempt)) throw new Error(`lock held by ${JSON.stringify(attempt.heldBy)}`);
  return attempt.acquired;
}

/** A pid that certainly belongs to no running process: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
}

let sleeper: ReturnType<typeof spawn>;
beforeAll(() => {
  sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
});
afterAll(() => {
  sleeper.kill();
});

describe('rebuild lock', () => {
  it('lets one holder in at a time and names it to the next', () => {
    const dbPath = tempDbPath();
    const lock = acquired(tryAcquireRebuildLock(dbPath));
    expect(tryAcquireRebuildLock(dbPath)).toEqual({
      heldBy: expect.objectContaining({ pid: process.pid, hostname: os.hostname() }),
    });
    lock.release();
    expect(fs.existsSync(rebuildLockPath(dbPath))).toBe(false);
    acquired(tryAcquireRebuildLock(dbPath)).release();
  });

  it('waits while another live process holds it', () => {
    const dbPath = tempDbPath();
    writeLock(dbPath, { pid: sleeper.pid, hostname: os.hostname(), startedAt: Date.now() });
    expect(tryAcquireRebuildLock(dbPath)).toEqual({ heldBy: expect.objectContaining({ pid: sleeper.pid }) });
    expect(liveRebuildLock(dbPath)).not.toBeNull();
  });

  it('breaks a lock whose process is gone (a crashed rebuild) and takes it', () => {
    const dbPath = tempDbPath();
    writeLock(dbPath, { pid: deadPid(), hostname: os.hostname(), startedAt: Date.now() });
    expect(liveRebuildLock(dbPath)).toBeNull();
    const lock = acquired(tryAcquireRebuildLock(dbPath));
    expect(JSON.parse(fs.readFileSync(rebuildLockPath(dbPath), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('breaks a lock nobody refreshed for too long, even when its pid is alive (pid reuse, another host)', () => {
    const dbPath = tempDbPath();
    writeLock(dbPath, { pid: sleeper.pid, hostname: 'elsewhere', startedAt: 0 });
    const old = new Date(Date.now() - 10 * 60_000);
    fs.utimesSync(rebuildLockPath(dbPath), old, old);
    acquired(tryAcquireRebuildLock(dbPath)).release();
  });

  it('treats a young lock it cannot parse as held (its writer may still be starting)', () => {
    const dbPath = tempDbPath();
    writeLock(dbPath, '');
    expect(tryAcquireRebuildLock(dbPath)).toEqual({ heldBy: null });
  });

  it('never releases a lock that is no longer its own', () => {
    const dbPath = tempDbPath();
    const lock = acquired(tryAcquireRebuildLock(dbPath));
    writeLock(dbPath, { pid: sleeper.pid, hostname: os.hostname(), startedAt: Date.now() });
    lock.release();
    expect(liveRebuildLock(dbPath)?.owner?.pid).toBe(sleeper.pid);
  });

  it('the holder refreshes the lock while it works, so it never looks abandoned', async () => {
    const dbPath = tempDbPath();
    const timing = { heartbeatMs: 20, staleMs: 200 };
    const lock = acquired(tryAcquireRebuildLock(dbPath, timing));
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(rebuildLockPath(dbPath), old, old);
    const deadline = Date.now() + 5_000;
    while (fs.statSync(rebuildLockPath(dbPath)).mtimeMs < Date.now() - 1_000 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(liveRebuildLock(dbPath, timing)).not.toBeNull();
    lock.release();
  });

  it('waitForRebuildLock resolves when the holder releases, and stops when aborted', async () => {
    const dbPath = tempDbPath();
    const lock = acquired(tryAcquireRebuildLock(dbPath));
    let released = false;
    const waiting = waitForRebuildLock(dbPath, new AbortController().signal, 10).then(() => released);
    setTimeout(() => {
      released = true;
      lock.release();
    }, 50);
    expect(await waiting).toBe(true);

    acquired(tryAcquireRebuildLock(dbPath));
    const abort = new AbortController();
    const stopped = waitForRebuildLock(dbPath, abort.signal, 10).catch((error: unknown) => error);
    abort.abort(new Error('closing'));
    expect(await stopped).toMatchObject({ message: 'closing' });
  });

  it('exactly one of several processes racing for it wins', async () => {
    const compiled = compileForChild('electron/memory/index-lifecycle/rebuild-lock.ts');
    const dbPath = tempDbPath();
    const releaseFile = `${dbPath}.release`;
    // The winner holds the lock until every racer has tried (the test creates releaseFile then).
    const script = `
      import fs from 'node:fs';
      const { tryAcquireRebuildLock } = await import(${JSON.stringify(pathToFileURL(compiled).href)});
      const attempt = tryAcquireRebuildLock(${JSON.stringify(dbPath)});
      console.log('acquired' in attempt ? 'won' : 'lost');
      if ('acquired' in attempt) {
        while (!fs.existsSync(${JSON.stringify(releaseFile)})) await new Promise((r) => setTimeout(r, 20));
        attempt.acquired.release();
      }
    `;
    const racers = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const outcome = new Promise<string>((resolve, reject) => {
        child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
        child.on('error', reject);
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      return { outcome, exited };
    });
    const outcomes = await Promise.all(racers.map((r) => r.outcome));
    fs.writeFileSync(releaseFile, '');
    expect(await Promise.all(racers.map((r) => r.exited))).toEqual([0, 0, 0, 0]);
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'lost')).toHaveLength(3);
    expect(fs.existsSync(rebuildLockPath(dbPath))).toBe(false);
  }, 60_000);
});
