// The `openclaw` search profile: one object per open workspace that keeps OpenClaw-style chunks
// of the memory files (rebuilt when a file's size or mtime changes) and answers a search with
// OpenClaw 2026.9.6's keyword-only memory_search, each result carrying both our breakdown parts
// (whose computeFinalScore is OpenClaw's score) and OpenClaw's own steps.
import { scanAnnotations } from '../../../shared/memory-annotations.js';
import { OPENCLAW_RANKING_RELEASE } from '../../../shared/openclaw-rank-schemas.js';
import type { HighlightRange, ScoreBreakdown, SearchOptions, SearchResponse, SearchResult } from '../../../shared/domain.js';
import { computeFinalScore } from '../../../shared/score.js';
import { prepareOpenClawChunks } from './openclaw-chunker.js';
import type { IndexedOpenClawChunk } from './openclaw-chunker.js';
import { OpenClawKeywordIndex } from './openclaw-keyword-index.js';
import { readMemoryFileText, statMemoryFilesLikeOpenClaw } from './openclaw-memory-files.js';
import { searchTokens } from './openclaw-query-terms.js';
import { OPENCLAW_DEFAULTS, searchLikeOpenClaw } from './openclaw-search.js';
import type { OpenClawSearchOutcome, RankedHit } from './openclaw-search.js';

export class OpenClawRanker {
  private readonly index = new OpenClawKeywordIndex();
  /** Size and mtime of each indexed file: a file is re-read and re-chunked only when they change. */
  private readonly indexedKeys = new Map<string, string>();

  constructor(private readonly workspaceDir: string) {}

  private async currentIndex(): Promise<OpenClawKeywordIndex> {
    const files = await statMemoryFilesLikeOpenClaw(this.workspaceDir);
    const present = new Set<string>();
    for (const file of files) {
      present.add(file.path);
      const key = `${file.size}\0${file.mtimeMs}`;
      if (this.indexedKeys.get(file.path) === key) continue;
      const text = await readMemoryFileText(file);
      if (text === null) continue;
      this.index.replaceFile(file.path, prepareOpenClawChunks(file.path, text));
      this.indexedKeys.set(file.path, key);
    }
    for (const p of [...this.indexedKeys.keys()]) {
      if (present.has(p)) continue;
      this.index.removeFile(p);
      this.indexedKeys.delete(p);
    }
    return this.index;
  }

  async search(options: SearchOptions): Promise<SearchResponse> {
    const started = performance.now();
    const index = await this.currentIndex();
    const searchOptions = { nowMs: options.now ?? Date.now(), ...(options.maxResults !== undefined ? { maxResults: options.maxResults } : {}), ...(options.minScore !== undefined ? { minScore: options.minScore } : {}) };
    const outcome = searchLikeOpenClaw(index, options.query, searchOptions);
    const notices: SearchResponse['notices'] = [{ code: 'keyword-only', message: `Ranked as OpenClaw ${OPENCLAW_RANKING_RELEASE}'s keyword-only memory_search ranks (its chunks, its scores).` }];
    if (outcome.usedFallback) notices.push({ code: 'relaxed-query', message: `Like OpenClaw, also searched the keywords ${outcome.fallbackTerms.map((t) => `"${t}"`).join(', ')} one by one.` });
    if (outcome.keptBelowMinScore) notices.push({ code: 'relaxed-query', message: `No result reached minScore ${options.minScore ?? OPENCLAW_DEFAULTS.minScore}; OpenClaw keeps the keyword matches anyway.` });
    return {
      results: outcome.results.map((hit, i) => toSearchResult(hit, i + 1, outcome, index.chunks.get(hit.id), options.query)),
      provider: 'none',
      model: 'fts-only',
      fallback: null,
      mode: 'fts-only',
      modeReason: `as OpenClaw ${OPENCLAW_RANKING_RELEASE} ranks with memory.search.provider "none"`,
      notices,
      candidates: outcome.candidates,
      tookMs: performance.now() - started,
      profile: 'openclaw',
    };
  }

