// The importance line and OpenClaw's own ranking steps said in words, for the CLI's --explain and
// the UI alike, in `t`'s language. Only words and rounding: every number comes from the engine's breakdown.
import type { TFunction } from 'i18next';
import type { ImportanceBreakdown, OpenClawBreakdown } from './domain.js';
import { breakdownSay, quoteWord, quoteWords } from './breakdown-say.js';

const f3 = (n: number): string => n.toFixed(3);
/** Small BM25 values (a tiny index) stay readable: 3 decimals, or 3 significant digits below 0.001. */
const small = (n: number): string => (Math.abs(n) >= 0.001 || n === 0 ? n.toFixed(3) : n.toPrecision(3));

/** "importance 9 (line 3) → ×1.200", or that no annotation applies. */
export function describeImportance(i: ImportanceBreakdown, t?: TFunction): string {
  const say = breakdownSay(t);
  if (i.importance === null) return say('importance.none');
  const params = { importance: i.importance, line: i.line, m: f3(i.multiplier) };
  return say(i.line !== null ? 'importance.annotatedLine' : 'importance.annotated', params);
}

/** OpenClaw's steps for one result, first to last, one sentence each. */
export function describeOpenClawSteps(o: OpenClawBreakdown, t?: TFunction): string[] {
  const say = (key: string, params?: Record<string, unknown>): string => breakdownSay(t)(`openclaw.${key}`, params);
  const lines: string[] = [];
  if (o.tier === 'exact-path') lines.push(say(`exact.${o.exactPath === 3 ? 3 : o.exactPath === 2 ? 2 : 1}`));
  if (o.bm25 !== null) {
    lines.push(say('text', { bm25: small(o.bm25), score: small(o.textScore) }));
  } else if (o.tier === 'path-only') {
    lines.push(say('pathOnly', { score: f3(o.pathScore) }));
  }
  if (o.boost) {
    const b = o.boost;
    lines.push(
      say('boost', {
        total: f3(b.overlap + b.density + b.path + b.length),
        overlap: f3(b.overlap),
        density: f3(b.density),
        path: f3(b.path),
        length: f3(b.length),
        relevance: f3(o.relevance),
      }),
    );
  }
  if (o.hybrid) {
    const h = o.hybrid;
    const whose =
      h.vectorOf === null
        ? say('noVector')
        : h.vectorOf.kind === 'agent'
          ? say('agentVector', { agent: h.vectorOf.agentId, model: h.vectorOf.model })
          : say('ownVector', { provider: h.vectorOf.provider, model: h.vectorOf.model });
    lines.push(
      say('hybrid', {
        vw: f3(h.vectorWeight),
        vs: f3(h.vectorScore),
        tw: f3(h.textWeight),
        ks: f3(h.keywordScore),
        content: f3(h.contentScore),
        whose,
      }),
    );
  }
  const quoted = breakdownSay(t);
  if (o.tier === 'vector') lines.push(say('vectorOnly'));
  else
    lines.push(
      o.fallback
        ? say('fallback', { found: quoteWord(quoted, o.foundBy), terms: quoteWords(quoted, o.fallbackTerms) })
        : say('strict'),
    );
  if (o.decay.date !== null)
    lines.push(
      say('recency', { date: o.decay.date, age: String(o.decay.ageDays?.toFixed(1)), m: f3(o.decay.multiplier) }),
    );
  else lines.push(say('evergreen'));
  if (o.importance !== null) lines.push(say('importance', { importance: o.importance, m: f3(o.importanceMultiplier) }));
  if (o.keptBelowMinScore) lines.push(say('belowMinScore'));
  return lines;
}
