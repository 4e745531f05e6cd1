// Human-readable search output. It only displays what the engine computed — scores come from the
// breakdown, never recomputed here.
import type { TFunction } from 'i18next';
import { localText, translator } from '../../shared/i18n.js';
import type { HighlightRange, ScoreBreakdown, SearchResponse, SearchResult } from '../../shared/domain.js';
import { describeImportance, describeOpenClawSteps } from '../../shared/explain-openclaw-words.js';
import { describeDates, describeKeyword } from '../../shared/explain-words.js';
import { whyAbove } from '../../shared/why-above.js';
import { modeReasonOf, unavailableReasonOf } from '../../shared/mode-reasons.js';
import { reasonDetails } from '../../shared/reason-text.js';
import { describeWeights, keywordOnlyText } from '../../shared/search-wording.js';
import { computeRelevance, scoreMultipliers } from '../../shared/score.js';
import { describeDated, tierWords } from '../../shared/dated-words.js';
import { columns } from './text-columns.js';

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
      : keywordOnlyText(modeReasonOf(response), tr);
  out.push(
    t('results', {
      count: response.results.length,
      query: options.query,
      candidates: response.candidates,
      mode,
      ms: response.tookMs.toFixed(1),
    }),
  );
  const why = response.mode === 'fts-only' ? modeReasonOf(response) : undefined;
  const details = why ? reasonDetails(localText(tr, why)) : null;
  // The terminal has room for the whole reason (an endpoint's error, what a remote one would receive).
  if (details) out.push(t('whyKeywordOnly', { details }));
  for (const notice of response.notices) {
    // The mode line already says keyword-only.
    if (notice.code !== 'keyword-only') out.push(t('note', { message: localText(tr, notice) }));
  }
  response.results.forEach((result, i) => {
    out.push('');
    out.push(formatResultHeader(result, i + 1, tr));
    if (result.alsoIn && result.alsoIn.length > 0)
      out.push(`    ${t('alsoIn', { citations: result.alsoIn.map((d) => d.citation).join(', ') })}`);
    out.push(indent(clipSnippet(result.snippet, result.highlights, SNIPPET_LINES), '    '));
    if (options.explain) {
      const other = response.results[i === 0 ? 1 : i - 1];
      if (other)
        out.push(
          `    ${t('why', { text: whyAbove({ rank: i + 1, breakdown: result.breakdown }, { rank: i === 0 ? 2 : i, breakdown: other.breakdown }, tr) })}`,
        );
      out.push(indent(formatBreakdown(result.breakdown, tr), '    | '));
    }
  });
  if (response.results.length === 0) out.push(t('none'));
  return `${out.join('\n')}\n`;
}

export function formatResultHeader(result: SearchResult, rank: number, tr: TFunction = ENGLISH): string {
  const source = tr(`cli:search.source.${result.source}`);
  return `${String(rank).padStart(2)}. ${f3(result.score)}  ${result.path}:${result.startLine}-${result.endLine}  [${source}]${result.date ? `  ${result.date}` : ''}`;
}

/** The label column's width: "openclaw " in English. */
const LABEL_WIDTH = 9;