  close(): void {
    this.index.close();
  }
}

function highlightsOf(snippet: string, words: ReadonlySet<string>): HighlightRange[] {
  const out: HighlightRange[] = [];
  for (const m of snippet.matchAll(/[\p{L}\p{N}_]+/gu)) if (words.has(m[0].normalize('NFC').toLowerCase())) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

function importanceLine(chunk: IndexedOpenClawChunk | undefined): number | null {
  if (!chunk || chunk.importance === null) return null;
  const lines = chunk.sourceText.split('\n');
  for (let i = 0; i < lines.length; i++) if (scanAnnotations(lines[i] ?? '').some((a) => a.kind === 'importance' && a.value === String(chunk.importance))) return chunk.startLine + i;
  return null;
}

function toSearchResult(hit: RankedHit, rank: number, outcome: OpenClawSearchOutcome, chunk: IndexedOpenClawChunk | undefined, query: string): SearchResult {
  const exact = hit.exactPathSpecificity > 0;
  const words = new Set([...searchTokens(query), ...outcome.fallbackTerms]);
  const matched = [...words].filter((w) => searchTokens(hit.snippet).includes(w));
  // An exact-path hit scores 1 whatever its decay or importance: its parts say so, OpenClaw's steps keep the rest.
  const parts: Omit<ScoreBreakdown, 'final' | 'hybrid'> = {
    keyword: { bm25: hit.bm25 ?? 0, rank, idfMass: 0, score: exact ? 1 : hit.relevance, matchedTerms: matched, query: outcome.strictQuery ?? query, relaxed: outcome.usedFallback },
    vector: { unavailable: true, reason: 'OpenClaw with provider "none" ranks by keywords only' },
    weights: { configured: { vector: 0, text: 1 }, vector: 0, text: 1 },
    decay: { enabled: !exact, date: hit.decay.date, dateSource: hit.decay.date ? 'path' : null, ageDays: hit.decay.ageDays, halfLifeDays: OPENCLAW_DEFAULTS.halfLifeDays, multiplier: exact ? 1 : hit.decay.multiplier, evergreen: hit.decay.date === null },
    mmr: null,
    importance: { importance: hit.importance, multiplier: exact ? 1 : hit.importanceMultiplier, line: importanceLine(chunk) },
    openclaw: {
      release: OPENCLAW_RANKING_RELEASE,
      tier: exact ? 'exact-path' : hit.hasBodyMatch ? 'body' : 'path-only',
      exactPath: hit.exactPathSpecificity,
      bm25: hit.bm25,
      textScore: hit.textScore,
      boost: hit.boost,
      pathScore: hit.pathScore,
      relevance: hit.relevance,
      foundBy: hit.foundBy,
      fallback: outcome.usedFallback,
      fallbackTerms: outcome.fallbackTerms,
      decay: hit.decay,
      importance: hit.importance,
      importanceMultiplier: hit.importanceMultiplier,
      projectKey: hit.projectKey,
      keptBelowMinScore: outcome.keptBelowMinScore,
    },
  };
  const hybrid = parts.weights.vector * 0 + parts.weights.text * (parts.keyword?.score ?? 0);
  const breakdown: ScoreBreakdown = { ...parts, hybrid, final: 0 };
  breakdown.final = computeFinalScore(breakdown);
  return {
    id: `${hit.path}#openclaw-${hit.startLine}-${hit.endLine}`,
    chunkHash: chunk?.hash ?? '',
    path: hit.path,
    startLine: hit.startLine,
    endLine: hit.endLine,
    score: breakdown.final,
    snippet: hit.snippet,
    highlights: highlightsOf(hit.snippet, words),
    source: 'memory',
    citation: hit.startLine === hit.endLine ? `${hit.path}#L${hit.startLine}` : `${hit.path}#L${hit.startLine}-L${hit.endLine}`,
    date: hit.decay.date,
    breakdown,
  };
}
