// Every chunk's length in tokens as FTS5 recorded it (%_docsize), in memory by rowid: bm25()'s |D|,
// needed for every chunk a query scores (bm25-union.ts). Read on first use and kept in step with
// the index like the vector matrix. What they are valid for is FTS5's structure record: every
// commit that changes the term index writes a new one (its count of leaves written only grows), so
//  - chunks this connection writes through FileWriter arrive once committed (patchChunkLengths),
//    and the lengths move on to the new structure: a saved file costs a few point reads;
//  - any other change to the term index — another connection's commit, a write behind
//    FileWriter's back — leaves them behind, and the next query reads every length again;
//  - writes elsewhere (files, meta, the embedding cache) do not touch them.
// Removed chunks need nothing: their rowids are in no doclist, and a reused rowid is a write.
import type Database from 'better-sqlite3';
import { readFts5Varint } from './bm25-terms.js';

interface Lengths {
  /** Tokens of chunk `rowid`, 0 for rowids no chunk has (or had, when last read). */
  tokens: Int32Array;
  /** The structure record (as latin1) at which the lengths were last complete; null once stale. */
  key: string | null;
  readOne: Database.Statement<[number], Buffer | undefined>;
  /** How many times every length was read (1 for an index only ever patched since). */
  loads: number;
}

const stores = new WeakMap<Database.Database, Lengths>();
const structureReads = new WeakMap<Database.Database, Database.Statement<[], Buffer | undefined>>();

/** FTS5's structure record (%_data rowid 10) as a string: what the term index is, for comparing. */
export function ftsStructureKey(db: Database.Database): string {
  let read = structureReads.get(db);
  if (!read) {
    read = db.prepare<[], Buffer | undefined>('SELECT block FROM chunks_fts_data WHERE id = 10').pluck();
    structureReads.set(db, read);
  }
  return read.get()?.toString('latin1') ?? '';
}

/** One string for the whole table: ~15× cheaper than a row (and a Buffer) per chunk. */
const ALL_LENGTHS_SQL = "SELECT group_concat(id || ':' || hex(sz), ',') FROM chunks_fts_docsize";

function hexByte(s: string, at: number): number {
  const hi = s.charCodeAt(at);
  const lo = s.charCodeAt(at + 1);
  return ((hi > 0x39 ? hi - 0x37 : hi - 0x30) << 4) | (lo > 0x39 ? lo - 0x37 : lo - 0x30);
}

/** Parses `id:HEX,id:HEX,…` (HEX: the docsize record, whose first varint is the token count). */
function parseAll(text: string | null, into: Int32Array | null): Int32Array {
  let tokens = into ?? new Int32Array(1024);
  tokens.fill(0);
  if (!text) return tokens;
  let at = 0;
  while (at < text.length) {
    let id = 0;
    for (let c = text.charCodeAt(at); c !== 0x3a; c = text.charCodeAt(++at)) id = id * 10 + (c - 0x30);
    at += 1;
    let value = 0;
    for (let i = 0; i < 9; i++) {
      const byte = hexByte(text, at);
      at += 2;
      if (i === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if (byte < 0x80) break;
    }
    while (at < text.length && text.charCodeAt(at) !== 0x2c) at += 1; // other columns' sizes
    at += 1;
    if (id >= tokens.length) tokens = grow(tokens, id);
    tokens[id] = value;
  }
  return tokens;
}

function grow(tokens: Int32Array, rowid: number): Int32Array {
  const grown = new Int32Array(Math.max(rowid + 1, Math.ceil(tokens.length * 1.5)));
  grown.set(tokens);
  return grown;
}

/**
 * The lengths of `db`'s chunks for the term index whose structure record is `structureKey`
 * (ftsStructureKey, read in the same snapshot), read again if the index moved on without them.
 */
export function chunkLengths(db: Database.Database, structureKey: string): Int32Array {
  let store = stores.get(db);
  if (store?.key === structureKey) return store.tokens;
  const text = db.prepare<[], string | null>(ALL_LENGTHS_SQL).pluck().get() ?? null;
  const tokens = parseAll(text, store?.tokens ?? null);
  store ??= { tokens, key: structureKey, readOne: db.prepare<[number], Buffer | undefined>('SELECT sz FROM chunks_fts_docsize WHERE id = ?').pluck(), loads: 0 };
  store.loads += 1;
  store.tokens = tokens;
  store.key = structureKey;
  stores.set(db, store);
  return tokens;
}

/**
 * For FileWriter, as a write transaction begins: the term index's structure now if lengths are
 * kept for it (then the write's chunks can be patched in), else null.
 */
export function chunkLengthsPatchBase(db: Database.Database): string | null {
  const store = stores.get(db);
  if (!store || store.key === null) return null;
  const key = ftsStructureKey(db);
  return key === store.key ? key : null;
}

/**
 * Chunks FileWriter inserted, once their transaction committed. `base` is chunkLengthsPatchBase
 * from before that transaction: the lengths were complete then, so with these rows they are now.
 */
export function patchChunkLengths(db: Database.Database, insertedRowids: readonly number[], base: string | null): void {
  const store = stores.get(db);
  if (!store || store.key === null) return;
  if (base === null || store.key !== base) {
    store.key = null;
    return;
  }
  for (const rowid of insertedRowids) {
    const sz = store.readOne.get(rowid);
    if (rowid >= store.tokens.length) store.tokens = grow(store.tokens, rowid);
    store.tokens[rowid] = sz && sz.length > 0 ? readFts5Varint(sz, 0)[0] : 0;
  }
  store.key = ftsStructureKey(db);
}

/** How many times `db`'s lengths were read in full (0: never). */
export function chunkLengthLoads(db: Database.Database): number {
  return stores.get(db)?.loads ?? 0;
}

/** The next query reads every length again (chunks were written in a transaction FileWriter does not own). */
export function invalidateChunkLengths(db: Database.Database): void {
  const store = stores.get(db);
  if (store) store.key = null;
}
