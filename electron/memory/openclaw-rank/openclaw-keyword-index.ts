// The agent's keyword index rebuilt the way OpenClaw 2026.9.6 builds it: its chunks in an FTS5
// table with its columns and unicode61 tokenizer (so bm25() gives its numbers), and a second FTS5
// table over file paths for the filename tier. In memory, per profile session: it is derived
// from the files like our own index, and never touches the agent's database.
import Database from 'better-sqlite3';
import { bm25RankToScore, buildFtsQuery, literalMatcher } from './openclaw-query-terms.js';
import type { IndexedOpenClawChunk } from './openclaw-chunker.js';

/** OpenClaw cuts snippets at 700 UTF-16 units. */
export const SNIPPET_MAX_CHARS = 700;
/** Exact-path candidates OpenClaw keeps beside the ranked ones. */
export const EXACT_PATH_LIMIT = 200;

export interface KeywordHit {
  id: string;
  path: string;
  startLine: number;
  endLine: number;
  /** Body: textScore plus the lexical boost; path-only: pathScore (1 for an exact path). */
  score: number;
  /** bm25RankToScore of the body match, 0 without one. */
  textScore: number;
  /** Raw bm25() of the body match, null without one. */
  bm25: number | null;
  pathScore: number;
  /** 3 full path, 2 file name, 1 name without extension, 0 none (prepareExactPathMatcher). */
  exactPathSpecificity: number;
  hasBodyMatch: boolean;
  snippet: string;
}

function truncateUtf16Safe(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  const next = text.charCodeAt(end);
  if (last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) end -= 1;
  return text.slice(0, end);
}

function isAscii(value: string): boolean {
  for (const ch of value) if ((ch.codePointAt(0) ?? 0) > 127) return false;
  return true;
}

