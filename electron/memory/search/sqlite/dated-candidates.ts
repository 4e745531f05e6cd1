// The chunks dated on the days a query asks about, found by their dates alone — no keyword needed:
// memory files dated then (path or frontmatter, a week or month that holds the days included),
// chunks under a dated heading, and transcript chunks whose messages were written then (in the
// asker's time zone). What a question of date words alone ("what did we do on Feb 5th",
// "上周二做了什么") ranks; core/dated-score.ts orders them.
import type { MemorySource } from '../../../../shared/domain.js';
import { addDays, type QueryDate } from '../../../../shared/query-dates.js';
import { covered, DATED, MONTH_SLACK_DAYS, type DatedRow } from './date-gap.js';
import type { IndexSession } from './index-session.js';
import { automatedRunSql } from './keyword-filters.js';

export interface DatedCandidateOptions {
  sources: readonly MemorySource[] | null;
  hideAutomated: boolean;
  timeZoneOffsetMinutes: number;
  /** At most this many chunks; memory first, then conversations, then automated runs. */
  limit: number;
}

const DAY_MS = 86_400_000;

function wants(sources: readonly MemorySource[] | null, source: MemorySource): boolean {
  return sources === null || sources.includes(source);
}

/** Chunk rowids dated within the mentions' days, memory before transcripts, each group in date order. */
export function datedChunkRowids(
  session: IndexSession,
  mentions: readonly QueryDate[],
  options: DatedCandidateOptions,
): number[] {
  if (mentions.length === 0) return [];
  const found = new Set<number>();
  const add = (rowids: readonly number[]): void => {
    for (const rowid of rowids) if (found.size < options.limit) found.add(rowid);
  };
  if (wants(options.sources, 'memory')) {
    const files = session.statement<DatedRow>(
      `SELECT path, date, date_epoch_ms AS epochMs, metadata FROM files WHERE ${DATED} AND source = 'memory' AND date BETWEEN @from AND @to ORDER BY date, path`,
    );
    const paths = new Set<string>();
    for (const m of mentions) {
      for (const row of files.all({ from: addDays(m.from, -MONTH_SLACK_DAYS), to: addDays(m.to, 1) })) {
        const days = covered(row, options.timeZoneOffsetMinutes);
        if (days.from <= m.to && m.from <= days.to) paths.add(row.path);
      }
    }
    const ofFiles = session.statement<{ rowid: number }>(
      `SELECT c.rowid FROM chunks c JOIN files f ON f.path = c.path WHERE c.path IN (SELECT value FROM json_each(?)) ORDER BY f.date, c.path, c.start_line LIMIT ${options.limit}`,
    );
    add(ofFiles.all(JSON.stringify([...paths]) as never).map((r) => r.rowid));
    const underHeadings = session.statement<{ rowid: number }>(
      `SELECT c.rowid FROM chunks c, json_each(c.days) d WHERE c.days IS NOT NULL AND d.value BETWEEN @from AND @to
       GROUP BY c.rowid ORDER BY min(d.value), c.path, c.start_line LIMIT ${options.limit}`,
    );
    for (const m of mentions) add(underHeadings.all({ from: m.from, to: m.to }).map((r) => r.rowid));
  }
  if (wants(options.sources, 'sessions')) {
    const zone = options.timeZoneOffsetMinutes * 60_000;
    // Human conversations before automated runs, so a day of cron runs cannot crowd them out.
    const hide = options.hideAutomated ? `AND NOT ${automatedRunSql('f')}` : '';
    const written = session.statement<{ rowid: number }>(
      `SELECT c.rowid FROM chunks c JOIN files f ON f.path = c.path
       WHERE c.last_ms >= @fromMs AND c.first_ms < @toMs ${hide}
       ORDER BY ${automatedRunSql('f')}, c.first_ms, c.rowid LIMIT ${options.limit}`,
    );
    for (const m of mentions) {
      const fromMs = Date.parse(`${m.from}T00:00:00Z`) - zone;
      const toMs = Date.parse(`${m.to}T00:00:00Z`) + DAY_MS - zone;
      add(written.all({ fromMs, toMs }).map((r) => r.rowid));
    }
  }
  return [...found];
}
