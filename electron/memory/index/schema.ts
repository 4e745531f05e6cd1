// The index's tables. The index is derived from the files and disposable: a schema
// change bumps SCHEMA_VERSION and the engine rebuilds into a new file instead of migrating.
import type Database from 'better-sqlite3';

/**
 * Bump on any change to the DDL below or to what a column means.
 * 2: chunks.first_ms / last_ms (when a session chunk's messages were written).
 * 3: chunks.secrets (the chunk's masked secrets as JSON ChunkSecret[]; chunks.text holds only their labels).
 * 4: chunks.days (the days named by dated headings over a Markdown chunk's lines, a JSON array).
 */
export const SCHEMA_VERSION = 4;

/** `PRAGMA application_id` of a Memory Lens index ("MLix"), so a foreign SQLite file is never mistaken for one. */
export const APPLICATION_ID = 0x4d4c6978;

export const META_KEYS = {
  schemaVersion: 'schema_version',
  chunkerVersion: 'chunker_version',
  /** `<tokens>/<overlap>`: chunk settings are part of what the index is. */
  chunking: 'chunking',
  provider: 'provider',
  model: 'model',
  providerKey: 'provider_key',
  dims: 'dims',
  /** 'vec0' (sqlite-vec virtual table) or 'plain' (rowid + BLOB, scanned in JS). */
  vectorTable: 'vector_table',
  cacheHits: 'embedding_cache_hits',
  cacheMisses: 'embedding_cache_misses',
  lastSyncAt: 'last_sync_at',
  createdAt: 'created_at',
  /** The keyword accelerator's self-check verdict and what it holds for (accelerator-check.ts). */
  keywordAcceleratorCheck: 'keyword_accelerator_check',
} as const;

const BASE_DDL = `
CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT
);

CREATE TABLE IF NOT EXISTS files (
  path            TEXT PRIMARY KEY,
  source          TEXT NOT NULL,
  abs_path        TEXT NOT NULL,
  hash            TEXT,
  mtime_ms        REAL NOT NULL,
  size            INTEGER NOT NULL,
  kind            TEXT NOT NULL,
  date            TEXT,
  date_source     TEXT,
  date_epoch_ms   REAL,
  index_state     TEXT NOT NULL,
  index_error     TEXT,
  -- index_error by message id and parameters, JSON (index-reason-column.ts); added in place to older indexes.
  index_error_ref TEXT,
  malformed_lines INTEGER,
  chunk_count     INTEGER NOT NULL DEFAULT 0,
  -- 1 when every chunk of the file has a vector from the index's embedding model.
  embedded        INTEGER NOT NULL DEFAULT 0,
  -- The WorkspaceFile fields (layer, archived, agentId, date, checksum, type, tags) as JSON.
  metadata        TEXT NOT NULL,
  indexed_at      INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS chunks (
  rowid      INTEGER PRIMARY KEY,
  id         TEXT NOT NULL UNIQUE,
  path       TEXT NOT NULL,
  source     TEXT NOT NULL,
  start_line INTEGER NOT NULL,
  end_line   INTEGER NOT NULL,
  hash       TEXT NOT NULL,
  text       TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  -- Sessions: epoch ms of the chunk's first and last timestamped message (dates in queries).
  first_ms   REAL,
  last_ms    REAL,
  -- JSON ChunkSecret[] (chunk/secret-lines.ts): kind, line, label of each secret masked in text; NULL when none.
  secrets    TEXT,
  -- Markdown: JSON array of the ISO days dated headings over the chunk's lines name (## 2026-02-05).
  days       TEXT
);
CREATE INDEX IF NOT EXISTS chunks_path ON chunks(path);
-- "What did we do on X": the chunks dated then, by heading or by their messages' times.
CREATE INDEX IF NOT EXISTS chunks_days ON chunks(days) WHERE days IS NOT NULL;
CREATE INDEX IF NOT EXISTS chunks_times ON chunks(last_ms) WHERE last_ms IS NOT NULL;

-- Segmented text (text/segment.ts) so FTS5's unicode61 tokens are exactly our tokens, CJK included.
-- rowid = chunks.rowid, set explicitly by the writer.
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
  text_seg,
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TABLE IF NOT EXISTS embedding_cache (
  provider     TEXT NOT NULL,
  model        TEXT NOT NULL,
  provider_key TEXT NOT NULL,
  hash         TEXT NOT NULL,
  embedding    BLOB NOT NULL,
  dims         INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL,
  PRIMARY KEY (provider, model, provider_key, hash)
) WITHOUT ROWID;
`;

export function createBaseSchema(db: Database.Database): void {
  db.exec(BASE_DDL);
  db.pragma(`application_id = ${APPLICATION_ID}`);
}

export type VectorTableKind = 'vec0' | 'plain';

/**
 * `chunks_vec`, once the embedding dimensions are known. With sqlite-vec it is a vec0 KNN table
 * (rowid = chunks.rowid, passed as BigInt); without it a plain table of the same shape that
 * vector-search scans in JS, so both backends read `SELECT rowid, embedding FROM chunks_vec`.
 */
export function createVectorTable(db: Database.Database, dims: number, kind: VectorTableKind): void {
  if (!Number.isInteger(dims) || dims <= 0 || dims > 8192) throw new Error(`invalid embedding dimensions: ${dims}`);
  if (kind === 'vec0') {
    db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS chunks_vec USING vec0(embedding float[${dims}] distance_metric=cosine)`,
    );
  } else {
    db.exec('CREATE TABLE IF NOT EXISTS chunks_vec (rowid INTEGER PRIMARY KEY, embedding BLOB NOT NULL)');
  }
}

/** Every table and FTS5 shadow table the base schema creates; a query needs all of them. */
const BASE_TABLES = [
  'meta',
  'files',
  'chunks',
  'embedding_cache',
  'chunks_fts',
  'chunks_fts_data',
  'chunks_fts_idx',
  'chunks_fts_content',
  'chunks_fts_docsize',
  'chunks_fts_config',
] as const;

/**
 * Tables this version's schema needs but the index lacks (`chunks_vec` when it records vectors).
 * Valid meta does not prove a usable schema: a dropped table turns every search or write into
 * "no such table", which no amount of retrying fixes — only a rebuild does.
 */
export function missingTables(db: Database.Database, expectVectors: boolean): string[] {
  const present = new Set(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[]);
  const wanted: string[] = [...BASE_TABLES];
  if (expectVectors) wanted.push('chunks_vec');
  return wanted.filter((name) => !present.has(name));
}

export function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE name = ? AND type IN ('table', 'view')").get(name) !== undefined;
}

/** How `chunks_vec` is stored in this index, or 'none' before the dims are known. */
export function storedVectorTable(db: Database.Database): VectorTableKind | 'none' {
  const row = db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'chunks_vec'").get() as
    { sql: string | null } | undefined;
  if (!row) return 'none';
  return /using\s+vec0/i.test(row.sql ?? '') ? 'vec0' : 'plain';
}
