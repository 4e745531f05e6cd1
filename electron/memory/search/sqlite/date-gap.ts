// "Nothing is from then": when a date the query mentions has no dated memory at all, one line
// that says so and names the nearest dated memories ("yesterday" on a workspace last written in
// April points to April). Dated means what the date boost counts: a path, frontmatter or session
// date, never an mtime.
import type { FileDate, MemorySource } from '../../../../shared/domain.js';
import { periodEnd } from '../core/date-boost.js';
import { addDays, localDay, type QueryDate } from '../../../../shared/query-dates.js';
import type { IndexSession } from './index-session.js';

export interface DatedRow {
  path: string;
  date: string;
  epochMs: number | null;
  metadata: string;
}

const NEAREST = 3;
/** A monthly file starts up to a month before the days it covers. */
export const MONTH_SLACK_DAYS = 31;
/** Files whose date says when their content is from: a path, frontmatter or session date, never an mtime. */
export const DATED = `date IS NOT NULL AND date_source IS NOT NULL AND date_source <> 'mtime' AND (kind <> 'evergreen' OR date_source = 'frontmatter')`;

function sourceClause(sources: readonly MemorySource[] | null): string {
  return sources && sources.length > 0
    ? ` AND source IN (${sources.map((s) => `'${s === 'sessions' ? 'sessions' : 'memory'}'`).join(',')})`
    : '';
}

/** The days a dated file covers, in the asker's time zone for a session's instant. */
export function covered(row: DatedRow, offsetMinutes: number): { from: string; to: string } {
  let granularity: FileDate['granularity'] = 'day';
  try {
    const parsed = JSON.parse(row.metadata) as { date?: { granularity?: FileDate['granularity'] } };
    granularity = parsed.date?.granularity ?? 'day';
  } catch {
    // A row without readable metadata is read as a day.
  }
  if (granularity === 'instant' && row.epochMs !== null) {
    const day = localDay(row.epochMs, offsetMinutes);
    return { from: day, to: day };
  }
  return { from: row.date, to: periodEnd({ date: row.date, epochMs: 0, granularity, source: 'path' }) };
}

/** The periods a query mentions that no dated memory covers, and the dated memories nearest the first. */
export interface DateGap {
  empty: QueryDate[];
  nearest: { path: string; from: string; to: string }[];
  /** No period the query mentions has memory, so a "boosted ×2" line beside it would promise nothing. */
  everyPeriod: boolean;
}

/** The gap, or null when every mentioned period has some dated memory. */
export function dateGap(
  session: IndexSession,
  mentions: readonly QueryDate[],
  sources: readonly MemorySource[] | null,
  offsetMinutes: number,
): DateGap | null {
  const where = `${DATED}${sourceClause(sources)}`;
  const columns = 'path, date, date_epoch_ms AS epochMs, metadata';
  const near = session.statement(`SELECT ${columns} FROM files WHERE ${where} AND date BETWEEN @from AND @to`);
  const empty = mentions.filter((m) => {
    const rows = near.all({ from: addDays(m.from, -MONTH_SLACK_DAYS), to: addDays(m.to, 1) }) as DatedRow[];
    return !rows.some((r) => {
      const days = covered(r, offsetMinutes);
      return days.from <= m.to && m.from <= days.to;
    });
  });
  if (empty.length === 0) return null;
  const first = empty[0]!;
  const before = session
    .statement(`SELECT ${columns} FROM files WHERE ${where} AND date < @from ORDER BY date DESC, path LIMIT ${NEAREST}`)
    .all({ from: first.from }) as DatedRow[];
  const after = session
    .statement(`SELECT ${columns} FROM files WHERE ${where} AND date > @to ORDER BY date, path LIMIT ${NEAREST}`)
    .all({ to: first.to }) as DatedRow[];
  const distance = (r: DatedRow): number =>
    Math.abs(Date.parse(r.date) - Date.parse(r.date < first.from ? first.from : first.to));
  const nearest = [...before, ...after]
    .sort((a, b) => distance(a) - distance(b) || a.path.localeCompare(b.path))
    .slice(0, NEAREST)
    .map((r) => ({ path: r.path, ...covered(r, offsetMinutes) }));
  return { empty, nearest, everyPeriod: empty.length === mentions.length };
}
