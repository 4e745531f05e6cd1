// Human-readable search output. It only displays what the engine computed — scores come from the
// breakdown, never recomputed here.
import type { TFunction } from 'i18next';
import { localText, translator } from '../../shared/i18n.js';
import type { HighlightRange, ScoreBreakdown, SearchResponse, SearchResult } from '../../shared/domain.js';
import { describeImportance, describeOpenClawSteps } from '../../shared/explain-openclaw-words.js';
import { describeDates, describeKeyword } from '../../shared/explain-words.js';
import { whyAbove } from '../../shared/why-above.js';
import { reasonDetails } from '../../shared/reason-text.js';
import { describeWeights, keywordOnlyText } from '../../shared/search-wording.js';
import { computeRelevance, scoreMultipliers } from '../../shared/score.js';
import { describeDated, tierWords } from '../../shared/dated-words.js';

/** The terminal shows the top of each snippet; --json carries all of it. */
const SNIPPET_LINES = 8;

/** Up to `max` lines of the snippet, starting just above the line of the first highlight the engine marked. */
export function clipSnippet(text: string, highlights: readonly HighlightRange[], max: number): string {
  const lines = text.split('\n');
  if (lines.length <= max) return text;
  const firstHit = highlights[0]?.start ?? 0;
  const hitLine = text.slice(0, firstHit).split('\n').length - 1;
  const start = Math.max(0, Math.min(hitLine - 1, lines.length - max));
  const end = start + max;
  return `${start > 0 ? '…\n' : ''}${lines.slice(start, end).join('\n')}${end < lines.length ? '\n…' : ''}`;
}

const f3 = (n: number): string => n.toFixed(3);
const indent = (text: string, prefix: string): string =>
  text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');

const ENGLISH = translator('en');

export function formatSearchResponse(
  response: SearchResponse,
  options: { explain: boolean; query: string; t?: TFunction },
): string {
  const tr = options.t ?? ENGLISH;
  const t = (key: string, params?: Record<string, unknown>): string => tr(`cli:search.${key}`, params);
  const out: string[] = [];
  const mode =
    response.mode === 'hybrid'
      ? t('hybrid', { provider: response.provider, model: response.model })
      : keywordOnlyText(response.modeReason);
  out.push(
    t('results', {
      count: response.results.length,
      query: options.query,
      candidates: response.candidates,
      mode,
      ms: response.tookMs.toFixed(1),
    }),
  );
  const details = response.mode === 'fts-only' && response.modeReason ? reasonDetails(response.modeReason) : null;
  // The terminal has room for the whole reason (an endpoint's error, what a remote one would receive).
  if (details) out.push(t('whyKeywordOnly', { details }));
  for (const notice of response.notices) {
    // The mode line already says keyword-only.
    if (notice.code !== 'keyword-only') out.push(t('note', { message: localText(tr, notice) }));
  }
  response.results.forEach((result, i) => {
    out.push('');
    out.push(formatResultHeader(result, i + 1));
    if (result.alsoIn && result.alsoIn.length > 0)
      out.push(`    ${t('alsoIn', { citations: result.alsoIn.map((d) => d.citation).join(', ') })}`);
    out.push(indent(clipSnippet(result.snippet, result.highlights, SNIPPET_LINES), '    '));
    if (options.explain) {
      const other = response.results[i === 0 ? 1 : i - 1];
      if (other)
        out.push(
          `    ${t('why', { text: whyAbove({ rank: i + 1, breakdown: result.breakdown }, { rank: i === 0 ? 2 : i, breakdown: other.breakdown }, tr) })}`,
        );
      out.push(indent(formatBreakdown(result.breakdown), '    | '));
    }
  });
  if (response.results.length === 0) out.push(t('none'));
  return `${out.join('\n')}\n`;
}

export function formatResultHeader(result: SearchResult, rank: number): string {
  return `${String(rank).padStart(2)}. ${f3(result.score)}  ${result.path}:${result.startLine}-${result.endLine}  [${result.source}]${result.date ? `  ${result.date}` : ''}`;
}

