// How the sidebar groups a workspace: the way a user thinks about their agent's memory, not the
// folder tree. Pure, so the grouping is unit-tested without a DOM.
import type { FileListEntry, MemoryLayer } from '../../../../../shared/domain';
import { translator } from '../../../../../shared/i18n';
import { formatDate } from '../../../lib/format-locale';
import { isAutomatedKind, type SessionKind } from '../../../../../shared/session-kind';

export interface SidebarGroup {
  id: string;
  label: string;
  /** Files in this group and all of its subgroups (after filtering). */
  count: number;
  files: FileListEntry[];
  groups: SidebarGroup[];
}

/** The words of the groups, in the interface's language (English by default, as in tests). */
export interface GroupWords {
  locale: string;
  /** A key of the `files` namespace, or `ns:key` of another (an index reason's id). */
  t(key: string, params?: Record<string, unknown>): string;
}

// The English instance is built on first use (tests, fallbacks): the window speaks through its own.
export const ENGLISH_GROUP_WORDS: GroupWords = {
  locale: 'en',
  t: (key, params) => translator('en')(key.includes(':') ? key : `files:${key}`, params),
};

const LAYER_GROUPS: { id: 'conversations' | 'summaries' | 'tasks' | 'facts'; layers: MemoryLayer[] }[] = [
  { id: 'conversations', layers: ['conversations'] },
  { id: 'summaries', layers: ['summaries-daily', 'summaries-weekly', 'summaries-monthly'] },
  { id: 'tasks', layers: ['tasks'] },
  { id: 'facts', layers: ['facts'] },
];

const SUMMARY_KEYS: Partial<Record<MemoryLayer, string>> = {
  'summaries-daily': 'daily',
  'summaries-weekly': 'weekly',
  'summaries-monthly': 'monthly',
};

/** Root-level evergreen files users know by name come first, in this order. */
const EVERGREEN_ORDER = ['MEMORY.md', 'memory.md', 'USER.md'];

export function matchesFilter(file: FileListEntry, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (!needle) return true;
  const haystack =
    `${file.path} ${file.title ?? ''} ${file.type ?? ''} ${(file.tags ?? []).join(' ')} ${file.agentId ?? ''}`.toLowerCase();
  return needle.split(/\s+/).every((word) => haystack.includes(word));
}

function byDateDesc(a: FileListEntry, b: FileListEntry): number {
  const da = a.date?.epochMs ?? a.mtimeMs;
  const db = b.date?.epochMs ?? b.mtimeMs;
  return db - da || a.path.localeCompare(b.path);
}

function byPath(a: FileListEntry, b: FileListEntry): number {
  return a.path.localeCompare(b.path);
}

function evergreenOrder(a: FileListEntry, b: FileListEntry): number {
  const ia = EVERGREEN_ORDER.indexOf(a.path);
  const ib = EVERGREEN_ORDER.indexOf(b.path);
  if (ia !== ib) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
  return byPath(a, b);
}

function push<K>(map: Map<K, FileListEntry[]>, key: K, file: FileListEntry): void {
  const list = map.get(key);
  if (list) list.push(file);
  else map.set(key, [file]);
}

function group(id: string, label: string, files: FileListEntry[], groups: SidebarGroup[] = []): SidebarGroup {
  return { id, label, files, groups, count: files.length + groups.reduce((n, g) => n + g.count, 0) };
}

/**
 * The day a file is listed under: its own date; for a moment in time (a session's first message,
 * a modification) the day it was where the user is — the day the sidebar's time belongs to.
 */
function dateOf(file: FileListEntry): string {
  const date = file.date;
  if (date && date.granularity !== 'instant') return date.date;
  return localDay(date ? date.epochMs : file.mtimeMs);
}

