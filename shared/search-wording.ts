// How the UI and the CLI say two things every search result carries, in one wording: why the
// search ran keyword-only, and the weights (text first, then vector, as the hybrid sum is written).
import type { TFunction } from 'i18next';
import type { ScoreBreakdown } from './domain.js';
import { breakdownSay } from './breakdown-say.js';
import { localText } from './i18n.js';
import type { ModeReason } from './mode-reasons.js';
import { reasonHeadline } from './reason-text.js';

/** "Keyword-only: no embedding model configured" (the reason's short clause; details stay in Settings). */
export function keywordOnlyText(modeReason: ModeReason | undefined, t?: TFunction): string {
  const say = breakdownSay(t);
  if (!modeReason) return say('keywordOnly');
  return say('keywordOnlyBecause', { reason: reasonHeadline(t ? localText(t, modeReason) : modeReason.message) });
}

/** The weights as applied, text then vector; "(configured text 0.3 · vector 0.7, renormalised)" when that differs. */
export function describeWeights(
  w: ScoreBreakdown['weights'],
  digits = 2,
  t?: TFunction,
): { applied: string; configured: string | null } {
  const say = breakdownSay(t);
  const applied = say('weights', { text: w.text.toFixed(digits), vector: w.vector.toFixed(digits) });
  const differs = w.configured.text !== w.text || w.configured.vector !== w.vector;
  return {
    applied,
    configured: differs ? say('weightsConfigured', { text: w.configured.text, vector: w.configured.vector }) : null,
  };
}
