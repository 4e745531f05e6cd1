// The date boost: when the query mentions a date, a memory from then is multiplied by a factor
// that the breakdown shows with its evidence — the file's date, when a session's messages were
// written, a dated heading over the chunk, or a date written in the chunk itself. A memory *from* the day outranks one that only
// mentions it: a written date, or evidence covering more than was asked (a weekly summary, for
// "yesterday"), gets half the boost. Pure: no database.
import type { DateBoostBreakdown, FileDate, FileKind } from '../../../../shared/domain.js';
import { localDay, type QueryDate } from '../../../../shared/query-dates.js';

export interface DateBoostOptions {
  enabled: boolean;
  boost: number;
  timeZoneOffsetMinutes: number;
}

export interface DateEvidenceChunk {
  text: string;
  /** Sessions: when the chunk's first and last messages were written. */
  firstMs: number | null;
  lastMs: number | null;
  /** Markdown: the days dated headings over its lines name, sorted (chunk/heading-dates.ts). */
  headingDays?: readonly string[];
}

type Match = NonNullable<DateBoostBreakdown['match']>;

const DAY_MS = 86_400_000;
/** Dates written in a chunk are looked for only for ranges up to a month (a year would match anything dated). */
const MAX_TEXT_RANGE_DAYS = 31;
const MONTHS_EN = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function spanDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const overlaps = (a: { from: string; to: string }, b: { from: string; to: string }): boolean =>
  a.from <= b.to && b.from <= a.to;

function matchFor(
  evidence: Match['evidence'],
  from: string,
  to: string,
  mention: QueryDate,
  written: string | null = null,
): Match {
  return {
    evidence,
    from,
    to,
    written,
    mention: mention.text,
    broader: spanDays(from, to) > spanDays(mention.from, mention.to),
  };
}

/**
 * The days a file's own date covers, when it says something about the content: its path, or the
 * frontmatter (also of a topic file that never decays) — never its mtime.
 */
function fileDays(kind: FileKind, date: FileDate | null, offsetMinutes: number): { from: string; to: string } | null {
  if (!date || date.source === 'mtime' || (kind === 'evergreen' && date.source !== 'frontmatter')) return null;
  if (date.granularity === 'instant') {
    const day = localDay(date.epochMs, offsetMinutes);
    return { from: day, to: day };
  }
  return { from: date.date, to: periodEnd(date) };
}

/**
 * One regex for every day of the short mentions: 2026-11-05, 2026年11月5日, and — unless the query
 * wrote the year, which then must be written too — 11-05, 11/05, 11月5日, 11月5号, Nov 5 /
 * November 5th. Day numbers must not run on into other digits.
 */
function textDatePattern(
  mentions: readonly QueryDate[],
): { re: RegExp; dayOf: (written: string) => string | null } | null {
  const days = new Map<string, string>();
  const alternatives = new Set<string>();
  for (const m of mentions) {
    if (spanDays(m.from, m.to) > MAX_TEXT_RANGE_DAYS) continue;
    for (let t = Date.parse(`${m.from}T00:00:00Z`); t <= Date.parse(`${m.to}T00:00:00Z`); t += DAY_MS) {
      const iso = new Date(t).toISOString().slice(0, 10);
      const [y, mo, d] = [iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10)];
      const [moN, dN] = [String(Number(mo)), String(Number(d))];
      for (const key of [
        `${y}-${mo}-${d}`,
        `${y}年${moN}月${dN}`,
        `${moN}/${dN}`,
        `${MONTHS_EN[Number(mo) - 1]} ${dN}`,
      ])
        days.set(key, iso);
      alternatives.add(`${y}-${mo}-${d}`).add(`${y}\\s*年\\s*0?${moN}\\s*月\\s*0?${dN}\\s*[日号]?`);
      if (!/\d{4}/.test(m.text)) {
        alternatives
          .add(`0?${moN}[-/]0?${dN}`)
          .add(`${moN}\\s*月\\s*${dN}\\s*[日号]`)
          .add(`${MONTHS_EN[Number(mo) - 1]}[a-z]*\\.?\\s+0?${dN}(?:st|nd|rd|th)?`);
      }
    }
  }
  if (alternatives.size === 0) return null;
  const re = new RegExp(`(?<![\\d./-])(?:${[...alternatives].join('|')})(?![\\d])`, 'giu');
  const dayOf = (written: string): string | null => {
    const lower = written.toLowerCase().replace(/\s+/g, ' ');
    if (/^\d{4}-\d{2}-\d{2}$/.test(lower)) return days.get(lower) ?? null;
    const full = /^(\d{4})\s*年\s*0?(\d{1,2})\s*月\s*0?(\d{1,2})/.exec(lower);
    if (full) return days.get(`${full[1]}年${full[2]}月${full[3]}`) ?? null;
    const md = /^0?(\d{1,2})[-/]0?(\d{1,2})$/.exec(lower) ?? /^(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]$/.exec(lower);
    if (md) return days.get(`${md[1]}/${md[2]}`) ?? null;
    const en = /^([a-z]{3})[a-z]*\.? 0?(\d{1,2})/.exec(lower);
    return en ? (days.get(`${en[1]} ${en[2]}`) ?? null) : null;
  };
  return { re, dayOf };
}

