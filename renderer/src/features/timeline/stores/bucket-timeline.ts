// Timeline rows: entries newest first, grouped into day / week / month buckets, flattened into one
// list of header and entry rows so a virtual list can render 10k entries.
import type { TimelineEntry, TimelineEntryType } from '../../../../../shared/domain';
import { isAutomatedKind } from '../../../../../shared/session-kind';
import { dayLabel, dayMonth, ENGLISH_TIMELINE_WORDS, monthYear, type TimelineWords } from './timeline-words';

export type TimelineGrouping = 'day' | 'week' | 'month';

/** The filter chips, in order; each is named by `timeline:types.<type>`. */
export const TIMELINE_TYPES: { type: TimelineEntryType }[] = [
  { type: 'daily' },
  { type: 'weekly' },
  { type: 'monthly' },
  { type: 'conversation' },
  { type: 'session' },
  { type: 'dated-topic' },
];

function utcDate(iso: string): Date {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`);
}

/** ISO-8601 week: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeek(iso: string): { year: number; week: number; monday: string } {
  const d = utcDate(iso);
  const day = (d.getUTCDay() + 6) % 7; // Monday = 0
  const monday = new Date(d.getTime() - day * 86_400_000);
  const thursday = new Date(monday.getTime() + 3 * 86_400_000);
  const year = thursday.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const week1Monday = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000);
  const week = 1 + Math.round((monday.getTime() - week1Monday.getTime()) / (7 * 86_400_000));
  return { year, week, monday: monday.toISOString().slice(0, 10) };
}

export function bucketOf(
  iso: string,
  grouping: TimelineGrouping,
  words: TimelineWords = ENGLISH_TIMELINE_WORDS,
): { key: string; label: string } {
  const d = utcDate(iso);
  if (grouping === 'day') return { key: iso.slice(0, 10), label: dayLabel(words, d) };
  if (grouping === 'week') {
    const w = isoWeek(iso);
    const m = utcDate(w.monday);
    const sunday = new Date(m.getTime() + 6 * 86_400_000);
    return {
      key: `${w.year}-W${String(w.week).padStart(2, '0')}`,
      label: words.t('dates.week', {
        week: w.week,
        year: w.year,
        from: dayMonth(words, m),
        to: dayMonth(words, sunday),
      }),
    };
  }
  return { key: iso.slice(0, 7), label: monthYear(words, d) };
}

export type TimelineRow =
  | { kind: 'header'; key: string; label: string; count: number }
  | { kind: 'entry'; key: string; entry: TimelineEntry; bucket: string };

export function sortEntries(entries: readonly TimelineEntry[]): TimelineEntry[] {
  return [...entries].sort((a, b) => b.date.epochMs - a.date.epochMs || a.path.localeCompare(b.path));
}

/**
 * Header and entry rows, newest bucket first. Automated sessions (cron, heartbeat, sub-agent) are
 * left out unless `showAutomated`, and then listed after the other entries of their bucket.
 */
export function buildTimelineRows(
  entries: readonly TimelineEntry[],
  grouping: TimelineGrouping,
  types: ReadonlySet<TimelineEntryType>,
  showAutomated = false,
  words: TimelineWords = ENGLISH_TIMELINE_WORDS,
): TimelineRow[] {
  const rows: TimelineRow[] = [];
  let header: Extract<TimelineRow, { kind: 'header' }> | null = null;
  // 10k entries share a few hundred days: label each day once.
  const buckets = new Map<string, { key: string; label: string }>();
  const placed: Array<{ entry: TimelineEntry; bucket: { key: string; label: string }; automated: boolean }> = [];
  for (const entry of sortEntries(entries)) {
    if (!types.has(entry.type)) continue;
    const automated = isAutomatedKind(entry.sessionKind);
    if (automated && !showAutomated) continue;
    const day = entry.date.date.slice(0, 10);
    let bucket = buckets.get(day);
    if (!bucket) buckets.set(day, (bucket = bucketOf(day, grouping, words)));
    placed.push({ entry, bucket, automated });
  }
  // Within a run of one bucket the conversations and notes keep their order, the automated runs follow.
  const ordered: typeof placed = [];
  for (let i = 0; i < placed.length;) {
    let j = i;
    while (j < placed.length && placed[j]!.bucket.key === placed[i]!.bucket.key) j++;
    const run = placed.slice(i, j);
    ordered.push(...run.filter((p) => !p.automated), ...run.filter((p) => p.automated));
    i = j;
  }
  for (const { entry, bucket } of ordered) {
    if (!header || header.key !== bucket.key) {
      header = { kind: 'header', key: bucket.key, label: bucket.label, count: 0 };
      rows.push(header);
    }
    header.count++;
    rows.push({ kind: 'entry', key: `${entry.path}@${entry.date.epochMs}`, entry, bucket: bucket.key });
  }
  return rows;
}

export function countAutomated(entries: readonly TimelineEntry[], types: ReadonlySet<TimelineEntryType>): number {
  return entries.filter((e) => types.has(e.type) && isAutomatedKind(e.sessionKind)).length;
}

/** Counts per type, for the filter chips. */
export function countByType(entries: readonly TimelineEntry[]): Record<TimelineEntryType, number> {
  const counts = Object.fromEntries(TIMELINE_TYPES.map((t) => [t.type, 0])) as Record<TimelineEntryType, number>;
  for (const e of entries) counts[e.type] = (counts[e.type] ?? 0) + 1;
  return counts;
}
