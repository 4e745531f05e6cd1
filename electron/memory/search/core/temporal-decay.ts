// Temporal decay: older dated memories weigh less, evergreen memory never fades.
// multiplier = exp(-ln 2 / halfLife × ageDays), so a memory one half-life old counts half.
import type { DecayBreakdown, FileDate, FileKind } from '../../../../shared/domain.js';

const MS_PER_DAY = 86_400_000;

export interface DecaySettings {
  enabled: boolean;
  halfLifeDays: number;
  /** "Now" in epoch ms. */
  nowMs: number;
}

export interface DecayFileInfo {
  kind: FileKind;
  date: FileDate | null;
}

/** exp(-ln2 / halfLife × age); 1 for age 0, 0.5 at one half-life. */
export function decayMultiplier(ageDays: number, halfLifeDays: number): number {
  if (!(halfLifeDays > 0) || !Number.isFinite(ageDays)) return 1;
  return Math.exp((-Math.LN2 / halfLifeDays) * Math.max(0, ageDays));
}

/** Days between the file's date and now, never negative (a file dated in the future is "today"). */
export function ageInDays(date: FileDate, nowMs: number): number {
  return Math.max(0, (nowMs - date.epochMs) / MS_PER_DAY);
}

/**
 * The decay part of a breakdown. Date, its source and age are reported even when decay is off
 * (the UI shows them); the multiplier is 1 when decay is off, for evergreen files and for files
 * without a date.
 */
export function computeDecay(file: DecayFileInfo, settings: DecaySettings): DecayBreakdown {
  const evergreen = file.kind === 'evergreen';
  const ageDays = file.date ? ageInDays(file.date, settings.nowMs) : null;
  const applies = settings.enabled && !evergreen && ageDays !== null;
  return {
    enabled: settings.enabled,
    date: file.date?.date ?? null,
    dateSource: file.date?.source ?? null,
    ageDays,
    halfLifeDays: settings.halfLifeDays,
    multiplier: applies ? decayMultiplier(ageDays, settings.halfLifeDays) : 1,
    evergreen,
  };
}
