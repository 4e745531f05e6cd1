// "Why isn't this file in my results?" Runs the same search, then follows one file through every
// stage — keyword list, vector list, filters, minScore, MMR, maxResults — and names the stage that
// decided, with the numbers that decided it.
import { reasonHeadline } from '../../../../shared/reason-text.js';
import type { ExplainFileResult, ScoreBreakdown, SearchOptions } from '../../../../shared/domain.js';
import { candidateCount } from '../../../../shared/search-defaults.js';
import { matchesDateFilter, matchesSource } from '../core/filters.js';
import { fuseCandidates, type VectorSide } from '../core/fuse.js';
import { describeShownHits, keywordHitsForPath } from '../sqlite/keyword-search.js';
import {
  CHUNK_COLUMNS,
  lookupAccess,
  scoreCandidate,
  traceSearch,
  type ChunkRow,
  type SearchContext,
  type TracedCandidate,
} from './run-search.js';
import { DEFAULT_QUERY_TIMEOUT_MS, runVectorSide } from './vector-side.js';
import { vectorRank } from '../core/select-results.js';
// sqlite-vec caps k at 4096: that is as wide as the vector net can be cast.
import { MAX_KNN_K } from '../sqlite/vector-search.js';

interface ChunkRef {
  rowid: number;
  start_line: number;
  end_line: number;
}

const fmt = (n: number): string => n.toFixed(3);

function fileHasEmbeddings(ctx: SearchContext, path: string): boolean | null {
  try {
    const row = ctx.session.db.prepare('SELECT embedded FROM files WHERE path = ?').get(path) as
      { embedded: number } | undefined;
    return row ? row.embedded === 1 : null;
  } catch {
    return null;
  }
}

function bestChunkOf(c: TracedCandidate): NonNullable<ExplainFileResult['bestChunk']> {
  return {
    startLine: c.startLine,
    endLine: c.endLine,
    keywordRank: c.breakdown.keyword?.rank ?? null,
    vectorRank: vectorRank(c.breakdown),
    breakdown: c.breakdown,
  };
}

function describeScore(b: ScoreBreakdown): string {
  const parts: string[] = [];
  parts.push(b.keyword ? `keyword ${fmt(b.keyword.score)} (BM25 rank ${b.keyword.rank})` : 'no keyword match');
  if (b.vector && 'unavailable' in b.vector) parts.push(`vector unavailable (${reasonHeadline(b.vector.reason)})`);
  else if (b.vector)
    parts.push(`vector ${fmt(b.vector.score)} (cosine ${fmt(b.vector.cosine)}, rank ${b.vector.rank})`);
  else parts.push('not among the vector hits');
  if (b.decay.multiplier !== 1) parts.push(`decay ×${fmt(b.decay.multiplier)}`);
  return parts.join(', ');
}

