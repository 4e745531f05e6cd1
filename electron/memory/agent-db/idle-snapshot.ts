// OpenClaw's database in WAL mode with no `-wal` beside it (the gateway is not running, or closed
// cleanly): SQLite, even read-only, would create `-wal` (0 B) and `-shm` (32 KB) in OpenClaw's
// state folder and leave them (measured: docs/data-safety.md). `immutable=1` needs URI filenames,
// which this better-sqlite3 build lacks, and deleting those files afterwards could pull `-shm`
// from under a gateway that started meanwhile. So in that state we read a copy in our own temp
// folder, marked rollback-journal in its header so SQLite creates nothing beside the copy either.
// With `-wal` present the gateway owns the files and the live database is read as before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What the source looked like when copied: any change (or a `-wal` appearing) makes the copy stale. */
interface SourceStamp {
  ino: number;
  size: number;
  mtimeMs: number;
}

export interface IdleSnapshot {
  /** The copy to open read-only. */
  path: string;
  /** True once the source changed or the gateway started (a `-wal` appeared): read it again. */
  isStale(): boolean;
  remove(): void;
}

const COPY_ATTEMPTS = 3;

/** Header bytes 18 and 19 (file format write/read version): 2 means WAL, 1 rollback journal. */
export function isWalModeFile(dbPath: string): boolean {
  const header = Buffer.alloc(20);
  const fd = fs.openSync(dbPath, 'r');
  try {
    if (fs.readSync(fd, header, 0, 20, 0) < 20) return false;
  } finally {
    fs.closeSync(fd);
  }
  return header.toString('latin1', 0, 16) === 'SQLite format 3\0' && (header[18] === 2 || header[19] === 2);
}

/** A copy of `dbPath` to read instead of it, or null when the live file is to be opened. */
export function idleSnapshotOf(dbPath: string): IdleSnapshot | null {
  if (fs.existsSync(`${dbPath}-wal`) || !isWalModeFile(dbPath)) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-lens-agent-db-'));
  const copy = path.join(dir, path.basename(dbPath));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    for (let attempt = 0; attempt < COPY_ATTEMPTS; attempt++) {
      const before = stampOf(dbPath);
      fs.copyFileSync(dbPath, copy);
      // The gateway writes the main file only when it checkpoints, with `-wal` present: an unchanged
      // stamp and still no `-wal` after the copy mean the copy is whole.
      if (!sameStamp(before, stampOf(dbPath)) || fs.existsSync(`${dbPath}-wal`)) continue;
      markRollbackJournal(copy);
      return {
        path: copy,
        isStale: () => fs.existsSync(`${dbPath}-wal`) || !sameStamp(before, stampOf(dbPath)),
        remove,
      };
    }
  } catch (error) {
    remove();
    throw error;
  }
  remove();
  return null; // Changing under every copy: the gateway is at work, and its files are there to use.
}

function markRollbackJournal(copy: string): void {
  const fd = fs.openSync(copy, 'r+');
  try {
    fs.writeSync(fd, Buffer.from([1, 1]), 0, 2, 18);
  } finally {
    fs.closeSync(fd);
  }
}

function stampOf(file: string): SourceStamp | null {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? { ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs } : null;
}

function sameStamp(a: SourceStamp | null, b: SourceStamp | null): boolean {
  return a !== null && b !== null && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}