function localDay(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function datedByYearMonth(idPrefix: string, files: FileListEntry[], words: GroupWords): SidebarGroup[] {
  const years = new Map<string, Map<string, FileListEntry[]>>();
  for (const file of files) {
    const date = dateOf(file);
    const year = date.slice(0, 4);
    const month = date.slice(5, 7);
    let months = years.get(year);
    if (!months) years.set(year, (months = new Map()));
    const list = months.get(month) ?? [];
    list.push(file);
    months.set(month, list);
  }
  return [...years.keys()]
    .sort()
    .reverse()
    .map((year) => {
      const months = years.get(year)!;
      const monthGroups = [...months.keys()]
        .sort()
        .reverse()
        .map((month) =>
          group(
            `${idPrefix}/${year}-${month}`,
            // The shared, cached formatter: building an Intl.DateTimeFormat per grouping cost tens of ms.
            formatDate(words.locale, `${year}-${month}-01`, 'month'),
            months.get(month)!.sort(byDateDesc),
          ),
        );
      return group(`${idPrefix}/${year}`, year, [], monthGroups);
    });
}

function sessionGroups(files: FileListEntry[], { t }: GroupWords): SidebarGroup[] {
  const agents = new Map<string, FileListEntry[]>();
  for (const file of files) {
    push(agents, file.agentId ?? 'workspace', file);
  }
  return [...agents.keys()].sort().map((agent) => {
    const days = new Map<string, FileListEntry[]>();
    for (const file of agents.get(agent)!) {
      push(days, dateOf(file), file);
    }
    const dayGroups = [...days.keys()]
      .sort()
      .reverse()
      .map((day) => group(`sessions/${agent}/${day}`, day, days.get(day)!.sort(byDateDesc)));
    return group(
      `sessions/${agent}`,
      agent === 'workspace' ? t('groups.workspaceSessions') : t('groups.agent', { agent }),
      [],
      dayGroups,
    );
  });
}

/** Cron runs by job, then heartbeats, then sub-agents: many alike runs, listed apart from the conversations. */
function automatedGroups(files: FileListEntry[], { t }: GroupWords): SidebarGroup[] {
  const byJob = new Map<string, FileListEntry[]>();
  for (const file of files) {
    const kind = file.sessionKind as Exclude<SessionKind, 'conversation'>;
    push(byJob, kind === 'cron' ? `cron/${file.title ?? ''}` : kind, file);
  }
  const order = (key: string) => (key.startsWith('cron') ? 0 : key === 'heartbeat' ? 1 : 2);
  return [...byJob.keys()]
    .sort((a, b) => order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => {
      const [kind, job] = [key.split('/')[0], key.slice(key.indexOf('/') + 1)] as [
        Exclude<SessionKind, 'conversation'>,
        string | undefined,
      ];
      const label = kind === 'cron' ? t('groups.cronJob', { job: job || t('groups.unnamed') }) : t(`groups.${kind}`);
      return group(`automated/${key}`, label, byJob.get(key)!.sort(byDateDesc));
    });
}

/** Sidebar groups, in display order; empty groups are left out. */
export function groupFiles(
  entries: readonly FileListEntry[],
  filter = '',
  words: GroupWords = ENGLISH_GROUP_WORDS,
): SidebarGroup[] {
  const { t } = words;
  const files = entries.filter((f) => matchesFilter(f, filter));
  const evergreen: FileListEntry[] = [];
  const topics: FileListEntry[] = [];
  const dated: FileListEntry[] = [];
  const sessions: FileListEntry[] = [];
  const layered = new Map<MemoryLayer, FileListEntry[]>();

  const automated: FileListEntry[] = [];
  for (const file of files) {
    if ((file.source === 'sessions' || file.kind === 'session') && isAutomatedKind(file.sessionKind))
      automated.push(file);
    else if (file.source === 'sessions' || file.kind === 'session') sessions.push(file);
    else if (file.layer) push(layered, file.layer, file);
    else if (file.kind === 'dated') dated.push(file);
    else if (!file.path.includes('/')) evergreen.push(file);
    else topics.push(file);
  }

  const result: SidebarGroup[] = [
    group('evergreen', t('groups.evergreen'), evergreen.sort(evergreenOrder)),
    group('topics', t('groups.topics'), topics.sort(byPath)),
    group('dated', t('groups.dated'), [], datedByYearMonth('dated', dated, words)),
  ];
  for (const layer of LAYER_GROUPS) {
    const label = t(`groups.${layer.id}`);
    if (layer.id === 'summaries') {
      const sub = layer.layers
        .filter((l) => layered.has(l))
        .map((l) => group(`summaries/${l}`, t(`groups.${SUMMARY_KEYS[l] ?? l}`), layered.get(l)!.sort(byDateDesc)));
      result.push(group(layer.id, label, [], sub));
    } else {
      const list = layer.layers.flatMap((l) => layered.get(l) ?? []);
      const hasDates = list.some((f) => f.kind === 'dated');
      result.push(
        hasDates && list.length > 12
          ? group(layer.id, label, [], datedByYearMonth(layer.id, list, words))
          : group(layer.id, label, list.sort(byDateDesc)),
      );
    }
  }
  result.push(group('sessions', t('groups.sessions'), [], sessionGroups(sessions, words)));
  result.push(group('automated', t('groups.automated'), [], automatedGroups(automated, words)));
  return result.filter((g) => g.count > 0);
}

/** Badges for a file's row: checksum mismatch, index failures, pending or skipped files. */
export interface FileBadge {
  kind: 'checksum' | 'failed' | 'pending' | 'skipped' | 'malformed' | 'archived';
  label: string;
  title: string;
}

/** Why a file is skipped or failed, in `t`'s language when the index recorded it by id (else its English). */
function indexReasonText(file: FileListEntry, t: GroupWords['t']): string | undefined {
  if (file.indexError === undefined) return undefined;
  if (!file.indexErrorId) return file.indexError;
  return t(file.indexErrorId, { ...file.indexErrorParams, defaultValue: file.indexError });
}

export function fileBadges(file: FileListEntry, { t }: GroupWords = ENGLISH_GROUP_WORDS): FileBadge[] {
  const badges: FileBadge[] = [];
  if (file.checksum && !file.checksum.ok) {
    badges.push({
      kind: 'checksum',
      label: t('badges.checksum'),
      title: t('badges.checksumTitle', {
        declared: file.checksum.declared.slice(0, 12),
        actual: file.checksum.actual.slice(0, 12),
      }),
    });
  }
  if (file.indexState === 'failed')
    badges.push({
      kind: 'failed',
      label: t('badges.failed'),
      title: indexReasonText(file, t) ?? t('badges.failedTitle'),
    });
  if (file.indexState === 'pending')
    badges.push({ kind: 'pending', label: t('badges.pending'), title: t('badges.pendingTitle') });
  if (file.indexState === 'skipped')
    badges.push({
      kind: 'skipped',
      label: t('badges.skipped'),
      title: indexReasonText(file, t) ?? t('badges.skippedTitle'),
    });
  if (file.malformedLines)
    badges.push({
      kind: 'malformed',
      label: t('badges.malformed', { count: file.malformedLines }),
      title: t('badges.malformedTitle', { count: file.malformedLines }),
    });
  if (file.archived) badges.push({ kind: 'archived', label: t('badges.archived'), title: t('badges.archivedTitle') });
  return badges;
}

/** Every group id, so "expand all" while filtering can open them. */
export function allGroupIds(groups: SidebarGroup[]): string[] {
  return groups.flatMap((g) => [g.id, ...allGroupIds(g.groups)]);
}

export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
