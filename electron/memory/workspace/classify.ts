// What a file is over time: evergreen memory never decays; dated files carry the date
// of their name (day, ISO week or month); sessions are dated by their first record. Every date
// records where it came from so the timeline, decay and the breakdown can show it.
//
// Choice: a Markdown file without a date in its path is evergreen, as in OpenClaw (topic files
// under memory/ never decay), even when its frontmatter has `created`; that date is still shown
// (source `frontmatter`, else `mtime`). Exception: conversations/ and summaries/ files are
// time-bound by nature, so there a frontmatter date makes the file dated.
import type { DateSource, FileDate, FileKind, MemoryLayer, WorkspaceFile } from '../../../shared/domain.js';
import type { DiscoveredFile } from './discover.js';
import { isArchivedSessionName } from './ignore-rules.js';

export interface FileContentHints {
  frontmatter: Record<string, unknown> | null;
  firstRecordTimestamp?: string | null;
}

export type FileClassification = Omit<WorkspaceFile, 'size' | 'mtimeMs' | 'checksum'> & {
  /** True when decay must not apply (kind evergreen). */
  evergreen: boolean;
};

const DAY = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/;
const WEEK = /(?<!\d)(\d{4})-[wW](\d{1,2})(?!\d)/;
const MONTH = /(?<!\d)(\d{4})-(\d{2})(?!\d)(?!-\d{2}(?!\d))/;

const DAY_MS = 86_400_000;

export function classifyFile(file: DiscoveredFile, content: FileContentHints): FileClassification {
  const base = file.path.split('/').pop() ?? file.path;
  if (file.source === 'sessions') {
    const agentId = file.agentId ?? sessionAgentFromPath(file.path);
    const date = instantDate(content.firstRecordTimestamp ?? null, 'first-record') ?? mtimeDate(file.mtimeMs);
    const result: FileClassification = {
      path: file.path,
      source: 'sessions',
      kind: 'session',
      archived: isArchivedSessionName(base),
      date,
      evergreen: false,
    };
    if (agentId !== undefined) result.agentId = agentId;
    return result;
  }

  const layer = layerFromPath(file.path);
  const pathDate = datedFromPath(file.path);
  const frontmatterDate = dateFromFrontmatter(content.frontmatter);
  let kind: FileKind;
  let date: FileDate | null;
  if (pathDate) {
    kind = 'dated';
    date = pathDate;
  } else if (frontmatterDate && (layer === 'conversations' || layer?.startsWith('summaries-'))) {
    kind = 'dated';
    date = frontmatterDate;
  } else {
    kind = 'evergreen';
    date = frontmatterDate ?? mtimeDate(file.mtimeMs);
  }
  const result: FileClassification = {
    path: file.path,
    source: 'memory',
    kind,
    archived: false,
    date,
    evergreen: kind === 'evergreen',
  };
  if (layer) result.layer = layer;
  const fm = content.frontmatter;
  if (fm && typeof fm.type === 'string') result.type = fm.type;
  const tags = tagsFrom(fm?.tags);
  if (tags) result.tags = tags;
  return result;
}

/** Date in a path: `YYYY-MM-DD` (day), `YYYY-wNN` (ISO week → its Monday), `YYYY-MM` (month). File name first, then folders. */
export function datedFromPath(relPath: string): FileDate | null {
  const segments = relPath.split('/');
  for (let i = segments.length - 1; i >= 0; i--) {
    const date = dateInSegment(segments[i]!);
    if (date) return date;
  }
  return null;
}

function dateInSegment(segment: string): FileDate | null {
  const day = DAY.exec(segment);
  if (day) {
    const date = utcDate(Number(day[1]), Number(day[2]), Number(day[3]));
    if (date !== null) return fileDate(date, 'day', 'path');
  }
  const week = WEEK.exec(segment);
  if (week) {
    const monday = isoWeekMonday(Number(week[1]), Number(week[2]));
    if (monday !== null) return fileDate(monday, 'week', 'path');
  }
  const month = MONTH.exec(segment);
  if (month) {
    const date = utcDate(Number(month[1]), Number(month[2]), 1);
    if (date !== null) return fileDate(date, 'month', 'path');
  }
  return null;
}

/** Memory files whose path carries no date never decay (OpenClaw's evergreen rule). */
export function isEvergreenPath(relPath: string): boolean {
  if (relPath.startsWith('sessions/')) return false;
  return datedFromPath(relPath) === null;
}

/** The four memory layers, under memory/<layer>/ or at the workspace root. */
export function layerFromPath(relPath: string): MemoryLayer | undefined {
  const segments = relPath.split('/');
  const start = segments[0] === 'memory' ? 1 : 0;
  const first = segments[start];
  if (segments.length - start < 2) return undefined;
  if (first === 'conversations' || first === 'facts' || first === 'tasks') return first;
  if (first === 'summaries') {
    const period = segments[start + 1];
    if (period === 'daily' || period === 'weekly' || period === 'monthly') return `summaries-${period}`;
  }
  return undefined;
}

function sessionAgentFromPath(relPath: string): string | undefined {
  const segments = relPath.split('/');
  return segments[0] === 'sessions' && segments.length === 3 ? segments[1] : undefined;
}

/** `created`, else `updated`, else `date` from frontmatter; a day date (or the day of a timestamp). */
export function dateFromFrontmatter(frontmatter: Record<string, unknown> | null): FileDate | null {
  if (!frontmatter) return null;
  for (const key of ['created', 'updated', 'date']) {
    const value = frontmatter[key];
    let text: string | null = null;
    if (typeof value === 'string') text = value.trim();
    else if (value instanceof Date && !Number.isNaN(value.getTime())) text = value.toISOString();
    if (!text) continue;
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
    if (!match) continue;
    const date = utcDate(Number(match[1]), Number(match[2]), Number(match[3]));
    if (date !== null) return fileDate(date, 'day', 'frontmatter');
  }
  return null;
}

function tagsFrom(value: unknown): string[] | undefined {
  if (Array.isArray(value)) {
    const tags = value.filter((t): t is string | number => typeof t === 'string' || typeof t === 'number').map(String);
    return tags.length > 0 ? tags : undefined;
  }
  if (typeof value === 'string' && value.trim() !== '')
    return value
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  return undefined;
}

function utcDate(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? ms : null;
}

/** Monday of ISO week `week` of `year` (week 1 holds January 4th); null for weeks the year lacks. */
export function isoWeekMonday(year: number, week: number): number | null {
  if (week < 1 || week > 53) return null;
  const jan4 = Date.UTC(year, 0, 4);
  const jan4Weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday = 0
  const monday = jan4 - jan4Weekday * DAY_MS + (week - 1) * 7 * DAY_MS;
  // The week belongs to `year` only if its Thursday does.
  return new Date(monday + 3 * DAY_MS).getUTCFullYear() === year ? monday : null;
}

function fileDate(epochMs: number, granularity: FileDate['granularity'], source: DateSource): FileDate {
  return { date: new Date(epochMs).toISOString().slice(0, 10), epochMs, granularity, source };
}

function instantDate(iso: string | null, source: DateSource): FileDate | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : fileDate(ms, 'instant', source);
}

function mtimeDate(mtimeMs: number): FileDate {
  return fileDate(Math.floor(mtimeMs), 'instant', 'mtime');
}
