import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry } from '../../../../../shared/domain';
import { disambiguatePaths } from '../../../lib/path-labels';
import { isAutomatedKind } from '../../../../../shared/session-kind';
import {
  buildTimelineRows,
  countAutomated,
  countByType,
  TIMELINE_TYPES,
  type TimelineGrouping,
} from '../stores/bucket-timeline';
import { useTimeline } from '../stores/timeline-store-context';
import type { TimelineWords } from '../stores/timeline-words';
import { CalendarHeatmap } from './calendar-heatmap';
import { TimelineList } from './timeline-list';
import { dateJump } from '../stores/date-jump';
import { shownText } from '../../../lib/error-message';

const GROUPINGS: readonly TimelineGrouping[] = ['day', 'week', 'month'];

interface TimelineViewProps {
  onOpen(path: string): void;
  /** Paths of the current search's hits, marked on the timeline. */
  hitPaths: ReadonlySet<string>;
  /** Shown beside the list (composed in app/: the changes made to memory). */
  beside?: ReactNode;
}

export function TimelineView({ onOpen, hitPaths, beside }: TimelineViewProps) {
  const { t, i18n } = useTranslation('timeline');
  const words = useMemo<TimelineWords>(() => ({ locale: i18n.language, t }), [i18n.language, t]);
  const { entries, grouping, types, loaded, error, selectedPath } = useTimeline((s) => ({
    entries: s.timeline.entries,
    grouping: s.timeline.grouping,
    types: s.timeline.types,
    loaded: s.timeline.loaded,
    error: s.timeline.error,
    selectedPath: s.timeline.selectedPath,
  }));
  const { setTimelineGrouping, toggleTimelineType, selectTimelineEntry } = useTimeline((s) => ({
    setTimelineGrouping: s.setTimelineGrouping,
    toggleTimelineType: s.toggleTimelineType,
    selectTimelineEntry: s.selectTimelineEntry,
  }));
  const typeSet = useMemo(() => new Set(types), [types]);
  // Cron and heartbeat runs can outnumber the conversations many times: off until asked for.
  const [showAutomated, setShowAutomated] = useState(false);
  const rows = useMemo(
    () => buildTimelineRows(entries, grouping, typeSet, showAutomated, words),
    [entries, grouping, typeSet, showAutomated, words],
  );
  const counts = useMemo(() => countByType(entries), [entries]);
  const automatedCount = useMemo(() => countAutomated(entries, typeSet), [entries, typeSet]);
  const visibleEntries = useMemo(
    () => entries.filter((e) => typeSet.has(e.type) && (showAutomated || !isAutomatedKind(e.sessionKind))),
    [entries, typeSet, showAutomated],
  );
  const folderHints = useMemo(() => disambiguatePaths(entries.map((e) => e.path)), [entries]);
  const [scrollRequest, setScrollRequest] = useState<{ day: string; seq: number } | null>(null);
  const pickDay = useCallback((day: string) => setScrollRequest((r) => ({ day, seq: (r?.seq ?? 0) + 1 })), []);
  const [jumpText, setJumpText] = useState('');
  const [jumpNote, setJumpNote] = useState<string | null>(null);
  const jump = useCallback(
    (event: FormEvent) => {
      event.preventDefault();
      const target = dateJump(jumpText);
      if (!target) {
        setJumpNote(t('jump.notADate', { text: jumpText.trim() }));
        return;
      }
      setJumpNote(
        target.from === target.to
          ? t('jump.went', { text: target.text, from: target.from })
          : t('jump.wentPeriod', { text: target.text, from: target.from, to: target.to }),
      );
      pickDay(target.day);
    },
    [jumpText, pickDay, t],
  );
  const open = useCallback(
    (entry: TimelineEntry) => {
      selectTimelineEntry(entry.path);
      onOpen(entry.path);
    },
    [selectTimelineEntry, onOpen],
  );

  return (
    <div className="timeline" data-testid="timeline-view">
      <div className="timeline__toolbar">
        <div className="segmented" role="group" aria-label={t('groupBy')}>
          {GROUPINGS.map((g) => (
            <button
              key={g}
              type="button"
              className={g === grouping ? 'is-on' : ''}
              aria-pressed={g === grouping}
              data-testid={`timeline-group-${g}`}
              onClick={() => setTimelineGrouping(g)}
            >
              {t(`grouping.${g}`)}
            </button>
          ))}
        </div>
        <div className="chips" role="group" aria-label={t('typesLabel')}>
          {TIMELINE_TYPES.map(({ type }) => (
            <button
              key={type}
              type="button"
              className={`chip chip--${type}${typeSet.has(type) ? ' is-on' : ''}`}
              aria-pressed={typeSet.has(type)}
              data-testid={`timeline-type-${type}`}
              onClick={() => toggleTimelineType(type)}
              disabled={counts[type] === 0}
            >
              {t(`types.${type}`)} <span className="chip__count">{counts[type]}</span>
            </button>
          ))}
        </div>
        {automatedCount > 0 && (
          <button
            type="button"
            className={`chip chip--automated${showAutomated ? ' is-on' : ''}`}
            aria-pressed={showAutomated}
            data-testid="timeline-automated"
            data-count={automatedCount}
            title={t('automatedTitle')}
            onClick={() => setShowAutomated(!showAutomated)}
          >
            {t('automated')} <span className="chip__count">{automatedCount}</span>
          </button>
        )}
        <form className="timeline__jump" role="search" onSubmit={jump}>
          <input
            type="search"
            value={jumpText}
            aria-label={t('jump.label')}
            placeholder={t('jump.placeholder')}
            data-testid="timeline-jump"
            onChange={(e) => setJumpText(e.target.value)}
          />
          {jumpNote && (
            <span className="muted" data-testid="timeline-jump-note">
              {jumpNote}
            </span>
          )}
        </form>
        <span className="muted" data-testid="timeline-count" data-value={visibleEntries.length}>
          {t('entries', { count: visibleEntries.length })}
          {automatedCount > 0 && !showAutomated ? t('automatedHidden', { count: automatedCount }) : ''}
        </span>
      </div>
      <CalendarHeatmap entries={visibleEntries} onPickDay={pickDay} />
      {error && <div className="notice notice--error">{shownText(t, error)}</div>}
      {!loaded && <div className="muted pad">{t('loading')}</div>}
      {loaded && rows.length === 0 && (
        <div className="muted pad" data-testid="timeline-empty">
          {t('empty')}
        </div>
      )}
      <div className="timeline__columns">
        <TimelineList
          rows={rows}
          hitPaths={hitPaths}
          folderHints={folderHints}
          selectedPath={selectedPath}
          onOpen={open}
          scrollRequest={scrollRequest}
        />
        {beside}
      </div>
    </div>
  );
}