export interface DateBooster {
  mentions: QueryDate[];
  boostFor(chunk: DateEvidenceChunk, file: { kind: FileKind; date: FileDate | null }): DateBoostBreakdown;
}

/** Null when the query mentions no date; otherwise a function giving each chunk its boost. */
export function createDateBooster(mentions: readonly QueryDate[], options: DateBoostOptions): DateBooster | null {
  if (mentions.length === 0) return null;
  const list = mentions.map((m) => ({ ...m }));
  const shown = list.map((m) => ({ text: m.text, from: m.from, to: m.to }));
  const pattern = textDatePattern(list);
  const base = { enabled: options.enabled, mentions: shown, boost: options.boost };
  return {
    mentions: list,
    boostFor(chunk, file) {
      if (!options.enabled) return { ...base, match: null, multiplier: 1 };
      const match = findEvidence(chunk, file, list, pattern, options.timeZoneOffsetMinutes);
      if (!match) return { ...base, match: null, multiplier: 1 };
      const multiplier = match.broader || match.evidence === 'text' ? 1 + (options.boost - 1) / 2 : options.boost;
      return { ...base, match, multiplier };
    },
  };
}

function findEvidence(
  chunk: DateEvidenceChunk,
  file: { kind: FileKind; date: FileDate | null },
  mentions: readonly QueryDate[],
  pattern: ReturnType<typeof textDatePattern>,
  offsetMinutes: number,
): Match | null {
  // The chunk's own time first: a session's messages, else its file's date, else the heading it
  // sits under — which also answers when the file's date covers more (a week's summary, by day).
  let broader: Match | null = null;
  const own: { evidence: Match['evidence']; days: { from: string; to: string } }[] = [];
  if (chunk.firstMs !== null && chunk.lastMs !== null) {
    own.push({
      evidence: 'session-messages',
      days: { from: localDay(chunk.firstMs, offsetMinutes), to: localDay(chunk.lastMs, offsetMinutes) },
    });
  } else {
    const days = fileDays(file.kind, file.date, offsetMinutes);
    if (days) own.push({ evidence: 'file-date', days });
  }
  for (const { evidence, days } of own) {
    for (const mention of mentions) {
      if (!overlaps(days, mention)) continue;
      const match = matchFor(evidence, days.from, days.to, mention);
      if (!match.broader) return match;
      broader ??= match;
    }
  }
  // Lines under a dated heading are from that day: the asked days the chunk's headings name.
  for (const mention of chunk.firstMs === null ? mentions : []) {
    const named = (chunk.headingDays ?? []).filter((d) => mention.from <= d && d <= mention.to);
    if (named.length > 0) return matchFor('heading', named[0]!, named[named.length - 1]!, mention);
  }
  if (pattern) {
    pattern.re.lastIndex = 0;
    for (const found of chunk.text.matchAll(pattern.re)) {
      const day = pattern.dayOf(found[0]);
      const mention = day ? mentions.find((m) => m.from <= day && day <= m.to) : undefined;
      if (day && mention) return matchFor('text', day, day, mention, found[0]);
    }
  }
  return broader;
}

/** Last ISO day covered by a file's date: a week runs 7 days, a month to its last day. */
export function periodEnd(date: FileDate): string {
  const start = new Date(`${date.date}T00:00:00Z`);
  if (date.granularity === 'week') start.setUTCDate(start.getUTCDate() + 6);
  else if (date.granularity === 'month') start.setUTCMonth(start.getUTCMonth() + 1, 0);
  return start.toISOString().slice(0, 10);
}
