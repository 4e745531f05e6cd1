// The file that remembers what agents did: `<dataDir>/agent-activity.sqlite`, one for every
// workspace (rows carry the workspace's real path). It is NOT the index: the index is disposable
// and rebuilt at will, while access counts and the replay log are history that cannot be derived
// from the files. SQLite (not JSON) because the MCP server, the CLI and the app write it from
// separate processes at the same time: WAL and a busy timeout make that safe without a lock file.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { messageOf } from '../../../shared/errors.js';
import { assertWritableFolder } from '../../memory/files/writable-folder.js';

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
  /** Told when an unreadable file was moved aside. */
  log?: (message: string) => void;
}

/**
 * Opens (creating) the activity file. A file SQLite cannot read is moved aside as
 * `*.corrupt-<time>` and a fresh one started: losing old counts beats an agent tool that fails.
 */
export function openActivityDb(dbPath: string, options: OpenActivityDbOptions = {}): Database.Database {
  // A folder we cannot write is not a damaged file: say so, and move nothing.
  assertWritableFolder(path.dirname(dbPath), 'Agent activity (access counts, search log)');
  fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  try {
    return initialise(dbPath, options);
  } catch (error) {
    // A newer app's file is fine, just not ours to read: keep it for that version.
    if (error instanceof NewerActivityFileError) throw error;
    const aside = `${dbPath}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    let moved = false;
    for (const suffix of ['', '-wal', '-shm']) {
      if (!fs.existsSync(dbPath + suffix)) continue;
      fs.renameSync(dbPath + suffix, aside + suffix);
      moved = true;
    }
    if (!moved) throw error;
    options.log?.(
      `the agent activity file could not be read (${messageOf(error)}); it was moved to ${aside} and a new one started`,
    );
    return initialise(dbPath, options);
  }
}

export class NewerActivityFileError extends Error {}

function initialise(dbPath: string, options: OpenActivityDbOptions): Database.Database {
  const db = new Database(dbPath, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    const objects = (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n;
    if (objects > 0 && applicationId !== APPLICATION_ID)
      throw new Error(`not a Memory Lens activity file (application_id ${applicationId})`);
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION)
      throw new NewerActivityFileError(`${dbPath} was written by a newer Memory Lens (schema ${version})`);
    db.exec(DDL);
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
