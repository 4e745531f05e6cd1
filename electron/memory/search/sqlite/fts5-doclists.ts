// FTS5's term index read directly: for one term, every chunk that holds it and how many times —
// the two inputs of bm25() that only the index has. FTS5's bm25() pays a %_docsize lookup and an
// auxiliary-function call for every matching row; decoded here, a query over a common word does
// not pay FTS5 for scoring rows it will not return (bm25-union.ts).
//
// The layout is fts5_index.c's (SQLite 3.53; stable since FTS5's on-disk format 4): the structure
// record (%_data rowid 10) lists the segments level by level; %_idx maps (segment, first term of a
// leaf page) to the page; a leaf holds prefix-compressed terms, each followed by its doclist —
// rowid varint (then deltas), poslist size varint (bytes × 2 + delete flag), positions — which may
// run on over following pages. Where two segments hold the same rowid for a term, the newer
// segment's entry stands (level 0 before level 1, the last segment of a level first), and an entry
// with no positions is a deletion. Anything this reader does not know (a structure record of the
// contentless_delete kind, a damaged page) throws, and the caller asks FTS5 instead.
import type Database from 'better-sqlite3';
import { Fts5FormatError, VarintReader } from './fts5-varint.js';

/** FTS5 keeps the main index's terms behind this byte ('0'); prefix indexes use '1', '2', … */
const MAIN_INDEX_PREFIX = 0x30;
/** %_data rowid of the structure record. */
const STRUCTURE_ROWID = 10;
/** FTS5_SEGMENT_ROWID: segid << (31 page bits + 5 height bits + 1 doclist-index bit). */
const SEGMENT_ROWID_FACTOR = 2 ** 37;
/** The first four bytes after the cookie of a structure record written by contentless_delete tables. */
const STRUCTURE_V2 = [0xff, 0x00, 0x00, 0x01] as const;

export interface Fts5Segment {
  id: number;
  firstPage: number;
  lastPage: number;
}

function readU16(bytes: Uint8Array, offset: number): number {
  return (bytes[offset]! << 8) | bytes[offset + 1]!;
}

/**
 * The segments of a structure record, newest first (the order in which entries shadow each
 * other). Null for a V2 record (contentless_delete tables keep tombstones this reader ignores).
 */
export function parseStructure(record: Uint8Array): Fts5Segment[] | null {
  if (record.length < 7) throw new Fts5FormatError('short structure record');
  if (record.length >= 8 && STRUCTURE_V2.every((b, i) => record[4 + i] === b)) return null;
  const varint = new VarintReader();
  let at = 4;
  const levels = varint.read(record, at);
  at = varint.end;
  varint.read(record, at); // total segments
  at = varint.end;
  varint.read(record, at); // write counter
  at = varint.end;
  const segments: Fts5Segment[] = [];
  for (let level = 0; level < levels; level++) {
    varint.read(record, at); // segments being merged into the next level (their pages are trimmed as they go)
    at = varint.end;
    const count = varint.read(record, at);
    at = varint.end;
    const inLevel: Fts5Segment[] = [];
    for (let i = 0; i < count; i++) {
      const id = varint.read(record, at);
      const firstPage = varint.read(record, varint.end);
      const lastPage = varint.read(record, varint.end);
      at = varint.end;
      if (lastPage < firstPage) throw new Fts5FormatError('segment ends before it starts');
      inLevel.push({ id, firstPage, lastPage });
    }
    for (let i = inLevel.length - 1; i >= 0; i--) segments.push(inLevel[i]!);
  }
  return segments;
}

/** One term's postings: `count` chunks (rowid order not guaranteed) and the term's occurrences in each. */
export interface TermPostings {
  rowids: Int32Array;
  occurrences: Int32Array;
  count: number;
}