function normalizePathIdentifier(value: string): string {
  return value.trim().replaceAll('\\', '/').replace(/^\.\//, '').normalize('NFC').toLowerCase();
}

/** How exactly a query names a path: 3 the path, 2 its file name, 1 its name without extension. */
export function exactPathMatcher(query: string): (candidate: string) => number {
  const q = normalizePathIdentifier(query);
  if (!q || q === '.') return () => 0;
  const hasDirectory = q.includes('/');
  return (candidate) => {
    const p = normalizePathIdentifier(candidate);
    if (q === p) return 3;
    if (hasDirectory) return 0;
    const basename = p.split('/').at(-1) ?? p;
    if (q === basename) return 2;
    const dot = basename.lastIndexOf('.');
    return q === (dot > 0 ? basename.slice(0, dot) : basename) ? 1 : 0;
  };
}

interface ChunkRow {
  id: string;
  path: string;
  start_line: number;
  end_line: number;
  text: string;
  rank: number;
}

interface PathPlan {
  matchQuery: string | null;
  substringTerms: string[];
}

function matchQueryOf(terms: readonly string[]): string | null {
  return terms.length === 0 ? null : terms.map((t) => `"${t.replaceAll('"', '')}"`).join(' AND ');
}

/** The path searches OpenClaw runs for a query (unicode61): the words, then non-ASCII words as substrings. */
function pathPlans(query: string): PathPlan[] {
  const plans: PathPlan[] = [];
  const seen = new Set<string>();
  const add = (plan: PathPlan): void => {
    const key = JSON.stringify([plan.matchQuery, plan.substringTerms]);
    if (seen.has(key)) return;
    seen.add(key);
    plans.push(plan);
  };
  add({ matchQuery: buildFtsQuery(query), substringTerms: [] });
  for (const form of new Set([query.normalize('NFC'), query.normalize('NFD')])) {
    const tokens = (form.match(/[\p{L}\p{M}\p{N}_]+/gu) ?? []).map((t) => t.trim()).filter(Boolean);
    const substringTerms = tokens.filter((t) => !isAscii(t));
    if (substringTerms.length > 0) add({ matchQuery: matchQueryOf(tokens.filter(isAscii)), substringTerms });
  }
  return plans;
}

export class OpenClawKeywordIndex {
  private readonly db: Database.Database;
  private readonly firstChunkOfPath = new Map<string, IndexedOpenClawChunk>();
  private readonly chunkIdsOfPath = new Map<string, string[]>();
  private readonly chunkMap = new Map<string, IndexedOpenClawChunk>();

  constructor(files: ReadonlyArray<{ path: string; chunks: readonly IndexedOpenClawChunk[] }> = []) {
    this.db = new Database(':memory:');
    this.db
      .exec(`CREATE VIRTUAL TABLE chunks_fts USING fts5(text, id UNINDEXED, path UNINDEXED, source UNINDEXED, model UNINDEXED, start_line UNINDEXED, end_line UNINDEXED);
      CREATE VIRTUAL TABLE paths_fts USING fts5(path, source UNINDEXED);`);
    this.db.transaction(() => {
      for (const file of files) this.insertFile(file.path, file.chunks);
    })();
  }

  get chunks(): ReadonlyMap<string, IndexedOpenClawChunk> {
    return this.chunkMap;
  }

  /** Replaces one file's chunks (FTS5 keeps its BM25 statistics exact across deletes). */
  replaceFile(relPath: string, chunks: readonly IndexedOpenClawChunk[]): void {
    this.db.transaction(() => {
      this.deleteFile(relPath);
      this.insertFile(relPath, chunks);
    })();
  }

  removeFile(relPath: string): void {
    this.db.transaction(() => this.deleteFile(relPath))();
  }

  private insertFile(relPath: string, chunks: readonly IndexedOpenClawChunk[]): void {
    if (chunks.length === 0) return;
    this.db.prepare("INSERT INTO paths_fts (path, source) VALUES (?, 'memory')").run(relPath);
    const insert = this.db.prepare(
      "INSERT INTO chunks_fts (text, id, path, source, model, start_line, end_line) VALUES (?, ?, ?, 'memory', 'fts-only', ?, ?)",
    );
    const first = [...chunks].sort((a, b) => a.startLine - b.startLine || a.endLine - b.endLine)[0];
    if (first) this.firstChunkOfPath.set(relPath, first);
    for (const chunk of chunks) {
      insert.run(chunk.text, chunk.id, chunk.path, chunk.startLine, chunk.endLine);
      this.chunkMap.set(chunk.id, chunk);
    }
    this.chunkIdsOfPath.set(
      relPath,
      chunks.map((c) => c.id),
    );
  }

  private deleteFile(relPath: string): void {
    const ids = this.chunkIdsOfPath.get(relPath);
    if (!ids) return;
    this.db.prepare('DELETE FROM chunks_fts WHERE path = ?').run(relPath);
    this.db.prepare('DELETE FROM paths_fts WHERE path = ?').run(relPath);
    for (const id of ids) this.chunkMap.delete(id);
    this.chunkIdsOfPath.delete(relPath);
    this.firstChunkOfPath.delete(relPath);
  }

  close(): void {
    this.db.close();
  }

  /** Body hits for one query: FTS5 MATCH of its words, best bm25 first (OpenClaw's searchKeyword). */
  searchBody(
    query: string,
    limit: number,
  ): Array<Omit<KeywordHit, 'score' | 'pathScore' | 'exactPathSpecificity'> & { text: string }> {
    const matchQuery = buildFtsQuery(query);
    if (!matchQuery) return [];
    let rows: ChunkRow[];
    let usedMatch = true;
    try {
      rows = this.db
        .prepare(
          "SELECT id, path, start_line, end_line, text, chunks_fts.rank AS rank FROM chunks_fts WHERE chunks_fts MATCH ? AND chunks_fts.rank MATCH 'bm25()' ORDER BY rank ASC LIMIT ?",
        )
        .all(matchQuery, limit) as ChunkRow[];
    } catch {
      // OpenClaw then looks for every word as a substring, unranked.
      usedMatch = false;
      const words = [...new Set((query.match(/[\p{L}\p{N}_]+/gu) ?? []).map((t) => t.trim()).filter(Boolean))].map(
        (w) => literalMatcher(w),
      );
      rows = (
        this.db.prepare('SELECT id, path, start_line, end_line, text, 0 AS rank FROM chunks_fts').all() as ChunkRow[]
      )
        .filter((row) => words.every((w) => w.test(row.text.normalize('NFC'))))
        .slice(0, limit);
    }
    return rows.map((row) => ({
      id: row.id,
      path: row.path,
      startLine: row.start_line,
      endLine: row.end_line,
      textScore: usedMatch ? bm25RankToScore(row.rank) : 0,
      bm25: usedMatch ? row.rank : null,
      hasBodyMatch: true,
      snippet: truncateUtf16Safe(row.text, SNIPPET_MAX_CHARS),
      text: row.text,
    }));
  }

  private pathHit(relPath: string, pathScore: number, exactPathSpecificity: number): KeywordHit | null {
    const chunk = this.firstChunkOfPath.get(relPath);
    if (!chunk) return null;
    return {
      id: chunk.id,
      path: relPath,
      startLine: chunk.startLine,
      endLine: chunk.endLine,
      score: pathScore,
      textScore: 0,
      bm25: null,
      pathScore,
      exactPathSpecificity,
      hasBodyMatch: false,
      snippet: truncateUtf16Safe(chunk.text, SNIPPET_MAX_CHARS),
    };
  }

  /** Paths matching the query's words, ranked by bm25() over the path (the substring plan: score 1). */
  private lexicalPaths(plan: PathPlan): Array<{ path: string; rank: number; usedMatch: boolean }> {
    const substrings = plan.substringTerms.map((t) => literalMatcher(t));
    const keep = (p: string): boolean => substrings.every((m) => m.test(p.normalize('NFC')));
    if (plan.matchQuery) {
      try {
        const rows = this.db
          .prepare('SELECT path, bm25(paths_fts) AS rank FROM paths_fts WHERE paths_fts MATCH ?')
          .all(plan.matchQuery) as Array<{ path: string; rank: number }>;
        return rows.filter((r) => keep(r.path)).map((r) => ({ ...r, usedMatch: true }));
      } catch {
        const words = (plan.matchQuery.match(/[\p{L}\p{M}\p{N}_]+/gu) ?? []).map((w) => literalMatcher(w));
        return this.allPaths()
          .filter((p) => keep(p) && words.every((w) => w.test(p.normalize('NFC'))))
          .map((p) => ({ path: p, rank: 0, usedMatch: false }));
      }
    }
    return this.allPaths()
      .filter(keep)
      .map((p) => ({ path: p, rank: 0, usedMatch: false }));
  }

  private allPaths(): string[] {
    return (this.db.prepare('SELECT path FROM paths_fts').all() as Array<{ path: string }>).map((r) => r.path);
  }

  /** The filename tier (OpenClaw's searchPathKeyword): exact path hits, then paths ranked by bm25. */
  searchPaths(query: string, exactPathQuery: string, limit: number): KeywordHit[] {
    const matchExact = exactPathMatcher(exactPathQuery);
    const exact = new Map<string, KeywordHit>();
    for (const p of [...this.firstChunkOfPath.keys()].sort()) {
      const specificity = matchExact(p);
      const hit = specificity > 0 ? this.pathHit(p, 0, specificity) : null;
      if (hit) exact.set(hit.id, { ...hit, score: 0 });
    }
    const plans = pathPlans(query).filter((plan) => plan.matchQuery || plan.substringTerms.length > 0);
    if (plans.length === 0) return [...exact.values()].sort(comparePathHits).slice(0, EXACT_PATH_LIMIT + limit);
    const lexical = new Map<string, KeywordHit>();
    for (const plan of plans) {
      const rows = this.lexicalPaths(plan).sort(
        (a, b) => a.rank - b.rank || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
      );
      const exactRows = rows.filter((r) => matchExact(r.path) > 0).slice(0, EXACT_PATH_LIMIT);
      const otherRows = rows.filter((r) => matchExact(r.path) === 0).slice(0, limit);
      for (const row of [...exactRows, ...otherRows]) {
        const pathScore = row.usedMatch ? bm25RankToScore(row.rank) : 1;
        const hit = this.pathHit(row.path, pathScore, matchExact(row.path));
        if (!hit) continue;
        const existing = lexical.get(hit.id);
        if (!existing) {
          lexical.set(hit.id, hit);
          continue;
        }
        existing.pathScore = Math.max(existing.pathScore, hit.pathScore);
        existing.score = Math.max(existing.score, hit.score);
        existing.exactPathSpecificity = Math.max(existing.exactPathSpecificity, hit.exactPathSpecificity);
      }
    }
    const byId = new Map(exact);
    let nonExact = 0;
    for (const hit of [...lexical.values()].sort(comparePathHits)) {
      if (hit.exactPathSpecificity > 0) {
        const known = byId.get(hit.id);
        if (!known) continue;
        known.pathScore = Math.max(known.pathScore, hit.pathScore);
        known.score = Math.max(known.score, hit.score);
        known.exactPathSpecificity = Math.max(known.exactPathSpecificity, hit.exactPathSpecificity);
        continue;
      }
      if (nonExact >= limit) continue;
      byId.set(hit.id, hit);
      nonExact += 1;
    }
    return [...byId.values()].sort(comparePathHits).slice(0, EXACT_PATH_LIMIT + limit);
  }
}

function comparePathHits(a: KeywordHit, b: KeywordHit): number {
  const specificity = b.exactPathSpecificity - a.exactPathSpecificity;
  if (specificity !== 0) return specificity;
  if (a.exactPathSpecificity === 0) {
    const delta = b.pathScore - a.pathScore;
    if (delta !== 0) return delta;
  }
  return a.path.localeCompare(b.path) || a.startLine - b.startLine || a.id.localeCompare(b.id);
}
