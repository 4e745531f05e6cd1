// Search results as a person reads them: one entry per file, like VS Code's search. Chunks of one
// file whose lines overlap or touch become one hit spanning them; chunks of other files with the
// same text (shared/same-text.ts: a note copied under two folders) fold into the best one, which
// lists them; the runs of one automated prompt (a cron job, the heartbeat, a sub-agent's task) fold
// across sessions into one hit with the run list. Pure post-processing of the engine's ranked list:
// every hit keeps the engine's result — its rank, score and breakdown — as its `primary`.
import type { SearchResult } from './domain.js';
import { sameTextKey } from './same-text.js';

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
  /** Chunks elsewhere folded into this hit, by rank: the same text, or other runs of the same prompt. */
  alike: RankedResult[];
  /** Set when the hit folds the runs of one automated prompt (the key `runOf` gave its sessions). */
  runKey?: string;
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

/** Which automated prompt left a path (cron job, heartbeat, sub-agent task); undefined for the rest. */
export type RunOf = (path: string) => string | undefined;

interface FoldEntry {
  head: RankedResult;
  alike: RankedResult[];
  runKey?: string;
}

function foldAlike(ranked: RankedResult[], runOf: RunOf): FoldEntry[] {
  const byKey = new Map<string, FoldEntry>();
  const out: FoldEntry[] = [];
  for (const item of ranked) {
    const run = runOf(item.result.path);
    const key = run !== undefined ? `run\0${run}` : `text\0${sameTextKey(item.result.snippet)}`;
    const seen = key !== 'text\0' ? byKey.get(key) : undefined;
    // Same text in the same file is a matter for merging by lines; a run's every chunk folds.
    if (seen && (run !== undefined || seen.head.result.path !== item.result.path)) {
      seen.alike.push(item);
      continue;
    }
    const entry: FoldEntry = { head: item, alike: [], ...(run !== undefined ? { runKey: run } : {}) };
    if (key !== 'text\0' && !seen) byKey.set(key, entry);
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
function mergeByLines(entries: FoldEntry[]): ResultHit[] {
  const byRank = [...entries].sort((a, b) => a.head.rank - b.head.rank);
  const asLines = byRank.map((entry) => ({
    entry,
    path: entry.head.result.path,
    startLine: entry.head.result.startLine,
    endLine: entry.head.result.endLine,
  }));
  return mergeLineRegions(asLines).map((region) => {
    const runKey = region.items[0]!.entry.runKey;
    return {
      primary: region.items[0]!.entry.head,
      merged: region.items.slice(1).map((i) => i.entry.head),
      alike: region.items.flatMap((i) => i.entry.alike).sort((a, b) => a.rank - b.rank),
      ...(runKey !== undefined ? { runKey } : {}),
      startLine: region.startLine,
      endLine: region.endLine,
    };
  });
}

/** The engine's ranked results grouped by file, merged by lines, folded by text and by prompt. */
export function groupResults(results: readonly SearchResult[], runOf: RunOf = () => undefined): ResultGroup[] {
  const ranked = results.map((result, i) => ({ result, rank: i + 1 }));
  const byPath = new Map<string, FoldEntry[]>();
  for (const entry of foldAlike(ranked, runOf)) {
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