/** Every part of the breakdown, in the order the score was built, said in words; the FTS5 query last, as a detail. */
export function formatBreakdown(b: ScoreBreakdown): string {
  const lines: string[] = [];
  const more = (text: string): void => void lines.push(`         ${text}`);
  if (b.keyword && b.openclaw) {
    lines.push(
      `keyword  ${f3(b.keyword.score)} · rank ${b.keyword.rank} · OpenClaw's relevance (its steps below)${b.keyword.matchedTerms.length ? ` · matched ${b.keyword.matchedTerms.join(', ')}` : ''}`,
    );
  } else if (b.keyword) {
    const k = b.keyword;
    const [matched, ...rest] = describeKeyword(k);
    lines.push(`keyword  ${f3(k.score)} · BM25 rank ${k.rank} · ${matched}`);
    for (const line of rest) more(line);
  } else {
    lines.push('keyword  no keyword match');
  }
  if (b.vector === null) lines.push('vector   not among the vector candidates');
  else if ('unavailable' in b.vector) lines.push(`vector   unavailable: ${b.vector.reason}`);
  else lines.push(`vector   cosine ${f3(b.vector.cosine)} · score ${f3(b.vector.score)} · rank ${b.vector.rank}`);
  const weights = describeWeights(b.weights);
  lines.push(`weights  ${weights.applied}${weights.configured ? ` (${weights.configured})` : ''}`);
  lines.push(`hybrid   ${f3(b.hybrid)}`);
  const d = b.decay;
  const when = d.date
    ? `date ${d.date} (${d.dateSource})${d.ageDays !== null ? ` · age ${d.ageDays.toFixed(1)} d` : ''}`
    : 'no date';
  if (d.evergreen)
    lines.push(`decay    ×${f3(d.multiplier)} · evergreen, never decays${d.date ? ` · last edited ${d.date}` : ''}`);
  else if (!d.enabled) lines.push(`decay    off · ${when}`);
  else lines.push(`decay    ×${f3(d.multiplier)} · ${when} · half-life ${d.halfLifeDays} d`);
  if (b.importance) lines.push(`import.  ×${f3(b.importance.multiplier)} · ${describeImportance(b.importance)}`);
  if (b.dates) lines.push(`dates    ×${f3(b.dates.multiplier)} · ${describeDates(b.dates)}`);
  if (b.access) {
    const a = b.access;
    const seen =
      a.count === 0
        ? 'never retrieved by an agent'
        : `${a.count} agent access${a.count === 1 ? '' : 'es'}, last ${new Date(a.lastAccessAt ?? 0).toISOString()}`;
    lines.push(`access   ${a.enabled ? `×${f3(a.multiplier)} · boost factor ${a.factor}` : 'boost off'} · ${seen}`);
  }
  if (b.mmr) {
    const m = b.mmr;
    lines.push(
      `mmr      rank ${m.rankBefore} → ${m.rankAfter} · penalty ${f3(m.penalty)} · max similarity ${f3(m.maxSimilarity)}` +
        `${m.similarTo ? ` to ${m.similarTo}` : ''} · λ ${m.lambda} · mmr score ${f3(m.mmrScore)}`,
    );
  }
  if (b.dated) {
    const [first, ...rest] = describeDated(b.dated, b.dates);
    lines.push(`dated    ${first ?? ''}`);
    for (const line of rest) more(line);
  }
  const factors = scoreMultipliers(b)
    .filter((m) => m.value !== 1)
    .map((m) => ` × ${m.name} ${f3(m.value)}`)
    .join('');
  const product = factors ? `hybrid ${f3(b.hybrid)}${factors}` : null;
  if (b.dated)
    lines.push(
      `final    ${f3(b.final)} = ${tierWords(b.dated.tier)}'s band, ordered within by ${product ? `${product} = ` : 'hybrid '}${f3(computeRelevance(b))}`,
    );
  else lines.push(`final    ${f3(b.final)}${product ? ` = ${product}` : ''}`);
  if (b.openclaw) {
    const [first, ...rest] = describeOpenClawSteps(b.openclaw);
    lines.push(`openclaw ${b.openclaw.release}: ${first ?? ''}`);
    for (const line of rest) more(line);
  }
  if (b.keyword && !b.openclaw)
    lines.push(
      `details  FTS5 MATCH ${b.keyword.query} · ${b.keyword.terms?.some((t) => t.partOf !== undefined) ? 'bm25 with partial matches weighted' : 'raw bm25()'} ${b.keyword.bm25.toFixed(6)}`,
    );
  return lines.join('\n');
}