/** Leaf bytes kept per structure record; past it, leaves are read each time again. */
const MAX_KEPT_LEAF_BYTES = 8 << 20;
/** A segment's %_idx rows are kept when it has at most this many leaves (one row per leaf at most). */
const MAX_KEPT_INDEX_LEAVES = 4096;

/**
 * Leaves and %_idx rows already read for one structure record: while it stands, no segment's
 * pages change (FTS5 writes new segments, and rewrites a trimmed one's first page, only with a
 * new record). A new word of a query is looked up in every segment, mostly on the same leaves.
 */
export class Fts5Leaves {
  readonly pages = new Map<number, Buffer>();
  bytes = 0;
  /** Per segment id: its %_idx terms in order and their pages; null where they are not kept. */
  readonly index = new Map<number, { terms: Buffer[]; pages: number[] } | null>();
}

/** Reads doclists of one FTS5 table; statements prepared once per connection. */
export class Fts5DoclistReader {
  private readonly varint = new VarintReader();
  private readonly structure: Database.Statement<[], Buffer | undefined>;
  private readonly pageOf: Database.Statement<[number, Buffer], number | undefined>;
  private readonly page: Database.Statement<[number], Buffer | undefined>;
  private readonly indexOf: Database.Statement<[number], { term: unknown; pgno: number }>;
  private leaves: Fts5Leaves | null = null;
  /** Per rowid, the term (read number) whose entry for it was seen last: older segments' entries are shadowed. */
  private seen = new Int32Array(1024);
  private reads = 0;
  private rowids = new Int32Array(256);
  private occurrences = new Int32Array(256);
  private count = 0;

  constructor(db: Database.Database, table = 'chunks_fts') {
    this.structure = db
      .prepare<[], Buffer | undefined>(`SELECT block FROM ${table}_data WHERE id = ${STRUCTURE_ROWID}`)
      .pluck();
    this.pageOf = db
      .prepare<[number, Buffer], number | undefined>(
        `SELECT pgno FROM ${table}_idx WHERE segid = ? AND term <= ? ORDER BY term DESC LIMIT 1`,
      )
      .pluck();
    this.page = db.prepare<[number], Buffer | undefined>(`SELECT block FROM ${table}_data WHERE id = ?`).pluck();
    this.indexOf = db.prepare<[number], { term: unknown; pgno: number }>(
      `SELECT term, pgno FROM ${table}_idx WHERE segid = ? ORDER BY term`,
    );
  }

  /** The structure record as it is now (parseStructure reads it); undefined for an index never written. */
  structureRecord(): Buffer | undefined {
    return this.structure.get();
  }

  /**
   * Every chunk holding `token` (an index form: lowercased, stemmed) with its occurrences. The
   * arrays are this reader's and are overwritten by the next call. `leaves`: what was read before
   * under the same structure record, kept there.
   */
  postings(segments: readonly Fts5Segment[], token: string, leaves: Fts5Leaves | null = null): TermPostings {
    const key = Buffer.from(`${String.fromCharCode(MAIN_INDEX_PREFIX)}${token}`, 'utf8');
    this.count = 0;
    this.reads += 1;
    if (this.reads === 0x7fffffff) {
      this.seen.fill(0);
      this.reads = 1;
    }
    this.leaves = leaves;
    try {
      for (const segment of segments) this.readSegment(segment, key);
    } finally {
      this.leaves = null;
    }
    return { rowids: this.rowids, occurrences: this.occurrences, count: this.count };
  }

