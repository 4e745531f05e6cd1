// The file that remembers what agents did: `<dataDir>/agent-activity.sqlite`, one for every
// workspace (rows carry the workspace's real path). It is NOT the index: the index is disposable
// and rebuilt at will, while access counts and the replay log are history that cannot be derived
// from the files. SQLite (not JSON) because the MCP server, the CLI and the app write it from
// separate processes at the same time: WAL and a busy timeout make that safe without a lock file.
import { type Log } from '../../../shared/log-line.js';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openAppDatabase, type AppDatabaseSpec } from '../app-database.js';

/** `PRAGMA application_id` ("MLag"), so a foreign SQLite file is never taken for ours. */
const APPLICATION_ID = 0x4d4c6167;
/** Bump with a migration below; the file outlives app versions, so it is migrated, never rebuilt. */
const SCHEMA_VERSION = 1;

const DDL = `
CREATE TABLE IF NOT EXISTS chunk_access (
  workspace  TEXT NOT NULL,
  path       TEXT NOT NULL,
  -- sha256 of the chunk text: the count follows the text when lines above it change, and
  -- survives any index rebuild (chunk rowids do not).
  hash       TEXT NOT NULL,
  -- Where the chunk was at its latest access, for display when its text is gone from the file.
  start_line INTEGER NOT NULL,
  end_line   INTEGER NOT NULL,
  count      INTEGER NOT NULL,
  first_at   INTEGER NOT NULL,
  last_at    INTEGER NOT NULL,
  PRIMARY KEY (workspace, path, hash)
) WITHOUT ROWID;

-- AUTOINCREMENT: an id is never reused after the cap drops old rows, so a link to a search stays true.
CREATE TABLE IF NOT EXISTS agent_searches (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace     TEXT NOT NULL,
  at            INTEGER NOT NULL,
  caller_kind   TEXT NOT NULL,
  caller_client TEXT,
  query         TEXT NOT NULL,
  mode          TEXT NOT NULL,
  result_count  INTEGER NOT NULL,
  top_path      TEXT,
  -- {options, response} as JSON: exactly what the agent got.
  entry         TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS agent_searches_workspace ON agent_searches(workspace, id);
`;

export function activityDbPathFor(dataDir: string): string {
  return path.join(dataDir, 'agent-activity.sqlite');
}

export interface OpenActivityDbOptions {
  /** better-sqlite3's addon built for Electron's ABI (the desktop engine host). */
  nativeBinding?: string;
  /** Told when a damaged file was moved aside. */
  log?: Log;
}

const SPEC: AppDatabaseSpec = {
  store: 'agentActivity',
  applicationId: APPLICATION_ID,
  schemaVersion: SCHEMA_VERSION,
  ddl: DDL,
  // A count lost in a power cut costs nothing; a slower search log would.
  synchronous: 'NORMAL',
  quickCheck: false,
  // Losing old counts beats an agent tool that fails.
  onDamaged: 'discard',
};

/**
 * Opens (creating) the activity file (app-database.ts): a damaged one is moved aside and a fresh
 * one started; on a full disk it is read as it is and writes fail with the data-disk-full error.
 */
export function openActivityDb(dbPath: string, options: OpenActivityDbOptions = {}): Database.Database {
  const opened = openAppDatabase(dbPath, SPEC, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  if (opened.noticeRef) options.log?.(opened.noticeRef);
  return opened.db;
}
