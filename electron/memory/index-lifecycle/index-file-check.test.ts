import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openIndexDb } from '../index/index-db.js';
import type { IndexDb } from '../index/index-db.js';
import { SCHEMA_VERSION } from '../index/schema.js';
import { checkIndexFile, holdIndexFile } from './index-file-check.js';
import type { IndexFileHandle } from './index-file-check.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const undo of cleanup.splice(0).reverse()) undo();
});

function freshIndex(): { dbPath: string; index: IndexDb; handle: IndexFileHandle } {
  const dbPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ml-file-check-')), 'index.sqlite');
  const index = openIndexDb(dbPath, {
    expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: 1, embedding: null },
  });
  const handle = holdIndexFile(dbPath)!;
  cleanup.push(() => {
    index.close();
    handle.release();
  });
  return { dbPath, index, handle };
}

/** Whether some process holds a read lock on SQLite's SHARED byte range of the file (what `close()` on a stray descriptor would drop). */
function sharedLockHeld(dbPath: string): boolean {
  // F_GETLK from another process: Node has no fcntl, Python's standard library does.
  const script =
    'import fcntl,os,sys\nfd=os.open(sys.argv[1],os.O_RDWR)\ntry:\n fcntl.lockf(fd,fcntl.LOCK_EX|fcntl.LOCK_NB,510,0x40000002)\n print("free")\nexcept OSError:\n print("held")';
  return execFileSync('python3', ['-c', script, dbPath]).toString().trim() === 'held';
}

describe('checkIndexFile', () => {
  it('sees the same file while SQLite has it open, even before the first checkpoint', () => {
    const { dbPath, index, handle } = freshIndex();
    index.db.prepare("INSERT INTO meta(key, value) VALUES ('x', 'y')").run();
    expect(checkIndexFile(dbPath, handle)).toEqual({ kind: 'same' });
  });

  it('notices a deleted file, though SQLite keeps answering from the unlinked one', () => {
    const { dbPath, index, handle } = freshIndex();
    fs.rmSync(dbPath);
    expect(index.db.prepare('SELECT count(*) AS n FROM files').get()).toEqual({ n: 0 });
    expect(checkIndexFile(dbPath, handle)).toEqual({ kind: 'missing' });
  });

  it('notices another file renamed over it', () => {
    const { dbPath, handle } = freshIndex();
    const other = path.join(path.dirname(dbPath), 'other.sqlite');
    new Database(other).exec('CREATE TABLE x(y)');
    fs.renameSync(other, dbPath);
    expect(checkIndexFile(dbPath, handle)).toEqual({ kind: 'replaced' });
  });

  it('notices the same file overwritten in place with garbage, or truncated', () => {
    const { dbPath, handle } = freshIndex();
    fs.writeFileSync(dbPath, Buffer.alloc(8192, 0x41));
    expect(checkIndexFile(dbPath, handle)).toMatchObject({
      kind: 'garbled',
      reason: { message: expect.stringMatching(/not a database/) },
    });
    fs.truncateSync(dbPath, 0);
    expect(checkIndexFile(dbPath, handle)).toMatchObject({
      kind: 'garbled',
      reason: { message: expect.stringMatching(/truncated/) },
    });
  });
});

describe.skipIf(!hasPython())('holding the index file', () => {
  it("looking at the file, again and again, never drops SQLite's locks on it", () => {
    const { dbPath, index, handle } = freshIndex();
    index.db.prepare('SELECT count(*) FROM files').get();
    expect(sharedLockHeld(dbPath)).toBe(true);
    for (let i = 0; i < 5; i++) checkIndexFile(dbPath, handle);
    // A second holder of the same file (two engines, one index) lets go first: the first keeps its locks.
    const second = holdIndexFile(dbPath)!;
    second.release();
    expect(sharedLockHeld(dbPath)).toBe(true);
  });
});

function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'import fcntl']);
    return true;
  } catch {
    console.warn('python3 with fcntl is not available: the lock test is skipped');
    return false;
  }
}
