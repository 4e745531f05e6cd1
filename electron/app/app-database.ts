// The one opener of the app's own SQLite files (the history, the agent activity log): the file is
// ours by its application_id, migrated never rebuilt, and moved aside as `<name>.damaged-<time>`
// only when its bytes are damaged. A full disk, a busy file or a folder we cannot write is never
// damage: nothing is moved, and the error says what is wrong. What a damaged file costs is the
// caller's policy: the history salvages every row it can read, the activity log starts empty.
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { MemoryLensError } from '../../shared/errors.js';
import { englishText, type MessageRef } from '../../shared/i18n.js';
import { damagedPathFor } from '../memory/files/data-dir.js';
import { dataDiskFullError, isDamageError, isDiskFullAt, openWalDatabase } from '../memory/files/sqlite-wal-open.js';
import { assertWritableFolder, type WritableStore } from '../memory/files/writable-folder.js';

export interface AppDatabaseSpec {
  /** What the file holds, by key (`errors:writable.store.*`): messages name it in the reader's language. */
  store: WritableStore;
  /** `PRAGMA application_id`: a foreign SQLite file is never taken for ours. */
  applicationId: number;
  /** `PRAGMA user_version`; a newer one is left alone for the app version that wrote it. */
  schemaVersion: number;
  /** Idempotent (`CREATE … IF NOT EXISTS`): run at every open. */
  ddl: string;
  synchronous: 'FULL' | 'NORMAL';
  /** Read every page at open (small, precious files): a bad page is found now, not at a write. */
  quickCheck: boolean;
  /** A statement that touches the main table, so a damaged page there fails at open. */
  probe?: string;
  /**
   * What a damaged file costs: `discard` starts empty; a function carries over what can be read
   * from the file moved aside into the fresh one and counts what it kept and lost, for the notice.
   */
  onDamaged: 'discard' | ((damagedPath: string, fresh: Database.Database) => { kept: number; lost: number });
}

export interface OpenAppDatabaseOptions {
  /** better-sqlite3's addon built for Electron's ABI (the desktop engine host). */
  nativeBinding?: string;
  now?: () => number;
}

export interface OpenedAppDatabase {
  db: Database.Database;
  /** Set when the file was damaged and replaced: what happened, in an English sentence for the API. */
  notice: string | null;
  /** The same by message id, for a log line in the reader's language. */
  noticeRef: MessageRef | null;
  /** Opened on a full disk: reads answer, writes fail with the data-disk-full error until space returns. */
  diskFull: boolean;
}

/** The file is another program's, or a newer Memory Lens's: never moved, never written. */
export class NotOurFileError extends MemoryLensError {
  constructor(message: MessageRef) {
    super('UNAVAILABLE', message, { reason: 'not-our-file' });
  }
}

/** Our own finding that a file is damaged, by `log:damaged.reason.*` key. */
class DamagedFileError extends Error {
  constructor(
    readonly key: 'noMarker' | 'integrity',
    readonly detail = '',
  ) {
    super(key);
  }
}

export function openAppDatabase(
  dbPath: string,
  spec: AppDatabaseSpec,
  options: OpenAppDatabaseOptions = {},
): OpenedAppDatabase {
  // Before any open: switching a file to WAL rewrites its header, so another program's file (or a
  // newer Memory Lens's) is refused on its header bytes, read only.
  refuseIfNotOurs(dbPath, spec);
  // A folder we cannot write is not a damaged file: say so, and move nothing.
  assertWritableFolder(path.dirname(dbPath), spec.store);
  fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  try {
    return { ...initialise(dbPath, spec, options), notice: null, noticeRef: null };
  } catch (error) {
    if (error instanceof MemoryLensError) throw error;
    if (isDiskFullAt(error, path.dirname(dbPath))) throw dataDiskFullError(dbPath, error);
    if (!(error instanceof DamagedFileError) && !isDamageError(error)) throw error;
    return replaceDamaged(dbPath, spec, options, damageReason(error));
  }
}

/** SQLite's file header: its magic string, and where `user_version` and `application_id` sit (big-endian). */
const SQLITE_MAGIC = 'SQLite format 3\0';
const HEADER_BYTES = 100;
const USER_VERSION_AT = 60;
const APPLICATION_ID_AT = 68;

