import { memo, useDeferredValue, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileListEntry } from '../../../../../shared/domain';
import { showBidiControls } from '../../../../../shared/bidi-controls';
import { disambiguatePaths } from '../../../lib/path-labels';
import { fileBadges, fileName, groupFiles, type GroupWords, type SidebarGroup } from '../stores/group-files';
import { FILTER_OPENS_ALL_UP_TO, isGroupOpen, MAX_ROWS_PER_GROUP } from '../stores/files-slice';
import { useFiles } from '../stores/files-store-context';
import { formatDate } from '../../../lib/format-locale';
import { FileDialogs } from './file-dialogs';
import { shownText } from '../../../lib/error-message';

interface FileSidebarProps {
  onOpen(path: string): void;
  /** Paths of the current search's hits, marked in the list. */
  hitPaths?: ReadonlySet<string>;
  /** Files with unsaved text (the editor's), marked with a dot. */
  unsavedPaths?: ReadonlySet<string>;
  /** Notices under the file count (composed in app/: transcripts left out, and the like). */
  notices?: ReactNode;
  /** The index is being built: files appear as they are indexed. */
  indexing?: boolean;
  /** Nothing is known of the index yet (connecting): an empty list is not "0 files". */
  statusUnknown?: boolean;
}

/** Memoized: the window re-renders for reasons of its own, and the list is the costliest part of it. */
export const FileSidebar = memo(function FileSidebar({
  onOpen,
  hitPaths,
  unsavedPaths,
  notices,
  indexing = false,
  statusUnknown = false,
}: FileSidebarProps) {
  const { entries, filter, toggled, showAll, activePath, loaded, error } = useFiles((s) => ({
    entries: s.files.entries,
    filter: s.files.filter,
    toggled: s.files.toggled,
    showAll: s.files.showAll,
    activePath: s.files.activePath,
    loaded: s.files.loaded,
    error: s.files.error,
  }));
  const { setFileFilter, toggleGroup, openFileDialog, showAllInGroup } = useFiles((s) => ({
    setFileFilter: s.setFileFilter,
    toggleGroup: s.toggleGroup,
    showAllInGroup: s.showAllInGroup,
    openFileDialog: s.openFileDialog,
  }));
  // The list follows the typed filter and a reloaded file list as a deferred render React can
  // interrupt: the filter box answers every keystroke at once, and a 10k-file list arriving
  // during an index does not block the window in one long task.
  const { t, i18n } = useTranslation('files');
  const words = useMemo<GroupWords>(() => ({ locale: i18n.language, t }), [i18n.language, t]);
  const listEntries = useDeferredValue(entries);
  const listFilter = useDeferredValue(filter);
  const filtering = listFilter.trim().length > 0;
  // Grouped once per list (10k files: tens of ms), and again only while a filter is typed.
  const allGroups = useMemo(() => groupFiles(listEntries, '', words), [listEntries, words]);
  const groups = useMemo(
    () => (filtering ? groupFiles(listEntries, listFilter, words) : allGroups),
    [filtering, listEntries, listFilter, allGroups, words],
  );
  // Same-named files are told apart within the group they are listed in (four `2026-04-17.md`
  // under Dated), not across groups whose names already say which is which.
  const folderHints = useMemo(() => new Map(allGroups.flatMap((g) => [...disambiguatePaths(filesOf(g))])), [allGroups]);
  const shown = groups.reduce((n, g) => n + g.count, 0);

  return (
    <nav className="file-sidebar" data-testid="file-sidebar" aria-label={t('sidebar.label')}>
      <div className="file-sidebar__head">
        <input
          className="file-sidebar__filter"
          data-testid="file-filter"
          type="search"
          placeholder={t('sidebar.filter')}
          value={filter}
          onChange={(e) => setFileFilter(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setFileFilter('');
          }}
        />
        <button
          type="button"
          className="button"
          data-testid="new-file"
          title={t('sidebar.newFileTitle')}
          onClick={() => openFileDialog({ kind: 'new' })}
        >
          {t('sidebar.newFile')}
        </button>
      </div>
      <div className="file-sidebar__count" data-testid="file-count" data-value={shown}>
        {filtering
          ? t('sidebar.countFiltered', { shown, total: listEntries.length })
          : indexing
            ? t('sidebar.countIndexing', { count: listEntries.length })
            : statusUnknown && listEntries.length === 0
              ? t('sidebar.loading')
              : t('sidebar.count', { count: listEntries.length })}
      </div>
      {notices}
      {error && <div className="notice notice--error">{shownText(t, error)}</div>}
      {!loaded && !error && <div className="muted pad">{t('sidebar.loading')}</div>}
      <div className="file-sidebar__groups">
        {groups.map((g) => (
          <GroupNode
            key={g.id}
            group={g}
            depth={0}
            topLevelCount={g.count}
            toggled={toggled}
            showAll={showAll}
            onShowAll={showAllInGroup}
            filtering={filtering && shown <= FILTER_OPENS_ALL_UP_TO}
            activePath={activePath}
            hitPaths={hitPaths}
            unsavedPaths={unsavedPaths}
            folderHints={folderHints}
            words={words}
            onToggle={toggleGroup}
            onOpen={onOpen}
            onRename={(path) => openFileDialog({ kind: 'rename', path })}
            onDelete={(path) => openFileDialog({ kind: 'delete', path })}
          />
        ))}
      </div>
      <FileDialogs onOpen={onOpen} />
    </nav>
  );
});

