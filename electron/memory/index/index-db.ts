// Opens (or creates) one index file: pragmas, sqlite-vec, schema, and the two ways an existing
// file can be unusable — unreadable (quarantined and replaced) or built by another version or
// model, or missing tables (reported as stale; the engine rebuilds it into a new file while this
// one keeps serving). An index from a newer schema is reported too: it is not this version's to
// replace (index-lifecycle/ serves from a side file instead).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { CHUNKING_DEFAULTS } from '../../../shared/search-defaults.js';
import { damagedPathFor } from '../files/data-dir.js';
import { readMeta, metaNumber, writeMeta } from './meta.js';
import { addReasonRefColumn } from './index-reason-column.js';
import { APPLICATION_ID, META_KEYS, createBaseSchema, createVectorTable, hasTable, missingTables } from './schema.js';
import type { VectorTableKind } from './schema.js';
import { messageOf } from '../../../shared/errors.js';
import { lifecycleReasons, type IndexReason } from '../../../shared/index-reasons.js';
import { dataDiskFullError, isDiskFullAt, openWalDatabase } from '../files/sqlite-wal-open.js';

export interface EmbeddingIdentity {
  provider: string;
  model: string;
  providerKey: string;
  dims: number;
}

export interface ExpectedIndexMeta {
  schemaVersion: number;
  chunkerVersion: number;
  /** Chunk size and overlap in tokens; absent means the defaults. */
  chunking?: { tokens: number; overlap: number };
  /** Null when keyword-only: vectors already in the index are kept (unused), never a reason to rebuild. */
  embedding: EmbeddingIdentity | null;
}

export interface OpenIndexOptions {
  expected: ExpectedIndexMeta;
  /** better-sqlite3's compiled addon, when it is not where Node would look (the Electron shell). */
  nativeBinding?: string;
  /** Delete whatever is at `path` first (the target of a rebuild). */
  fresh?: boolean;
  /** Files up to this size get `PRAGMA quick_check` on open; larger ones only the cheap checks. */
  quickCheckMaxBytes?: number;
  now?: () => Date;
}

export type VectorBackend = 'sqlite-vec' | 'js-scan';

export interface QuarantineReport {
  movedTo: string;
  reason: string;
}

export interface IndexDb {
  readonly db: Database.Database;
  readonly path: string;
  readonly vectorBackend: VectorBackend;
  /** Why sqlite-vec did not load, when it did not. */
  readonly vectorBackendError: string | null;
  /** The embedding the stored vectors come from, or null when the index holds none. */
  readonly embedding: EmbeddingIdentity | null;
  /** Why this index must be rebuilt into a new file, or null when it matches what is expected. */
  readonly staleReason: IndexReason | null;
  /** Set when the file at `path` could not be used and was moved aside. */
  readonly quarantined: QuarantineReport | null;
  /** The schema version recorded in the file when it is newer than this version's (a newer app wrote it), else null. */
  readonly newerSchemaVersion: number | null;
  /** True when this open created the schema (an empty index). */
  readonly created: boolean;
  close(): void;
}

/**
 * quick_check reads every page: ~30 ms per MB measured here, so up to 2 MB it costs a CLI call at
 * most ~60 ms. Bigger indexes rely on the cheap checks (header, application_id, meta) and on
 * SQLITE_CORRUPT surfacing during use, which the engine answers with quarantine + rebuild.
 */
const DEFAULT_QUICK_CHECK_MAX_BYTES = 2 * 1024 * 1024;

export function openIndexDb(dbPath: string, options: OpenIndexOptions): IndexDb {
  const now = options.now ?? (() => new Date());
  fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  if (options.fresh) removeIndexFiles(dbPath);

  let quarantined: QuarantineReport | null = null;
  let db = tryOpen(dbPath, options);
  if (!(db instanceof Database)) {
    quarantined = { movedTo: quarantineIndexFile(dbPath, now()) ?? dbPath, reason: db.reason };
    db = tryOpen(dbPath, options);
    if (!(db instanceof Database)) throw new Error(`cannot create index at ${dbPath}: ${db.reason}`);
  }

  try {
    return initialise(db, dbPath, options, quarantined, now);
  } catch (error) {
    db.close();
    throw error;
  }
}

