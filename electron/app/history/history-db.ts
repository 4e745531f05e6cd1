// The version log of one workspace: `<dataDir>/history/<workspace key>/history.sqlite`. Not the
// index: it cannot be derived from the files, so a damaged file is moved aside (app-database.ts)
// and every row that can still be read is carried into a fresh one. SQLite because the app, serve mode and the CLI
// may record from separate processes at once (WAL + busy timeout); synchronous=FULL so a version
// that was recorded survives a power cut.
import Database from 'better-sqlite3';
import type { MessageRef } from '../../../shared/i18n.js';
import { openAppDatabase, type AppDatabaseSpec } from '../app-database.js';

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
  /** Set when the file was damaged and rebuilt: what happened, in English for the API. */
  notice: string | null;
  /** The same by message id, for the log line. */
  noticeRef: MessageRef | null;
}

const SPEC: AppDatabaseSpec = {
  store: 'history',
  applicationId: APPLICATION_ID,
  schemaVersion: SCHEMA_VERSION,
  ddl: DDL,
  // A version that was recorded survives a power cut.
  synchronous: 'FULL',
  quickCheck: true,
  probe: 'SELECT count(*) FROM versions',
  onDamaged: (aside, fresh) => salvageVersions(aside, fresh),
};

export function openHistoryDb(
  dbPath: string,
  options: { nativeBinding?: string; now?: () => number } = {},
): OpenedHistoryDb {
  const opened = openAppDatabase(dbPath, SPEC, options);
  if (opened.notice)
    opened.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('notice', ?)").run(opened.notice);
  return { db: opened.db, notice: opened.notice, noticeRef: opened.noticeRef };
}

/** Ids read per range; a range that fails is read again one id at a time. */
const SALVAGE_RANGE = 64;

/**
 * Copies every version row of the damaged file that can still be read into `fresh`. SQLite's
 * `.recover` is a shell command better-sqlite3 lacks; instead the rows are read by id ranges, each
 * a fresh seek from the root, so one bad page costs only the rows on it. Blobs are untouched: each
 * copied row still names its bytes. `lost`: ids below the highest ever given that failed to read.
 */
export function salvageVersions(damagedPath: string, fresh: Database.Database): { kept: number; lost: number } {
  let old: Database.Database;
  try {
    old = new Database(damagedPath, { readonly: true, fileMustExist: true });
  } catch {
    return { kept: 0, lost: 0 };
  }
  const rows: VersionRow[] = [];
  let lost = 0;
  let lastSeen: string | null = null;
  try {
    readRows();
  } catch {
    // Not even the table can be named: nothing to carry over but the blobs.
  } finally {
    old.close();
  }
  function readRows(): void {
    const top = highestId(old);
    const range = old.prepare('SELECT * FROM versions WHERE id BETWEEN ? AND ? ORDER BY id');
    const one = old.prepare('SELECT * FROM versions WHERE id = ?');
    for (let low = 1; low <= top; low += SALVAGE_RANGE) {
      const high = Math.min(top, low + SALVAGE_RANGE - 1);
      try {
        rows.push(...(range.all(low, high) as VersionRow[]));
        continue;
      } catch {
        // A bad page in this range: read its ids one by one.
      }
      for (let id = low; id <= high; id++) {
        try {
          const row = one.get(id) as VersionRow | undefined;
          if (row) rows.push(row);
        } catch {
          lost += 1;
        }
      }
    }
    try {
      lastSeen =
        (old.prepare("SELECT value FROM meta WHERE key = 'lastSeenAt'").get() as { value: string } | undefined)
          ?.value ?? null;
    } catch {
      lastSeen = null;
    }
  }
  const insert = fresh.prepare(
    'INSERT INTO versions (id, path, time, mtime_ms, hash, size, kind, from_path, to_path, skipped, clock_back, author) VALUES (@id, @path, @time, @mtime_ms, @hash, @size, @kind, @from_path, @to_path, @skipped, @clock_back, @author)',
  );
  let kept = 0;
  fresh.transaction(() => {
    for (const row of rows) {
      if (
        typeof row.id !== 'number' ||
        typeof row.path !== 'string' ||
        typeof row.time !== 'number' ||
        typeof row.kind !== 'string'
      ) {
        lost += 1;
        continue;
      }
      insert.run({ ...row, clock_back: row.clock_back ? 1 : 0 });
      kept += 1;
    }
    if (lastSeen) fresh.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('lastSeenAt', ?)").run(lastSeen);
  })();
  return { kept, lost };
}

/** The highest id ever given: AUTOINCREMENT's counter, else the last row, else nothing readable. */
function highestId(db: Database.Database): number {
  for (const sql of [
    "SELECT seq AS n FROM sqlite_sequence WHERE name = 'versions'",
    'SELECT max(id) AS n FROM versions',
  ]) {
    try {
      const n = (db.prepare(sql).get() as { n: number | null } | undefined)?.n;
      if (typeof n === 'number' && n > 0) return n;
    } catch {
      // that page is damaged too: try the next source
    }
  }
  return 0;
}
