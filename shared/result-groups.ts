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

/** Lines of one file that read as one passage: the items whose ranges overlap or touch, best first. */
export interface LineRegion<T> {
  /** In the order given (best first): `items[0]` stands for the region. */
  items: T[];
  startLine: number;
  endLine: number;
}

/**
 * Merges line ranges that overlap or touch (end + 1 ≥ next start) into regions, per file; `byRank`
 * is best first and regions come back in the order of their best item. The one rule for the
 * result list and for the engine's lists (CLI, HTTP, MCP), so both show the same regions.
 */
export function mergeLineRegions<T extends { path: string; startLine: number; endLine: number }>(
  byRank: readonly T[],
): LineRegion<T>[] {
  const order = new Map<T, number>(byRank.map((item, i) => [item, i]));
  const byPath = new Map<string, T[]>();
  for (const item of byRank) {
    const list = byPath.get(item.path) ?? [];
    list.push(item);
    byPath.set(item.path, list);
  }
  const regions: LineRegion<T>[] = [];
  for (const items of byPath.values()) {
    const sorted = [...items].sort((a, b) => a.startLine - b.startLine || order.get(a)! - order.get(b)!);
    let run: T[] = [];
    let end = -Infinity;
    const close = (): void => {
      if (run.length === 0) return;
      run.sort((a, b) => order.get(a)! - order.get(b)!);
      regions.push({
        items: run,
        startLine: Math.min(...run.map((r) => r.startLine)),
        endLine: Math.max(...run.map((r) => r.endLine)),
      });
    };
    for (const item of sorted) {
      if (run.length > 0 && item.startLine <= end + 1) {
        run.push(item);
        end = Math.max(end, item.endLine);
      } else {
        close();
        run = [item];
        end = item.endLine;
      }
    }
    close();
  }
  return regions.sort((a, b) => order.get(a.items[0]!)! - order.get(b.items[0]!)!);
}

/** Merges a file's entries whose line ranges overlap or touch (end + 1 ≥ next start). */
function mergeByLines(entries: Array<{ head: RankedResult; alike: RankedResult[] }>): ResultHit[] {
  const byRank = [...entries].sort((a, b) => a.head.rank - b.head.rank);
  const asLines = byRank.map((entry) => ({
    entry,
    path: entry.head.result.path,
    startLine: entry.head.result.startLine,
    endLine: entry.head.result.endLine,
  }));
  return mergeLineRegions(asLines).map((region) => ({
    primary: region.items[0]!.entry.head,
    merged: region.items.slice(1).map((i) => i.entry.head),
    alike: region.items.flatMap((i) => i.entry.alike).sort((a, b) => a.rank - b.rank),
    startLine: region.startLine,
    endLine: region.endLine,
  }));
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
