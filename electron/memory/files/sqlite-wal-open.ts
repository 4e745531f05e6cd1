// How every Memory Lens SQLite file is opened (the index, the history, the activity log): WAL, a
// busy timeout, and a full disk told apart from damage. On a full disk SQLite cannot make the
// -shm file that processes share (SQLITE_IOERR_SHMSIZE), so the file is opened in exclusive
// locking mode, which keeps that index in memory: reads answer, writes fail with SQLITE_FULL
// until space returns. Only SQLITE_CORRUPT / SQLITE_NOTADB (and failed checks) are damage.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MemoryLensError, messageOf } from '../../../shared/errors.js';
import type { MessageRef } from '../../../shared/i18n.js';
import { isDiskFullError } from './fs-errors.js';

/** Below this much free space an I/O error at open is the disk being full (the -shm alone needs 32 KiB). */
const NEARLY_FULL_BYTES = 1024 * 1024;

export interface WalOpenOptions {
  /** FULL: a committed row survives a power cut (history). NORMAL: it may be lost, never corrupted. */
  synchronous: 'FULL' | 'NORMAL';
  /** better-sqlite3's addon built for Electron's ABI (the desktop engine host). */
  nativeBinding?: string;
}

export interface OpenedWal {
  db: Database.Database;
  /** Opened on a full disk: this process holds the file alone until it closes it. */
  exclusive: boolean;
}

/**
 * Opens `dbPath` (creating it) in WAL mode; the first read happens here. Throws the data-disk-full
 * error (dataDiskFullError) when not even that works for lack of space, else SQLite's own error.
 */
export function openWalDatabase(dbPath: string, options: WalOpenOptions): OpenedWal {
  try {
    return { db: openOnce(dbPath, options, false), exclusive: false };
  } catch (error) {
    if (!isDiskFullAt(error, path.dirname(dbPath))) throw error;
    try {
      return { db: openOnce(dbPath, options, true), exclusive: true };
    } catch (again) {
      if (isDiskFullAt(again, path.dirname(dbPath))) throw dataDiskFullError(dbPath, again);
      throw again;
    }
  }
}

function openOnce(dbPath: string, options: WalOpenOptions, exclusive: boolean): Database.Database {
  const db = new Database(dbPath, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    db.pragma('busy_timeout = 5000');
    if (exclusive) db.pragma('locking_mode = EXCLUSIVE');
    // Asking first: switching a file that is already WAL would still write its header.
    if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous}`);
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * A second, read-only connection to one of our WAL files (a worker reading beside the connection
 * that writes): it never takes a write lock, and waits out a commit rather than failing on it.
 */
export function openReadOnlyDatabase(dbPath: string, options: { nativeBinding?: string } = {}): Database.Database {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true, ...options });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The file's bytes are damaged (or it is not SQLite at all): the only errors that may move a file aside. */
export function isDamageError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** SQLITE_FULL / ENOSPC, or an I/O error while the folder has (almost) no space left. */
export function isDiskFullAt(error: unknown, dir: string): boolean {
  if (error instanceof MemoryLensError) return error.details?.reason === 'disk-full';
  if (isDiskFullError(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_IOERR')) return false;
  const free = freeBytes(dir);
  return free !== null && free < NEARLY_FULL_BYTES;
}

function freeBytes(dir: string): number | null {
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

/** What a write (or an open that must create the file) says when the data disk is full. */
export function dataDiskFullError(dbPath: string, cause: unknown): MemoryLensError {
  const reason = messageOf(cause);
  const where: MessageRef = path.isAbsolute(dbPath)
    ? {
        messageId: 'errors:dataDiskFull.in',
        params: { file: path.basename(dbPath), folder: path.dirname(dbPath), cause: reason },
      }
    : { messageId: 'errors:dataDiskFull.at', params: { path: dbPath, cause: reason } };
  return new MemoryLensError('UNAVAILABLE', where, { errno: 'ENOSPC', reason: 'disk-full' });
}