  /** The page %_idx names for `key` in `segment` (the last leaf whose first term is ≤ key), as pageOf answers. */
  private indexedPage(segment: Fts5Segment, key: Buffer): number | undefined {
    const leaves = this.leaves;
    if (!leaves) return this.pageOf.get(segment.id, key);
    let kept = leaves.index.get(segment.id);
    if (kept === undefined) {
      kept = null;
      if (segment.lastPage - segment.firstPage < MAX_KEPT_INDEX_LEAVES) {
        const rows = this.indexOf.all(segment.id);
        // FTS5 binds its terms as blobs, which SQLite orders as Buffer.compare does.
        if (rows.every((r) => Buffer.isBuffer(r.term)))
          kept = { terms: rows.map((r) => r.term as Buffer), pages: rows.map((r) => r.pgno) };
      }
      leaves.index.set(segment.id, kept);
    }
    if (kept === null) return this.pageOf.get(segment.id, key);
    let lo = 0;
    let hi = kept.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (Buffer.compare(kept.terms[mid]!, key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? undefined : kept.pages[lo - 1];
  }

  private loadPage(segment: Fts5Segment, pgno: number): Buffer {
    const id = segment.id * SEGMENT_ROWID_FACTOR + pgno;
    const leaves = this.leaves;
    let page = leaves?.pages.get(id);
    if (page === undefined) {
      page = this.page.get(id);
      if (leaves && page && leaves.bytes < MAX_KEPT_LEAF_BYTES) {
        leaves.pages.set(id, page);
        leaves.bytes += page.length;
      }
    }
    if (!page || page.length < 4) throw new Fts5FormatError(`missing leaf ${segment.id}/${pgno}`);
    const szLeaf = readU16(page, 2);
    if (szLeaf < 4 || szLeaf > page.length) throw new Fts5FormatError(`bad leaf header ${segment.id}/${pgno}`);
    return page;
  }

  private emit(rowid: number, occurrences: number): void {
    if (rowid > 0x7fffffff || rowid < 0) throw new Fts5FormatError('rowid out of range');
    if (rowid >= this.seen.length) {
      const grown = new Int32Array(Math.max(rowid + 1, this.seen.length * 2));
      grown.set(this.seen);
      this.seen = grown;
    }
    if (this.seen[rowid] === this.reads) return; // a newer segment's entry stands
    this.seen[rowid] = this.reads;
    if (occurrences === 0) return; // deleted
    if (this.count === this.rowids.length) {
      const rowids = new Int32Array(this.count * 2);
      rowids.set(this.rowids);
      this.rowids = rowids;
      const occ = new Int32Array(this.count * 2);
      occ.set(this.occurrences);
      this.occurrences = occ;
    }
    this.rowids[this.count] = rowid;
    this.occurrences[this.count] = occurrences;
    this.count += 1;
  }

  /**
   * Finds `key` among the terms of a leaf page as fts5LeafSeek does, without building the terms:
   * `matched` is how many leading bytes of `key` the last term shared, and each term's
   * shared-prefix length says whether it can still equal `key`. Returns the offset just after the
   * term and the end of its doclist on this page (the next term's offset, or past the page), or null.
   */
  private findTerm(page: Uint8Array, key: Uint8Array): { at: number; end: number } | null {
    const szLeaf = readU16(page, 2);
    const n = page.length;
    if (szLeaf >= n) return null; // no term starts on this page
    let pgidx = szLeaf;
    let termOff = this.varint.read(page, pgidx);
    pgidx = this.varint.end;
    let at = termOff;
    let keep = 0;
    let matched = 0;
    for (;;) {
      const fresh = this.varint.read(page, at);
      at = this.varint.end;
      if (at + fresh > n || fresh === 0) throw new Fts5FormatError('bad term on leaf');
      if (keep < matched) return null; // this term left the key's prefix earlier, upwards: past the key
      if (keep === matched) {
        let i = 0;
        const cmp = Math.min(fresh, key.length - matched);
        while (i < cmp && page[at + i] === key[matched + i]) i += 1;
        matched += i;
        if (matched === key.length) {
          if (i !== fresh) return null; // the key is a proper prefix of this term: past the key
          let next = n + 1;
          if (pgidx < n) next = termOff + this.varint.read(page, pgidx);
          return { at: at + fresh, end: next };
        }
        if (i < fresh && page[at + i]! > key[matched]!) return null;
      }
      if (pgidx >= n) return null; // the key would sort after this page's last term
      termOff += this.varint.read(page, pgidx);
      pgidx = this.varint.end;
      at = termOff;
      keep = this.varint.read(page, at);
      at = this.varint.end;
    }
  }

  /** Emits the entries of `key`'s doclist in one segment (fts5SegIterSeekInit + fts5SegIterNext). */
  private readSegment(segment: Fts5Segment, key: Buffer): void {
    const indexed = this.indexedPage(segment, key);
    let pgno = indexed === undefined ? segment.firstPage : Math.max(segment.firstPage, Math.floor(indexed / 2));
    if (pgno > segment.lastPage) return;
    let page = this.loadPage(segment, pgno);
    const found = this.findTerm(page, key);
    if (!found) return;
    let szLeaf = readU16(page, 2);
    let end = found.end;
    let at = found.at;
    // The term can end its page, its first rowid heading the next (fts5SegIterLoadRowid).
    while (at >= szLeaf) {
      pgno += 1;
      if (pgno > segment.lastPage) throw new Fts5FormatError('doclist runs past its segment');
      page = this.loadPage(segment, pgno);
      szLeaf = readU16(page, 2);
      end = szLeaf < page.length ? this.varint.read(page, szLeaf) : page.length + 1;
      at = 4;
    }
    let rowid = this.varint.read(page, at);
    at = this.varint.end;
    for (;;) {
      // The poslist size (bytes × 2 + delete flag) always shares the rowid's page.
      let size = page[at]!;
      if (size < 0x80) at += 1;
      else {
        size = this.varint.read(page, at);
        at = this.varint.end;
      }
      let remaining = size >>> 1;
      // Occurrences: one position varint each, i.e. one byte below 0x80 each (a single-column
      // table has no column markers). A poslist may go on over the following pages.
      let occurrences = 0;
      let stop = at + remaining;
      if (stop > szLeaf) stop = szLeaf;
      for (let i = at; i < stop; i++) if (page[i]! < 0x80) occurrences += 1;
      remaining -= stop - at;
      at = stop;
      const startPage = pgno;
      while (remaining > 0) {
        pgno += 1;
        if (pgno > segment.lastPage) throw new Fts5FormatError('poslist runs past its segment');
        page = this.loadPage(segment, pgno);
        szLeaf = readU16(page, 2);
        stop = Math.min(szLeaf, 4 + remaining);
        for (let i = 4; i < stop; i++) if (page[i]! < 0x80) occurrences += 1;
        remaining -= stop - 4;
        at = stop;
      }
      this.emit(rowid, occurrences);
      if (pgno === startPage && at < szLeaf) {
        if (at >= end) return; // the next term starts here
        const delta = page[at]!;
        if (delta < 0x80) {
          rowid += delta;
          at += 1;
        } else {
          rowid += this.varint.read(page, at);
          at = this.varint.end;
        }
        continue;
      }
      // The next entry is on a later page (fts5SegIterNext): the first page from here (or from
      // the one the poslist ended on) whose header names a first rowid; a page that starts with
      // a term instead ends the doclist.
      let next = pgno === startPage ? pgno + 1 : pgno;
      let resumed = false;
      for (; next <= segment.lastPage; next++) {
        const candidate = next === pgno ? page : this.loadPage(segment, next);
        const candidateLeaf = readU16(candidate, 2);
        const firstRowid = readU16(candidate, 0);
        const hasTerms = candidateLeaf < candidate.length;
        if (firstRowid !== 0 && firstRowid < candidateLeaf) {
          page = candidate;
          pgno = next;
          szLeaf = candidateLeaf;
          rowid = this.varint.read(page, firstRowid);
          at = this.varint.end;
          end = hasTerms ? this.varint.read(page, szLeaf) : page.length + 1;
          resumed = true;
          break;
        }
        if (hasTerms) return;
      }
      if (!resumed) return;
    }
  }
}
