// How the UI and the CLI say two things every search result carries, in one wording: why the
// search ran keyword-only, and the weights (text first, then vector, as the hybrid sum is written).
import type { ScoreBreakdown } from './domain.js';
import { reasonHeadline } from './reason-text.js';

/** "Keyword-only: no embedding model configured" (the reason's short clause; details stay in Settings). */
export function keywordOnlyText(modeReason: string | undefined): string {
  return modeReason ? `Keyword-only: ${reasonHeadline(modeReason)}` : 'Keyword-only';
}

/** The weights as applied, text then vector; "(configured text 0.3 · vector 0.7, renormalised)" when that differs. */
export function describeWeights(
  w: ScoreBreakdown['weights'],
  digits = 2,
): { applied: string; configured: string | null } {
  const applied = `text ${w.text.toFixed(digits)} · vector ${w.vector.toFixed(digits)}`;
  const differs = w.configured.text !== w.text || w.configured.vector !== w.vector;
  return {
    applied,
    configured: differs ? `configured text ${w.configured.text} · vector ${w.configured.vector}, renormalised` : null,
  };
}