interface GroupNodeProps {
  group: SidebarGroup;
  depth: number;
  topLevelCount: number;
  toggled: Record<string, boolean>;
  showAll: Record<string, boolean>;
  onShowAll(id: string): void;
  filtering: boolean;
  activePath: string | null;
  hitPaths: ReadonlySet<string> | undefined;
  unsavedPaths: ReadonlySet<string> | undefined;
  folderHints: ReadonlyMap<string, string>;
  words: GroupWords;
  onToggle(id: string): void;
  onOpen(path: string): void;
  onRename(path: string): void;
  onDelete(path: string): void;
}

function GroupNode(props: GroupNodeProps) {
  const { group, depth, toggled, filtering, onToggle, topLevelCount } = props;
  const open = isGroupOpen(group.id, toggled, filtering, topLevelCount);
  return (
    <section
      className={`file-group file-group--depth${Math.min(depth, 3)}`}
      data-testid="file-group"
      data-group={group.id}
    >
      <button type="button" className="file-group__head" aria-expanded={open} onClick={() => onToggle(group.id)}>
        <span className="file-group__caret">{open ? '▾' : '▸'}</span>
        <span className="file-group__label">{group.label}</span>
        <span className="file-group__count" data-testid="group-count">
          {group.count}
        </span>
      </button>
      {open && (
        <div className="file-group__body">
          {group.groups.map((g) => (
            <GroupNode key={g.id} {...props} group={g} depth={depth + 1} />
          ))}
          {(props.showAll[group.id] ? group.files : group.files.slice(0, MAX_ROWS_PER_GROUP)).map((f) => (
            <FileRow key={f.path} file={f} {...props} />
          ))}
          {!props.showAll[group.id] && group.files.length > MAX_ROWS_PER_GROUP && (
            <button
              type="button"
              className="link-button file-group__more"
              data-testid="group-show-all"
              onClick={() => props.onShowAll(group.id)}
            >
              {props.words.t('sidebar.showAll', { count: group.files.length })}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function FileRow({
  file,
  activePath,
  hitPaths,
  unsavedPaths,
  folderHints,
  words,
  onOpen,
  onRename,
  onDelete,
}: GroupNodeProps & { file: FileListEntry }) {
  const { t, locale } = words;
  const badges = fileBadges(file, words);
  const active = file.path === activePath;
  const editable = file.source === 'memory';
  const unsaved = unsavedPaths?.has(file.path) ?? false;
  const hint = folderHints.get(file.path);
  const session = file.source === 'sessions';
  return (
    <div
      className={`file-item${active ? ' file-item--active' : ''}${file.archived ? ' file-item--archived' : ''}`}
      data-testid="file-item"
      data-path={file.path}
      data-active={active || undefined}
      data-unsaved={unsaved || undefined}
    >
      <button
        type="button"
        className="file-item__open"
        title={showBidiControls(session && file.title ? `${file.title}\n${file.path}` : file.path)}
        onClick={() => onOpen(file.path)}
      >
        {hitPaths?.has(file.path) && <span className="hit-dot" title={t('sidebar.inResults')} />}
        {session ? (
          <>
            {file.date && (
              <span className="file-item__time" data-testid="session-time">
                {sessionTime(locale, file.date.epochMs, file.date.granularity)}
              </span>
            )}
            <span className="file-item__name" data-testid="file-name">
              {showBidiControls(file.title ?? fileName(file.path))}
            </span>
          </>
        ) : (
          <>
            <span className="file-item__name" data-testid="file-name">
              {showBidiControls(fileName(file.path))}
            </span>
            {hint && (
              <span className="folder-chip" data-testid="folder-hint" title={file.path}>
                {hint}
              </span>
            )}
          </>
        )}
        {unsaved && (
          <span className="dirty-dot" data-testid="unsaved-marker" title={t('sidebar.unsaved')}>
            ●
          </span>
        )}
        {badges.map((b) => (
          <span key={b.kind} className={`badge badge--${b.kind}`} data-testid={`badge-${b.kind}`} title={b.title}>
            {b.label}
          </span>
        ))}
      </button>
      {editable && (
        <span className="file-item__actions">
          <button
            type="button"
            className="icon-button"
            data-testid="rename-file"
            title={t('sidebar.rename')}
            onClick={() => onRename(file.path)}
          >
            ✎
          </button>
          <button
            type="button"
            className="icon-button"
            data-testid="delete-file"
            title={t('sidebar.trash')}
            onClick={() => onDelete(file.path)}
          >
            ✕
          </button>
        </span>
      )}
    </div>
  );
}

/** A session's start, in the viewer's time zone: its day is the group it sits in. */
function sessionTime(locale: string, epochMs: number, granularity: string): string {
  if (granularity !== 'instant') return '';
  return formatDate(locale, epochMs, 'time');
}

function filesOf(group: SidebarGroup): string[] {
  return [...group.files.map((f) => f.path), ...group.groups.flatMap(filesOf)];
}
