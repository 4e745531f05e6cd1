// Every chunk's length in tokens as FTS5 recorded it (%_docsize), in memory by rowid: bm25()'s |D|,
// needed for every chunk a query scores (bm25-union.ts). Valid for one FTS5 structure record:
// chunks FileWriter commits are patched in (a saved file costs a few point reads); any other change
// to the term index leaves them behind and the next query reads every length again.
// Removed chunks need nothing: their rowids are in no doclist, and a reused rowid is a write.
import type Database from 'better-sqlite3';
import { FTS_STRUCTURE_SQL } from '../../index/index-commit.js';
import { readFts5Varint } from './fts5-varint.js';

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

/** One connection's chunk lengths; its index session owns it and feeds it FileWriter's commits. */
export class ChunkLengths {
  /** Tokens of chunk `rowid`, 0 for rowids no chunk has (or had, when last read). */
  private tokens: Int32Array | null = null;
  /** The structure record (as latin1) at which the lengths were last complete; null once stale. */
  private key: string | null = null;
  private readStructure: Database.Statement<[], Buffer | undefined> | null = null;
  private readOneStatement: Database.Statement<[number], Buffer | undefined> | null = null;
  /** How many times every length was read (1 for an index only ever patched since). */
  loads = 0;

  constructor(private readonly db: Database.Database) {}

  /** FTS5's structure record as a string: what the term index is, for comparing. */
  structureKey(): string {
    this.readStructure ??= this.db.prepare<[], Buffer | undefined>(FTS_STRUCTURE_SQL).pluck();
    return this.readStructure.get()?.toString('latin1') ?? '';
  }

  /** The lengths for the term index whose structure record is `structureKey` (read in the same snapshot). */
  for(structureKey: string): Int32Array {
    if (this.tokens && this.key === structureKey) return this.tokens;
    const text = this.db.prepare<[], string | null>(ALL_LENGTHS_SQL).pluck().get() ?? null;
    this.tokens = parseAll(text, this.tokens);
    this.key = structureKey;
    this.loads += 1;
    return this.tokens;
  }

  /** Lengths another connection read at `structureKey` (postings-handover.ts), unless these are already current. */
  adopt(structureKey: string, tokens: Int32Array): void {
    if (this.holds(structureKey)) return;
    this.tokens = tokens;
    this.key = structureKey;
  }

  /** Whether the lengths kept are those of the term index whose structure record is `structureKey`. */
  holds(structureKey: string): boolean {
    return this.tokens !== null && this.key === structureKey;
  }

  /** Whether lengths are kept (then a writer's inserted chunks are worth reporting). */
  get kept(): boolean {
    return this.tokens !== null && this.key !== null;
  }

  /**
   * Chunks inserted by a commit that began at structure record `before`: if the lengths were
   * complete then, they are with these rows now; otherwise they are stale.
   */
  patch(insertedRowids: readonly number[], before: string | null): void {
    if (!this.tokens || this.key === null) return;
    if (before === null || this.key !== before) {
      this.key = null;
      return;
    }
    this.readOneStatement ??= this.db
      .prepare<[number], Buffer | undefined>('SELECT sz FROM chunks_fts_docsize WHERE id = ?')
      .pluck();
    for (const rowid of insertedRowids) {
      const sz = this.readOneStatement.get(rowid);
      if (rowid >= this.tokens.length) this.tokens = grow(this.tokens, rowid);
      this.tokens[rowid] = sz && sz.length > 0 ? readFts5Varint(sz, 0)[0] : 0;
    }
    this.key = this.structureKey();
  }

  /** The next query reads every length again. */
  invalidate(): void {
    this.key = null;
  }
}
