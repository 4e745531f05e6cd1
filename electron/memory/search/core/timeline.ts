// The timeline: every dated memory, session and summary on one axis. Evergreen memory has no
// place in time and is left out.
import type { TimelineEntry, TimelineEntryType, TimelineQuery, WorkspaceFile } from '../../../../shared/domain.js';
import { matchesDateRange } from './filters.js';

/** `2026-05-04.md` — a day file. */
const DAY_FILE = /^\d{4}-\d{2}-\d{2}\.md$/;
/** `2026-03-28-api-design.md` — a dated topic note. */
const DATED_TOPIC_FILE = /^\d{4}-\d{2}-\d{2}[-_ ].+\.md$/;

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** What kind of entry a file is on the timeline, or null if it has no place there. */
export function timelineTypeOf(file: WorkspaceFile): TimelineEntryType | null {
  if (!file.date || file.kind === 'evergreen') return null;
  if (file.kind === 'session') return 'session';
  if (file.layer === 'conversations') return 'conversation';
  if (file.layer === 'summaries-weekly' || file.date.granularity === 'week') return 'weekly';
  if (file.layer === 'summaries-monthly' || file.date.granularity === 'month') return 'monthly';
  if (file.layer === 'summaries-daily') return 'daily';
  const name = baseName(file.path);
  if (DAY_FILE.test(name)) return 'daily';
  if (DATED_TOPIC_FILE.test(name)) return 'dated-topic';
  // Dated by frontmatter or first record rather than by name: a topic note with a date.
  return 'dated-topic';
}

/** A file's name without its extension(s), for files whose first heading is not known. */
export function fallbackTitle(path: string): string {
  const name = baseName(path);
  return name.replace(/\.jsonl(\..*)?$/, '').replace(/\.md$/, '') || name;
}

/**
 * Timeline entries sorted by date (oldest first; same date: path order). `query` keeps entries
 * whose period overlaps [from, to] (inclusive ISO dates) and of the given types.
 */
export function buildTimeline(
  files: readonly WorkspaceFile[],
  query: TimelineQuery = {},
  titleOf?: (path: string) => string | null | undefined,
): TimelineEntry[] {
  const types = query.types && query.types.length > 0 ? new Set(query.types) : null;
  const entries: TimelineEntry[] = [];
  for (const file of files) {
    const type = timelineTypeOf(file);
    if (!type || !file.date) continue;
    if (types && !types.has(type)) continue;
    if (!matchesDateRange(file.date, query.from ?? null, query.to ?? null)) continue;
    const entry: TimelineEntry = {
      path: file.path,
      type,
      date: file.date,
      title: titleOf?.(file.path)?.trim() || fallbackTitle(file.path),
      archived: file.archived,
      size: file.size,
    };
    if (file.agentId !== undefined) entry.agentId = file.agentId;
    if (file.sessionKind !== undefined) entry.sessionKind = file.sessionKind;
    entries.push(entry);
  }
  return entries.sort((a, b) => a.date.epochMs - b.date.epochMs || a.path.localeCompare(b.path));
}
