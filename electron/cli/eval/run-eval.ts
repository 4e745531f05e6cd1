// Runs a labeled query set through the real engine and judges every ranking: the numbers
// `memlens eval` prints. Each query is searched as a person asking for ten results would search
// (maxResults 10); a query with no relevant result there is searched again, deeper, to say where
// its evidence did rank.
import type { SearchOptions, SearchResult } from '../../../shared/domain.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import type { EvalQuery } from './eval-queries.js';
import { EVAL_DEPTH, judgeRanking, summarizeJudgements } from './retrieval-metrics.js';
import type { LineRange, QueryJudgement, RangeMetrics } from './retrieval-metrics.js';

/** How deep a failed query is searched again to find where its evidence ranked. */
export const FAILURE_DEPTH = 200;

export type EvalSearchOptions = Omit<SearchOptions, 'query' | 'maxResults'>;

export interface QueryOutcome {
  id: string;
  query: string;
  tags: string[];
  judgement: QueryJudgement;
}

export interface EvalFailure {
  id: string;
  query: string;
  tags: string[];
  /** Each relevant range with the rank of the first result covering it within FAILURE_DEPTH, or null. */
  relevant: (LineRange & { rank: number | null })[];
  /** What ranked first instead. */
  top: LineRange[];
}

export interface EvalReport {
  options: EvalSearchOptions;
  overall: RangeMetrics;
  byTag: Record<string, RangeMetrics>;
  outcomes: QueryOutcome[];
  failures: EvalFailure[];
  /** Median query time (ms), for orientation only. */
  queryP50Ms: number;
}

/** Every place a result stands for: its own lines, and those of identical chunks folded into it. */
export function resultPlaces(result: SearchResult): LineRange[] {
  const places: LineRange[] = [{ path: result.path, startLine: result.startLine, endLine: result.endLine }];
  for (const other of result.alsoIn ?? [])
    places.push({ path: other.path, startLine: other.startLine, endLine: other.endLine });
  return places;
}

export async function runEval(
  engine: MemoryEngineApi,
  queries: readonly EvalQuery[],
  options: EvalSearchOptions,
): Promise<EvalReport> {
  const outcomes: QueryOutcome[] = [];
  const failures: EvalFailure[] = [];
  const times: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    const response = await engine.search({ ...options, query: q.query, maxResults: EVAL_DEPTH });
    times.push(performance.now() - started);
    const judgement = judgeRanking(response.results.map(resultPlaces), q.relevant);
    outcomes.push({ id: q.id, query: q.query, tags: q.tags, judgement });
    if (!judgement.hitAt10) {
      const deep = await engine.search({ ...options, query: q.query, maxResults: FAILURE_DEPTH });
      const deepJudgement = judgeRanking(deep.results.map(resultPlaces), q.relevant);
      failures.push({
        id: q.id,
        query: q.query,
        tags: q.tags,
        relevant: q.relevant.map((r, i) => ({ ...r, rank: deepJudgement.rangeRanks[i] ?? null })),
        top: response.results.slice(0, 3).map((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine })),
      });
    }
  }
  return {
    options,
    overall: summarizeJudgements(outcomes.map((o) => o.judgement)),
    byTag: metricsByTag(outcomes),
    outcomes,
    failures,
    queryP50Ms: median(times),
  };
}

function metricsByTag(outcomes: readonly QueryOutcome[]): Record<string, RangeMetrics> {
  const groups = new Map<string, QueryJudgement[]>();
  for (const o of outcomes) {
    for (const tag of o.tags) {
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push(o.judgement);
    }
  }
  const byTag: Record<string, RangeMetrics> = {};
  for (const tag of [...groups.keys()].sort()) byTag[tag] = summarizeJudgements(groups.get(tag)!);
  return byTag;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]! * 100) / 100;
}

export interface RankChange {
  id: string;
  query: string;
  /** First relevant rank within the top 10, null when none. */
  before: number | null;
  after: number | null;
}

/** Queries whose first relevant rank differs between two runs, biggest moves first. */
export function rankChanges(a: EvalReport, b: EvalReport): RankChange[] {
  const byId = new Map(b.outcomes.map((o) => [o.id, o]));
  const changes: RankChange[] = [];
  for (const o of a.outcomes) {
    const other = byId.get(o.id);
    if (!other || other.judgement.firstHit === o.judgement.firstHit) continue;
    changes.push({ id: o.id, query: o.query, before: o.judgement.firstHit, after: other.judgement.firstHit });
  }
  const score = (rank: number | null): number => (rank === null ? 0 : 1 / rank);
  return changes.sort(
    (x, y) =>
      Math.abs(score(y.after) - score(y.before)) - Math.abs(score(x.after) - score(x.before)) ||
      x.id.localeCompare(y.id),
  );
}
