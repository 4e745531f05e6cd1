// The calendar heatmap: one cell per day for the year up to the newest entry, shaded by how many
// dated memories and sessions fall on that day.
import type { TimelineEntry } from '../../../../../shared/domain';
import { ENGLISH_TIMELINE_WORDS, monthName, monthYear, type TimelineWords } from './timeline-words';

export interface HeatmapCell {
  /** ISO day, or null for padding before the first Monday column starts. */
  date: string | null;
  count: number;
  /** 0 (none) to 4 (busiest), relative to the busiest day shown. */
  level: 0 | 1 | 2 | 3 | 4;
}

const DAY_MS = 86_400_000;

export function buildHeatmap(
  entries: readonly TimelineEntry[],
  endIso: string,
  weeks = 53,
): { cells: HeatmapCell[]; max: number; start: string; end: string } {
  const end = new Date(`${endIso.slice(0, 10)}T00:00:00Z`);
  // Columns are weeks starting on Monday; the last column holds `end`.
  const endWeekday = (end.getUTCDay() + 6) % 7;
  const lastMonday = end.getTime() - endWeekday * DAY_MS;
  const start = lastMonday - (weeks - 1) * 7 * DAY_MS;
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.date.date.slice(0, 10), (counts.get(e.date.date.slice(0, 10)) ?? 0) + 1);
  const days: { date: string; count: number }[] = [];
  for (let t = start; t <= end.getTime(); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.push({ date, count: counts.get(date) ?? 0 });
  }
  const max = days.reduce((m, d) => Math.max(m, d.count), 0);
  const cells = days.map((d): HeatmapCell => ({ date: d.date, count: d.count, level: levelOf(d.count, max) }));
  return { cells, max, start: new Date(start).toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

export function levelOf(count: number, max: number): HeatmapCell['level'] {
  if (count <= 0 || max <= 0) return 0;
  return Math.max(1, Math.min(4, Math.ceil((count / max) * 4))) as HeatmapCell['level'];
}

/** The newest entry's day (the heatmap ends there, so old archives still show activity). */
export function latestDay(entries: readonly TimelineEntry[], fallback: string): string {
  let best: TimelineEntry | null = null;
  for (const e of entries) if (!best || e.date.epochMs > best.date.epochMs) best = e;
  return best ? best.date.date.slice(0, 10) : fallback;
}

/** Ten years of weeks at most: the grid stays a few thousand cells on any workspace. */
const MAX_WEEKS = 522;

/** Weeks from the oldest entry's week to `endIso`'s, so every year is there (scrolled to the end). */
export function weeksToCover(entries: readonly TimelineEntry[], endIso: string): number {
  let oldest: string | null = null;
  for (const e of entries) if (oldest === null || e.date.date < oldest) oldest = e.date.date.slice(0, 10);
  if (oldest === null) return 0;
  const mondayOf = (iso: string) => {
    const t = Date.parse(`${iso}T00:00:00Z`);
    return t - ((new Date(t).getUTCDay() + 6) % 7) * DAY_MS;
  };
  return Math.min(
    MAX_WEEKS,
    Math.max(1, Math.round((mondayOf(endIso.slice(0, 10)) - mondayOf(oldest)) / (7 * DAY_MS)) + 1),
  );
}

/** One column is 10 px + 2 px gap; the weekday labels take 30 px. */
const COLUMN_PX = 12;
const LABELS_PX = 30;

/** Weeks that fit a width, at least 4 and at most a year (53); a year before the width is known. */
export function weeksThatFit(widthPx: number): number {
  if (widthPx <= 0) return 53;
  return Math.max(4, Math.min(53, Math.floor((widthPx - LABELS_PX) / COLUMN_PX)));
}

/** Room kept between two month labels. */
const LABEL_GAP_PX = 4;
/** A 10px label's width without a measuring font: about 5.4px a character. */
const estimateWidth = (label: string): number => label.length * 5.4;

/**
 * A month label over each week column whose Monday starts a new month (and the first column, when
 * there is room); a label that would run into the one before it is left out, measured by `widthOf`.
 */
export function monthLabels(
  startIso: string,
  weeks: number,
  widthOf: (label: string) => number = estimateWidth,
  words: TimelineWords = ENGLISH_TIMELINE_WORDS,
): { column: number; label: string }[] {
  const start = Date.parse(`${startIso}T00:00:00Z`);
  const labels: { column: number; label: string; withYear: boolean }[] = [];
  let previous = -1;
  for (let column = 0; column < weeks; column++) {
    const month = new Date(start + column * 7 * DAY_MS).getUTCMonth();
    if (month !== previous) {
      const date = new Date(start + column * 7 * DAY_MS);
      // January and the first label say the year, so a grid of several years reads as one.
      const withYear = month === 0 || labels.length === 0;
      labels.push({ column, label: withYear ? monthYear(words, date) : monthName(words, date), withYear });
    }
    previous = month;
  }
  // A label squeezed against the next one would overlap it (a year label needs more room).
  if (labels.length > 1 && labels[1]!.column - labels[0]!.column < (labels[0]!.withYear ? 5 : 3)) {
    const dropped = labels.shift()!;
    const next = labels[0]!;
    if (dropped.withYear && !next.withYear) {
      next.label = monthYear(words, new Date(start + next.column * 7 * DAY_MS));
      next.withYear = true;
    }
  }
  const kept: { column: number; label: string }[] = [];
  let end = -Infinity;
  for (const label of labels) {
    const x = label.column * COLUMN_PX;
    if (x < end) continue;
    kept.push({ column: label.column, label: label.label });
    end = x + widthOf(label.label) + LABEL_GAP_PX;
  }
  return kept;
}
