// Quick-open matching: every typed character must appear in order (subsequence), and matches in
// the file name, at word starts and in a row rank higher — the way editors' Ctrl+P behaves.
import { findQueryDates, type QueryDate } from '../../../../../shared/query-dates';

export function quickOpenScore(path: string, query: string): number | null {
  const q = query.toLowerCase().replace(/\s+/g, '');
  if (!q) return 0;
  const p = path.toLowerCase();
  const nameStart = p.lastIndexOf('/') + 1;
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const ch of q) {
    const at = p.indexOf(ch, from);
    if (at === -1) return null;
    score += 1;
    if (at === previous + 1) score += 3;
    if (at >= nameStart) score += 2;
    if (at === 0 || /[/\-_. ]/.test(p[at - 1] ?? '')) score += 2;
    previous = at;
    from = at + 1;
  }
  return score - p.length * 0.01;
}

export function rankQuickOpen(paths: readonly string[], query: string): string[] {
  return paths
    .map((path) => ({ path, score: quickOpenScore(path, query) }))
    .filter((m): m is { path: string; score: number } => m.score !== null)
    .sort((a, b) => b.score - a.score || a.path.localeCompare(b.path))
    .map((m) => m.path);
}

export interface QuickOpenEntry {
  path: string;
  /** A transcript's first message or a note's heading: what people remember a file by. */
  title?: string | undefined;
  /** `YYYY-MM-DD`, so "2026-11-05" or "11-05" finds that day's notes and sessions. */
  day?: string | undefined;
}

/** When the query is read against: the clock and the local time zone, unless a test pins them. */
export interface QuickOpenClock {
  now: number;
  /** Minutes east of UTC. */
  offsetMinutes: number;
}

/** Above any subsequence score: a file of the day the query names comes first. */
const DAY_MATCH = 10_000;

/**
 * Files by path, title or date, best first: the best of the three scores counts. A query that
 * names a day as search reads it (Feb 10, 2月10日, 前天: shared/query-dates.ts) lists the files of
 * that day first, notes before transcripts, the query's other words (if any) still matched.
 */
export function rankQuickOpenEntries(
  entries: readonly QuickOpenEntry[],
  query: string,
  clock: QuickOpenClock = { now: Date.now(), offsetMinutes: -new Date().getTimezoneOffset() },
): QuickOpenEntry[] {
  const dates = findQueryDates(query, clock.now, clock.offsetMinutes);
  const rest = dates.length > 0 ? blankDates(query, dates).trim() : query;
  return entries
    .map((entry) => {
      const scores = [
        quickOpenScore(entry.path, query),
        entry.title ? quickOpenScore(entry.title, query) : null,
        entry.day ? quickOpenScore(entry.day, query) : null,
      ];
      const day = entry.day;
      if (day && dates.some((d) => d.from <= day && day <= d.to)) {
        const words = rest
          ? bestOf([quickOpenScore(entry.path, rest), entry.title ? quickOpenScore(entry.title, rest) : null])
          : 0;
        if (words !== null) scores.push(DAY_MATCH + (entry.path.startsWith('sessions/') ? 0 : 1) + words / 1000);
      }
      return { entry, score: bestOf(scores) };
    })
    .filter((m): m is { entry: QuickOpenEntry; score: number } => m.score !== null)
    .sort((a, b) => b.score - a.score || a.entry.path.localeCompare(b.entry.path))
    .map((m) => m.entry);
}

function bestOf(scores: readonly (number | null)[]): number | null {
  return scores.reduce<number | null>((m, s) => (s === null ? m : m === null ? s : Math.max(m, s)), null);
}

function blankDates(query: string, dates: readonly QueryDate[]): string {
  let out = '';
  let at = 0;
  for (const d of dates) {
    out += `${query.slice(at, d.start)} `;
    at = d.end;
  }
  return out + query.slice(at);
}
