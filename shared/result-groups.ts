// Search results as a person reads them: one entry per file, like VS Code's search. Chunks of one
// file whose lines overlap or touch become one hit spanning them; chunks whose text is the same but
// for numbers (a cron prompt with its run time, in many sessions) fold into the best one, "and N
// more like it". Pure post-processing of the engine's ranked list: every hit keeps the engine's
// result — its rank, score and breakdown — as its `primary`, so the numbers shown stay exact.
import type { SearchResult } from './domain.js';

export interface RankedResult {
  result: SearchResult;
  /** 1-based position in the engine's list. */
  rank: number;
}

export interface ResultHit {
  /** The best-ranked chunk of the hit: its score, snippet and breakdown are the hit's. */
  primary: RankedResult;
  /** Other chunks of the same file merged into this hit (overlapping or adjacent lines), by rank. */
  merged: RankedResult[];
  /** Chunks elsewhere with the same text but for numbers and spacing, folded into this hit, by rank. */
  alike: RankedResult[];
  /** The lines the hit spans: all of its merged chunks. */
  startLine: number;
  endLine: number;
}

export interface ResultGroup {
  path: string;
  source: SearchResult['source'];
  /** The best rank in the group: groups are listed in that order. */
  bestRank: number;
  /** By the rank of their primary. */
  hits: ResultHit[];
}

/**
 * What makes two snippets "the same text": digits, ISO times and hex ids (run times, session ids)
 * dropped, whitespace and case folded. Exported so the rule is tested by itself.
 */
export function sameTextKey(snippet: string): string {
  return snippet
    .replace(/…/g, '')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '#')
    .replace(/\p{Nd}+/gu, '#')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function foldAlike(ranked: RankedResult[]): Array<{ head: RankedResult; alike: RankedResult[] }> {
  const byKey = new Map<string, { head: RankedResult; alike: RankedResult[] }>();
  const out: Array<{ head: RankedResult; alike: RankedResult[] }> = [];
  for (const item of ranked) {
    const key = sameTextKey(item.result.snippet);
    const seen = key ? byKey.get(key) : undefined;
    // Same text in the same file is a matter for merging by lines, not folding.
    if (seen && seen.head.result.path !== item.result.path) {
      seen.alike.push(item);
      continue;
    }
    const entry = { head: item, alike: [] };
    if (key && !seen) byKey.set(key, entry);
    out.push(entry);
  }
  return out;
}

/** Merges a file's entries whose line ranges overlap or touch (end + 1 ≥ next start). */
function mergeByLines(entries: Array<{ head: RankedResult; alike: RankedResult[] }>): ResultHit[] {
  const sorted = [...entries].sort(
    (a, b) => a.head.result.startLine - b.head.result.startLine || a.head.rank - b.head.rank,
  );
  const runs: Array<typeof sorted> = [];
  let end = -Infinity;
  for (const entry of sorted) {
    const r = entry.head.result;
    if (runs.length > 0 && r.startLine <= end + 1) runs[runs.length - 1]!.push(entry);
    else runs.push([entry]);
    end = runs[runs.length - 1]!.length === 1 ? r.endLine : Math.max(end, r.endLine);
  }
  return runs
    .map((run) => {
      const byRank = [...run].sort((a, b) => a.head.rank - b.head.rank);
      return {
        primary: byRank[0]!.head,
        merged: byRank.slice(1).map((e) => e.head),
        alike: byRank.flatMap((e) => e.alike).sort((a, b) => a.rank - b.rank),
        startLine: Math.min(...run.map((e) => e.head.result.startLine)),
        endLine: Math.max(...run.map((e) => e.head.result.endLine)),
      };
    })
    .sort((a, b) => a.primary.rank - b.primary.rank);
}

/** The engine's ranked results grouped by file, merged by lines and folded by text. */
export function groupResults(results: readonly SearchResult[]): ResultGroup[] {
  const ranked = results.map((result, i) => ({ result, rank: i + 1 }));
  const byPath = new Map<string, Array<{ head: RankedResult; alike: RankedResult[] }>>();
  for (const entry of foldAlike(ranked)) {
    const list = byPath.get(entry.head.result.path) ?? [];
    list.push(entry);
    byPath.set(entry.head.result.path, list);
  }
  return [...byPath.entries()]
    .map(([path, entries]) => {
      const hits = mergeByLines(entries);
      return { path, source: entries[0]!.head.result.source, bestRank: hits[0]!.primary.rank, hits };
    })
    .sort((a, b) => a.bestRank - b.bestRank);
}

/** "12-40" or "12": the lines a hit spans. */
export function hitLines(hit: Pick<ResultHit, 'startLine' | 'endLine'>): string {
  return hit.startLine === hit.endLine ? `${hit.startLine}` : `${hit.startLine}-${hit.endLine}`;
}

/**
 * The engine's list as it came, one group per result: "as your agent ranks" shows exactly the
 * chunks the agent gets, overlaps included, so nothing is merged or folded there.
 */
export function resultsAsListed(results: readonly SearchResult[]): ResultGroup[] {
  return results.map((result, i) => ({
    path: result.path,
    source: result.source,
    bestRank: i + 1,
    hits: [
      { primary: { result, rank: i + 1 }, merged: [], alike: [], startLine: result.startLine, endLine: result.endLine },
    ],
  }));
}