function initialise(
  db: Database.Database,
  dbPath: string,
  options: OpenIndexOptions,
  quarantined: QuarantineReport | null,
  now: () => Date,
): IndexDb {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');

  let vectorBackend: VectorBackend = 'js-scan';
  let vectorBackendError: string | null = null;
  try {
    sqliteVec.load(db);
    vectorBackend = 'sqlite-vec';
  } catch (error) {
    vectorBackendError = error instanceof Error ? error.message : String(error);
  }

  const created = !hasTable(db, 'meta');
  const { expected } = options;
  if (created) {
    db.transaction(() => {
      createBaseSchema(db);
      writeMeta(db, {
        [META_KEYS.schemaVersion]: expected.schemaVersion,
        [META_KEYS.chunkerVersion]: expected.chunkerVersion,
        [META_KEYS.chunking]: chunkingKey(expected),
        [META_KEYS.createdAt]: now().getTime(),
      });
    })();
  }

  // Not a schema version: an older index gains the column and keeps its rows.
  if (!created && hasTable(db, 'files')) addReasonRefColumn(db);

  const meta = readMeta(db);
  let embedding = storedEmbedding(meta);
  const staleReason =
    findStaleReason(meta, expected, embedding, vectorBackend, hasTable(db, 'chunks_vec')) ??
    schemaDamage(db, embedding !== null);
  const storedVersion = metaNumber(meta, META_KEYS.schemaVersion);
  const newerSchemaVersion = storedVersion !== null && storedVersion > expected.schemaVersion ? storedVersion : null;

  // A keyword-only index meets its first model (or a fresh index its model): record it and make room for vectors.
  if (!staleReason && expected.embedding && !embedding) {
    const kind: VectorTableKind = vectorBackend === 'sqlite-vec' ? 'vec0' : 'plain';
    db.transaction(() => {
      db.exec('DROP TABLE IF EXISTS chunks_vec');
      createVectorTable(db, expected.embedding!.dims, kind);
      db.prepare('UPDATE files SET embedded = 0').run();
      writeMeta(db, {
        [META_KEYS.provider]: expected.embedding!.provider,
        [META_KEYS.model]: expected.embedding!.model,
        [META_KEYS.providerKey]: expected.embedding!.providerKey,
        [META_KEYS.dims]: expected.embedding!.dims,
        [META_KEYS.vectorTable]: kind,
      });
    })();
    embedding = expected.embedding;
  }

  return {
    db,
    path: dbPath,
    vectorBackend,
    vectorBackendError,
    embedding,
    staleReason,
    quarantined,
    newerSchemaVersion,
    created,
    close: () => {
      // The in-memory copy of the vectors (up to ~150 MB) goes with the index.
      if (db.open) db.close();
    },
  };
}

function chunkingKey(expected: ExpectedIndexMeta): string {
  const tokens = expected.chunking?.tokens ?? CHUNKING_DEFAULTS.tokens;
  const overlap = expected.chunking?.overlap ?? CHUNKING_DEFAULTS.overlap;
  return `${tokens}/${overlap}`;
}

function storedEmbedding(meta: Map<string, string>): EmbeddingIdentity | null {
  const model = meta.get(META_KEYS.model);
  const dims = metaNumber(meta, META_KEYS.dims);
  if (!model || dims === null) return null;
  return {
    provider: meta.get(META_KEYS.provider) ?? '',
    model,
    providerKey: meta.get(META_KEYS.providerKey) ?? '',
    dims,
  };
}

function findStaleReason(
  meta: Map<string, string>,
  expected: ExpectedIndexMeta,
  stored: EmbeddingIdentity | null,
  vectorBackend: VectorBackend,
  hasVectorTable: boolean,
): IndexReason | null {
  const schemaVersion = metaNumber(meta, META_KEYS.schemaVersion);
  if (schemaVersion !== null && schemaVersion > expected.schemaVersion) {
    return lifecycleReasons.newerSchema(schemaVersion, expected.schemaVersion);
  }
  if (schemaVersion !== expected.schemaVersion) {
    return lifecycleReasons.schemaChanged(schemaVersion, expected.schemaVersion);
  }
  const chunkerVersion = metaNumber(meta, META_KEYS.chunkerVersion);
  if (chunkerVersion !== expected.chunkerVersion) {
    return lifecycleReasons.chunkerChanged(chunkerVersion, expected.chunkerVersion);
  }
  const chunking =
    meta.get(META_KEYS.chunking) ?? chunkingKey({ schemaVersion: 0, chunkerVersion: 0, embedding: null });
  if (chunking !== chunkingKey(expected)) {
    return lifecycleReasons.chunkingChanged(chunking, chunkingKey(expected));
  }
  if (hasVectorTable && meta.get(META_KEYS.vectorTable) === 'vec0' && vectorBackend !== 'sqlite-vec') {
    return lifecycleReasons.vecNotLoaded();
  }
  const wanted = expected.embedding;
  if (wanted && stored) {
    if (
      stored.provider !== wanted.provider ||
      stored.model !== wanted.model ||
      stored.providerKey !== wanted.providerKey
    ) {
      return lifecycleReasons.modelChanged(stored.model, wanted.model);
    }
    if (stored.dims !== wanted.dims) return lifecycleReasons.dimsChanged(stored.dims, wanted.dims);
  }
  return null;
}