export async function explainFile(
  ctx: SearchContext,
  path: string,
  options: SearchOptions,
): Promise<ExplainFileResult> {
  const trace = await traceSearch(ctx, options);
  const resolved = trace.options;
  const base = { path, inResults: false, resultRank: null as number | null };

  const returned = trace.results.find((r) => r.path === path);
  if (returned) {
    return {
      ...base,
      inResults: true,
      resultRank: returned.resultRank,
      bestChunk: bestChunkOf(returned),
      code: 'returned',
      reasons: [
        `Returned at rank ${returned.resultRank} with score ${fmt(returned.breakdown.final)}: ${describeScore(returned.breakdown)}.`,
      ],
    };
  }

  const meta = ctx.fileMeta(path);
  const chunks = ctx.session.db
    .prepare('SELECT rowid, start_line, end_line FROM chunks WHERE path = ? ORDER BY start_line')
    .all(path) as ChunkRef[];
  if (!meta || chunks.length === 0) {
    return {
      ...base,
      bestChunk: null,
      code: 'not-indexed',
      reasons: [
        meta
          ? `${path} is indexed but has no searchable text.`
          : `${path} is not in the index: it is not a memory or session file the engine indexes, or it has not been indexed yet.`,
      ],
    };
  }

  const sourceExcluded = !matchesSource(meta.source, resolved.sources);
  const dateExcluded = !matchesDateFilter(meta, resolved.from, resolved.to);
  // Score the file's chunks as the search would, without the filters that exclude it, so the
  // account can still show what it would have scored.
  const keywordHits = trace.keyword.matchQuery
    ? keywordHitsForPath(
        ctx.session,
        trace.keyword.matchQuery,
        path,
        trace.keyword.terms,
        trace.keyword.relaxed,
        {
          sources: sourceExcluded ? null : resolved.sources,
          dateRange:
            dateExcluded || (resolved.from === null && resolved.to === null)
              ? null
              : { from: resolved.from, to: resolved.to },
          dateTerms: resolved.dateTerms,
        },
        {
          written: trace.keyword.written,
          fragments: trace.keyword.fragments,
          partials: trace.keyword.partials,
          expansions: trace.keyword.expansions,
        },
      )
    : [];
  let vectorSide: VectorSide = trace.vector;
  if (trace.vector.available) {
    const wide = await runVectorSide({
      session: ctx.session,
      embedder: ctx.embedder,
      vectorSearch: ctx.vectorSearch,
      unavailableReason: null,
      query: resolved.query,
      limit: Math.max(candidateCount(resolved.maxResults), MAX_KNN_K),
      sources: sourceExcluded ? null : resolved.sources,
      timeoutMs: ctx.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
    });
    const fileRowids = new Set(chunks.map((c) => c.rowid));
    vectorSide = wide.side.available
      ? { available: true, candidates: wide.side.candidates.filter((c) => fileRowids.has(c.chunkRowid)) }
      : wide.side;
  }
  const rows = ctx.session.db.prepare(`SELECT ${CHUNK_COLUMNS} FROM chunks WHERE path = ?`).all(path) as ChunkRow[];
  // A date-only question weighs every chunk by its date, matched or not.
  const fused = fuseCandidates(
    keywordHits,
    vectorSide,
    resolved.weights,
    trace.keyword.terms.length > 0,
    trace.dateOnly ? rows.map((r) => r.rowid) : [],
  );
  const rowById = new Map(rows.map((r) => [r.rowid, r]));
  const access = lookupAccess(
    ctx,
    fused.map((f) => rowById.get(f.chunkRowid)!),
  );
  const scored = fused
    .map((f, i) =>
      scoreCandidate(f, rowById.get(f.chunkRowid)!, meta, resolved, access ? access[i] : undefined, trace.dateOnly),
    )
    .sort((a, b) => b.breakdown.final - a.breakdown.final || a.startLine - b.startLine);
  const best = scored[0] ?? null;
  const bestChunk = best ? bestChunkOf(best) : null;
  const embedded = fileHasEmbeddings(ctx, path);
  const missingEmbeddings = trace.vector.available && embedded === false;
  const reasons: string[] = [];
  const scoreLine = best
    ? `Its best chunk (lines ${best.startLine}-${best.endLine}) scores ${fmt(best.breakdown.final)}: ${describeScore(best.breakdown)}.`
    : null;

  if (sourceExcluded) {
    reasons.push(`The search is limited to ${resolved.sources!.join(', ')}; ${path} is from ${meta.source}.`);
    if (scoreLine) reasons.push(scoreLine);
    return { ...base, bestChunk, code: 'filtered-source', reasons };
  }
  if (dateExcluded) {
    const range = `${resolved.from ?? '…'} to ${resolved.to ?? '…'}`;
    reasons.push(
      meta.kind === 'evergreen' || !meta.date
        ? `The search is limited to dates ${range}; ${path} has no date (evergreen memory), so a date range excludes it.`
        : `The search is limited to dates ${range}; ${path} is dated ${meta.date.date} (from ${meta.date.source}).`,
    );
    if (scoreLine) reasons.push(scoreLine);
    return { ...base, bestChunk, code: 'filtered-date', reasons };
  }
  if (!best) {
    const terms = trace.keyword.terms.length > 0 ? trace.keyword.terms.join(', ') : '(none)';
    if (missingEmbeddings) {
      reasons.push(
        `${path} has no embeddings yet, so the vector side could not find it, and none of the query terms (${terms}) occur in it.`,
      );
      return { ...base, bestChunk: null, code: 'missing-embeddings', reasons };
    }
    reasons.push(
      `None of the query terms (${terms}) occur in ${path}${trace.keyword.relaxed ? ' (even with the relaxed any-term query)' : ''}.`,
    );
    if (!trace.vector.available)
      reasons.push(
        `Vector search was unavailable (${reasonHeadline(trace.vector.reason.message)}), so only keywords could find it.`,
      );
    else reasons.push('Its chunks are not similar enough to the query to be among the vector hits.');
    return { ...base, bestChunk: null, code: 'no-keyword-match', reasons };
  }
  if (best.breakdown.final < resolved.minScore) {
    reasons.push(
      `Its best score ${fmt(best.breakdown.final)} is below the minimum score ${fmt(resolved.minScore)} (short by ${fmt(resolved.minScore - best.breakdown.final)}).`,
    );
    reasons.push(scoreLine!);
    if (missingEmbeddings) reasons.push(`${path} has no embeddings yet, so its vector part counts 0.`);
    return { ...base, bestChunk, code: 'below-min-score', reasons };
  }
  const inTrace = trace.candidates.filter((c) => c.path === path);
  const folded = inTrace.find((c) => c.fate === 'folded-duplicate' && c.foldedInto?.fate === 'returned');
  if (folded?.foldedInto) {
    const into = folded.foldedInto;
    reasons.push(
      `Lines ${folded.startLine}-${folded.endLine} hold exactly the text of ${into.path}:${into.startLine}-${into.endLine}, returned at rank ${into.resultRank}; identical text is shown once, with this file listed as "also in".`,
    );
    return { ...base, bestChunk: bestChunkOf(folded), code: 'duplicate-shown-elsewhere', reasons };
  }
  const suppressed = inTrace.find((c) => c.fate === 'mmr-suppressed');
  if (suppressed) {
    describeShownHits(
      ctx.session,
      [{ chunkRowid: suppressed.chunkRowid, keyword: suppressed.breakdown.keyword }],
      trace.keyword.terms,
      trace.keyword.written,
      resolved.dateTerms,
      trace.keyword.fragments,
      trace.keyword.partials,
      trace.keyword.expansions,
    );
    const mmr = suppressed.breakdown.mmr;
    reasons.push(
      mmr
        ? `MMR (λ ${resolved.mmr.lambda}) moved it from rank ${mmr.rankBefore} to ${mmr.rankAfter}, past the ${resolved.maxResults} results: it is ${fmt(mmr.maxSimilarity)} similar to ${mmr.similarTo ?? 'a result above it'} (penalty ${fmt(mmr.penalty)}).`
        : `MMR (λ ${resolved.mmr.lambda}) pushed it past the ${resolved.maxResults} results.`,
    );
    reasons.push(scoreLine!);
    return { ...base, bestChunk: bestChunkOf(suppressed), code: 'mmr-suppressed', reasons };
  }
  const ahead = trace.candidates.filter(
    (c) => c.breakdown.final > best.breakdown.final && c.fate !== 'filtered-source' && c.fate !== 'filtered-date',
  ).length;
  reasons.push(`${ahead} chunks scored higher and only ${resolved.maxResults} results are returned (maxResults).`);
  reasons.push(scoreLine!);
  if (inTrace.length === 0) {
    reasons.push(
      `It was not among the top ${candidateCount(resolved.maxResults)} candidates of either the keyword or the vector list.`,
    );
  }
  return { ...base, bestChunk, code: 'beyond-max-results', reasons };
}
