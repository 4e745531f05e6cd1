// The importance line and OpenClaw's own ranking steps said in words, for the CLI's --explain and
// the UI alike. Only words and rounding: every number comes from the engine's breakdown.
import type { ImportanceBreakdown, OpenClawBreakdown } from './domain.js';

const f3 = (n: number): string => n.toFixed(3);
/** Small BM25 values (a tiny index) stay readable: 3 decimals, or 3 significant digits below 0.001. */
const small = (n: number): string => (Math.abs(n) >= 0.001 || n === 0 ? n.toFixed(3) : n.toPrecision(3));

/** "importance 9 (line 3) → ×1.200", or that no annotation applies. */
export function describeImportance(i: ImportanceBreakdown): string {
  if (i.importance === null) return 'no importance annotation → ×1';
  return `<!-- importance: ${i.importance} -->${i.line !== null ? ` on line ${i.line}` : ''} → ×${f3(i.multiplier)} (0.75 + 0.05 × ${i.importance})`;
}

/** OpenClaw's steps for one result, first to last, one sentence each. */
export function describeOpenClawSteps(o: OpenClawBreakdown): string[] {
  const lines: string[] = [];
  if (o.tier === 'exact-path') {
    const what = o.exactPath === 3 ? 'its full path' : o.exactPath === 2 ? 'its file name' : 'its name without .md';
    lines.push(`The query is ${what}: OpenClaw lists such files first, with score 1.`);
  }
  if (o.bm25 !== null) {
    lines.push(`Text match: bm25 ${small(o.bm25)} → text score ${small(o.textScore)} (r / (1 + r), r = −bm25).`);
  } else if (o.tier === 'path-only') {
    lines.push(`Only the path matched: path score ${f3(o.pathScore)}.`);
  }
  if (o.boost) {
    const b = o.boost;
    lines.push(
      `Lexical boost +${f3(b.overlap + b.density + b.path + b.length)}: query words present ${f3(b.overlap)}, density ${f3(b.density)}, in the path ${f3(b.path)}, length ${f3(b.length)} (capped at 1) → ${f3(o.relevance)}.`,
    );
  }
  if (o.hybrid) {
    const h = o.hybrid;
    const whose =
      h.vectorOf === null
        ? 'no vector'
        : h.vectorOf.kind === 'agent'
          ? `the agent's stored vector (agent ${h.vectorOf.agentId}), model ${h.vectorOf.model}`
          : `a vector Memory Lens embedded (${h.vectorOf.provider}), model ${h.vectorOf.model}`;
    lines.push(
      `Hybrid: ${f3(h.vectorWeight)} × vector ${f3(h.vectorScore)} + ${f3(h.textWeight)} × keyword ${f3(h.keywordScore)} = ${f3(h.contentScore)}; ${whose}.`,
    );
  }
  if (o.tier === 'vector') lines.push('Found by its vector only: no keyword of the query is in it.');
  else
    lines.push(
      o.fallback
        ? `Found by “${o.foundBy}”: the strict query found too little, so OpenClaw also searched ${o.fallbackTerms.map((t) => `“${t}”`).join(', ')} one by one.`
        : 'Found by the strict query (every word).',
    );
  if (o.decay.date !== null)
    lines.push(
      `Recency: dated ${o.decay.date}, ${o.decay.ageDays?.toFixed(1)} days old → ×${f3(o.decay.multiplier)} (half-life 30 days).`,
    );
  else lines.push('Recency: evergreen (no date in its path), never decays.');
  if (o.importance !== null) lines.push(`Importance ${o.importance} → ×${f3(o.importanceMultiplier)}.`);
  if (o.keptBelowMinScore) lines.push('Every result is below minScore: OpenClaw keeps the keyword matches anyway.');
  return lines;
}