/** Every part of the breakdown, in the order the score was built, said in words (in `tr`'s language); the FTS5 query last, as a detail. */
export function formatBreakdown(b: ScoreBreakdown, tr: TFunction = ENGLISH): string {
  const say = (key: string, params?: Record<string, unknown>): string => tr(`explain:breakdown.lines.${key}`, params);
  const lines: string[] = [];
  const line = (label: string, text: string): void => {
    const name = say(`label.${label}`);
    lines.push(`${name}${' '.repeat(Math.max(1, LABEL_WIDTH - columns(name)))}${text}`);
  };
  const more = (text: string): void => void lines.push(`${' '.repeat(LABEL_WIDTH)}${text}`);
  if (b.keyword && b.openclaw) {
    const k = b.keyword;
    const params = { score: f3(k.score), rank: k.rank, terms: k.matchedTerms.join(', ') };
    line('keyword', say(k.matchedTerms.length ? 'openclawMatched' : 'openclawKeyword', params));
  } else if (b.keyword) {
    const k = b.keyword;
    const [matched, ...rest] = describeKeyword(k, tr);
    line('keyword', say('keyword', { score: f3(k.score), rank: k.rank, matched }));
    for (const text of rest) more(text);
  } else {
    line('keyword', say('noKeyword'));
  }
  if (b.vector === null) line('vector', say('noVector'));
  else if ('unavailable' in b.vector)
    line('vector', say('vectorUnavailable', { reason: localText(tr, unavailableReasonOf(b.vector)) }));
  else line('vector', say('vector', { cosine: f3(b.vector.cosine), score: f3(b.vector.score), rank: b.vector.rank }));
  const weights = describeWeights(b.weights, 2, tr);
  line('weights', weights.configured ? say('configured', weights) : weights.applied);
  line('hybrid', f3(b.hybrid));
  const d = b.decay;
  const source = d.dateSource ? say(`dateSource.${d.dateSource}`) : String(d.dateSource);
  const when = d.date
    ? d.ageDays !== null
      ? say('dateAge', { date: d.date, source, age: d.ageDays.toFixed(1) })
      : say('date', { date: d.date, source })
    : say('noDate');
  if (d.evergreen) line('decay', say(d.date ? 'evergreenEdited' : 'evergreen', { m: f3(d.multiplier), date: d.date }));
  else if (!d.enabled) line('decay', say('decayOff', { when }));
  else line('decay', say('decay', { m: f3(d.multiplier), when, half: d.halfLifeDays }));
  if (b.importance)
    line(
      'importance',
      say('multiplied', { m: f3(b.importance.multiplier), text: describeImportance(b.importance, tr) }),
    );
  if (b.dates) line('dates', say('multiplied', { m: f3(b.dates.multiplier), text: describeDates(b.dates, tr) }));
  if (b.access) {
    const a = b.access;
    const boost = a.enabled ? say('accessBoost', { m: f3(a.multiplier), factor: a.factor }) : say('accessOff');
    line(
      'access',
      a.count === 0
        ? say('accessNever', { boost })
        : say('accessed', { boost, count: a.count, last: new Date(a.lastAccessAt ?? 0).toISOString() }),
    );
  }
  if (b.mmr) {
    const m = b.mmr;
    line(
      'mmr',
      say(m.similarTo ? 'mmrTo' : 'mmr', {
        before: m.rankBefore,
        after: m.rankAfter,
        penalty: f3(m.penalty),
        sim: f3(m.maxSimilarity),
        path: m.similarTo,
        lambda: m.lambda,
        score: f3(m.mmrScore),
      }),
    );
  }
  if (b.dated) {
    const [first, ...rest] = describeDated(b.dated, b.dates, tr);
    line('dated', first ?? '');
    for (const text of rest) more(text);
  }
  const factors = scoreMultipliers(b)
    .filter((m) => m.value !== 1)
    .map((m) => ` × ${say('factor', { name: say(`factorName.${m.name}`), value: f3(m.value) })}`)
    .join('');
  const product = factors ? `${say('product', { hybrid: f3(b.hybrid) })}${factors}` : null;
  if (b.dated) {
    const params = {
      final: f3(b.final),
      tier: tierWords(b.dated.tier, tr),
      product,
      relevance: f3(computeRelevance(b)),
    };
    line('final', say(product ? 'finalDatedProduct' : 'finalDated', params));
  } else line('final', product ? say('finalProduct', { final: f3(b.final), product }) : f3(b.final));
  if (b.openclaw) {
    const [first, ...rest] = describeOpenClawSteps(b.openclaw, tr);
    line('openclaw', say('openclaw', { release: b.openclaw.release, first: first ?? '' }));
    for (const text of rest) more(text);
  }
  if (b.keyword && !b.openclaw) {
    const partial = b.keyword.terms?.some((t) => t.partOf !== undefined);
    line(
      'details',
      say(partial ? 'detailsPartial' : 'details', { query: b.keyword.query, bm25: b.keyword.bm25.toFixed(6) }),
    );
  }
  return lines.join('\n');
}