/** Refuses an existing SQLite file whose header marks it as another program's or a newer schema's. */
function refuseIfNotOurs(dbPath: string, spec: AppDatabaseSpec): void {
  const header = readHeader(dbPath);
  if (!header || header.toString('latin1', 0, SQLITE_MAGIC.length) !== SQLITE_MAGIC) return;
  const applicationId = header.readInt32BE(APPLICATION_ID_AT);
  const version = header.readInt32BE(USER_VERSION_AT);
  if (applicationId !== 0 && applicationId !== spec.applicationId)
    throw new NotOurFileError({ messageId: 'errors:appDatabase.notOurs', params: { path: dbPath, id: applicationId } });
  if (applicationId === spec.applicationId && version > spec.schemaVersion)
    throw new NotOurFileError({ messageId: 'errors:appDatabase.newer', params: { path: dbPath, version } });
}

/** The file's first 100 bytes, or null when it is missing or shorter (new, or damaged: the open decides). */
function readHeader(dbPath: string): Buffer | null {
  let fd: number;
  try {
    fd = fs.openSync(dbPath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    return fs.readSync(fd, header, 0, HEADER_BYTES, 0) === HEADER_BYTES ? header : null;
  } finally {
    fs.closeSync(fd);
  }
}

function initialise(
  dbPath: string,
  spec: AppDatabaseSpec,
  options: OpenAppDatabaseOptions,
): { db: Database.Database; diskFull: boolean } {
  const { db, exclusive } = openWalDatabase(dbPath, {
    synchronous: spec.synchronous,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  });
  try {
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number })
      .n;
    if (applicationId !== 0 && applicationId !== spec.applicationId)
      throw new NotOurFileError({
        messageId: 'errors:appDatabase.notOurs',
        params: { path: dbPath, id: applicationId },
      });
    if (applicationId === 0 && tables > 0) throw new DamagedFileError('noMarker');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > spec.schemaVersion)
      throw new NotOurFileError({ messageId: 'errors:appDatabase.newer', params: { path: dbPath, version } });
    if (spec.quickCheck) {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new DamagedFileError('integrity', String(check).replace(/\s+/g, ' ').slice(0, 200));
    }
    // Written only when new: a file opened on a full disk must not need a write to be read.
    db.exec(spec.ddl);
    if (applicationId !== spec.applicationId) db.pragma(`application_id = ${spec.applicationId}`);
    if (version !== spec.schemaVersion) db.pragma(`user_version = ${spec.schemaVersion}`);
    if (spec.probe) db.prepare(spec.probe).get();
    return { db, diskFull: exclusive };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Why a file counts as damaged, by id: our own finding, or SQLite's code. */
function damageReason(error: unknown): MessageRef {
  if (error instanceof DamagedFileError)
    return { messageId: `log:damaged.reason.${error.key}`, params: { detail: error.detail } };
  const code = String((error as { code?: unknown }).code);
  return { messageId: `log:damaged.reason.${code === 'SQLITE_NOTADB' ? 'notDatabase' : 'corrupt'}`, params: { code } };
}

/** Moves the damaged file (and its -wal, -shm) aside, starts a fresh one, and applies the policy. */
function replaceDamaged(
  dbPath: string,
  spec: AppDatabaseSpec,
  options: OpenAppDatabaseOptions,
  reason: MessageRef,
): OpenedAppDatabase {
  const aside = damagedPathFor(dbPath, new Date(options.now?.() ?? Date.now()));
  for (const suffix of ['', '-wal', '-shm']) {
    if (fs.existsSync(dbPath + suffix)) fs.renameSync(dbPath + suffix, aside + suffix);
  }
  const { db, diskFull } = initialise(dbPath, spec, options);
  const params = { what: spec.store, reason: JSON.stringify(reason), aside: path.basename(aside) };
  let noticeRef: MessageRef = { messageId: 'log:damaged.discarded', params };
  if (spec.onDamaged !== 'discard') {
    const { kept, lost } = spec.onDamaged(aside, db);
    noticeRef = { messageId: 'log:damaged.salvaged', params: { ...params, count: kept, lost } };
  }
  return { db, notice: englishText(noticeRef), noticeRef, diskFull };
}