function schemaDamage(db: Database.Database, expectVectors: boolean): IndexReason | null {
  const missing = missingTables(db, expectVectors);
  if (missing.length === 0) return null;
  return lifecycleReasons.missingTables(missing);
}

/** Opens and sanity-checks a file; returns why it is unusable instead of throwing. */
function tryOpen(dbPath: string, options: OpenIndexOptions): Database.Database | { reason: string } {
  // Check the header before SQLite opens the file: on a non-database it may discard the -wal we want to keep aside.
  const header = readHeader(dbPath);
  if (header !== null && header.length > 0 && !SQLITE_HEADER.equals(header.subarray(0, SQLITE_HEADER.length))) {
    return { reason: 'file is not a database (bad header)' };
  }
  let db: Database.Database;
  try {
    ({ db } = openWalDatabase(dbPath, {
      synchronous: 'NORMAL',
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    }));
  } catch (error) {
    // A full disk is not damage: the file stays where it is and the error says why.
    if (isDiskFullAt(error, path.dirname(dbPath))) throw dataDiskFullError(dbPath, error);
    return { reason: messageOf(error) };
  }
  try {
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    const objects = (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n;
    if (applicationId !== APPLICATION_ID && objects > 0) {
      db.close();
      return { reason: `not a Memory Lens index (application_id ${applicationId})` };
    }
    if (objects > 0) {
      const size = fileSize(dbPath) + fileSize(`${dbPath}-wal`);
      if (size <= (options.quickCheckMaxBytes ?? DEFAULT_QUICK_CHECK_MAX_BYTES)) {
        const result = db.pragma('quick_check', { simple: true });
        if (result !== 'ok') {
          db.close();
          return { reason: `quick_check failed: ${String(result)}` };
        }
      }
      db.prepare('SELECT value FROM meta LIMIT 1').get();
    }
    return db;
  } catch (error) {
    db.close();
    if (isDiskFullAt(error, path.dirname(dbPath))) throw dataDiskFullError(dbPath, error);
    return { reason: messageOf(error) };
  }
}

/**
 * Moves `<path>` (and its -wal/-shm) to `<path>.damaged-<timestamp>`; returns the new path, or
 * null when there was nothing to move (the file was deleted).
 */
export function quarantineIndexFile(dbPath: string, now: Date): string | null {
  const target = damagedPathFor(dbPath, now);
  let moved = false;
  for (const suffix of ['', '-wal', '-shm']) {
    if (fs.existsSync(dbPath + suffix)) {
      fs.renameSync(dbPath + suffix, target + suffix);
      moved = true;
    }
  }
  return moved ? target : null;
}

export function removeIndexFiles(dbPath: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(dbPath + suffix, { force: true });
}

/**
 * Replaces the index at `target` with the closed index at `source` (a finished rebuild).
 * Both must be closed; the old -wal/-shm go first so SQLite never pairs them with the new file.
 */
export function replaceIndexFile(source: string, target: string): void {
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(target + suffix, { force: true });
  fs.renameSync(source, target);
  for (const suffix of ['-wal', '-shm']) {
    if (fs.existsSync(source + suffix)) fs.renameSync(source + suffix, target + suffix);
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** The first 16 bytes, or null when there is no file. */
function readHeader(p: string): Buffer | null {
  let fd: number;
  try {
    fd = fs.openSync(p, 'r');
  } catch {
    return null;
  }
  try {
    const buffer = Buffer.alloc(SQLITE_HEADER.length);
    const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

/** better-sqlite3's error codes for a damaged or foreign file (SQLITE_CORRUPT_VTAB, _INDEX, … included). */
export function isCorruptionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

function fileSize(p: string): number {
  try {
    return fs.statSync(p).size;
  } catch {
    return 0;
  }
}
