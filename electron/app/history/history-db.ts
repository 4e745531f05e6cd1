// The version log of one workspace: `<dataDir>/history/<workspace key>/history.sqlite`. Not the
// index: it cannot be derived from the files, so a damaged file is moved aside and every row that
// can still be read is carried into a fresh one. SQLite because the app, serve mode and the CLI
// may record from separate processes at once (WAL + busy timeout); synchronous=FULL so a version
// that was recorded survives a power cut.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { messageOf } from '../../../shared/errors.js';
import { fileTimestamp } from '../../memory/files/data-dir.js';

/** `PRAGMA application_id` ("MLhs"): a foreign SQLite file is never taken for ours. */
const APPLICATION_ID = 0x4d4c6873;
const SCHEMA_VERSION = 1;

const DDL = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
-- AUTOINCREMENT: ids are the order versions were seen (clocks can go backwards) and are never reused.
CREATE TABLE IF NOT EXISTS versions (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  path       TEXT NOT NULL,
  time       INTEGER NOT NULL,
  mtime_ms   REAL,
  hash       TEXT,
  size       INTEGER NOT NULL,
  kind       TEXT NOT NULL,
  from_path  TEXT,
  to_path    TEXT,
  skipped    TEXT,
  clock_back INTEGER NOT NULL DEFAULT 0,
  -- Evidence known when recorded (a save from the app), as JSON; the rest is found when asked.
  author     TEXT
);
CREATE INDEX IF NOT EXISTS versions_path ON versions(path, id);
CREATE INDEX IF NOT EXISTS versions_time ON versions(time);
`;

export interface VersionRow {
  id: number;
  path: string;
  time: number;
  mtime_ms: number | null;
  hash: string | null;
  size: number;
  kind: string;
  from_path: string | null;
  to_path: string | null;
  skipped: string | null;
  clock_back: number;
  author: string | null;
}

export interface OpenedHistoryDb {
  db: Database.Database;
  /** Set when the file was damaged and rebuilt: what happened, for the UI. */
  notice: string | null;
}

export function openHistoryDb(
  dbPath: string,
  options: { nativeBinding?: string; now?: () => number } = {},
): OpenedHistoryDb {
  fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  try {
    return { db: initialise(dbPath, options), notice: null };
  } catch (error) {
    if (error instanceof ForeignHistoryFileError) throw error;
    return rebuildFromDamaged(dbPath, options, messageOf(error));
  }
}

class ForeignHistoryFileError extends Error {}

function initialise(dbPath: string, options: { nativeBinding?: string }): Database.Database {
  const db = new Database(dbPath, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    const appId = db.pragma('application_id', { simple: true }) as number;
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
    if (appId !== 0 && appId !== APPLICATION_ID)
      throw new ForeignHistoryFileError(`${dbPath} is not a Memory Lens history file.`);
    if (appId === 0 && tables.n > 0) throw new Error('the file has tables but no history marker');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`integrity check: ${String(check)}`);
    db.exec(DDL);
    if (appId === 0) {
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }
    // Touch the log itself: a damaged page there fails here, not at the first record.
    db.prepare('SELECT count(*) FROM versions').get();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Moves the damaged file (and its WAL) aside as `history.sqlite.damaged-<time>`, starts a fresh
 * one and copies over every version row that can still be read, stopping at the first unreadable
 * page. Blobs are untouched: each copied row still names its bytes.
 */
function rebuildFromDamaged(
  dbPath: string,
  options: { nativeBinding?: string; now?: () => number },
  reason: string,
): OpenedHistoryDb {
  const aside = `${dbPath}.damaged-${fileTimestamp(new Date(options.now?.() ?? Date.now()))}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (fs.existsSync(dbPath + suffix)) fs.renameSync(dbPath + suffix, aside + suffix);
  }
  const rows: VersionRow[] = [];
  let lastSeen: string | null = null;
  try {
    const old = new Database(aside, {
      readonly: true,
      fileMustExist: true,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    });
    try {
      try {
        for (const row of old.prepare('SELECT * FROM versions ORDER BY id').iterate() as IterableIterator<VersionRow>)
          rows.push(row);
      } catch {
        // Rows after the damaged page are lost; those before are kept.
      }
      try {
        lastSeen =
          (old.prepare("SELECT value FROM meta WHERE key = 'lastSeenAt'").get() as { value: string } | undefined)
            ?.value ?? null;
      } catch {
        lastSeen = null;
      }
    } finally {
      old.close();
    }
  } catch {
    // Not even openable: nothing to carry over but the blobs.
  }
  const db = initialise(dbPath, options);
  const insert = db.prepare(
    'INSERT INTO versions (id, path, time, mtime_ms, hash, size, kind, from_path, to_path, skipped, clock_back, author) VALUES (@id, @path, @time, @mtime_ms, @hash, @size, @kind, @from_path, @to_path, @skipped, @clock_back, @author)',
  );
  let kept = 0;
  db.transaction(() => {
    for (const row of rows) {
      if (
        typeof row.id !== 'number' ||
        typeof row.path !== 'string' ||
        typeof row.time !== 'number' ||
        typeof row.kind !== 'string'
      )
        continue;
      insert.run({ ...row, clock_back: row.clock_back ? 1 : 0 });
      kept += 1;
    }
    if (lastSeen) db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('lastSeenAt', ?)").run(lastSeen);
  })();
  const notice = `The history store was damaged (${reason.replace(/\s+/g, ' ').slice(0, 200)}); it was moved aside to ${path.basename(aside)} and rebuilt with the ${kept} version${kept === 1 ? '' : 's'} that could be read.`;
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('notice', ?)").run(notice);
  return { db, notice };
}
