import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TimelineEntry } from '../../../../../shared/domain';
import type { TimelineRow } from '../stores/bucket-timeline';
import { formatDate } from '../../../lib/format-locale';

/** Row heights are fixed so the virtualiser never has to measure 10k rows. */
const HEADER_HEIGHT = 34;
const ENTRY_HEIGHT = 38;

interface TimelineListProps {
  rows: TimelineRow[];
  hitPaths: ReadonlySet<string>;
  /** Folder hints for entries whose file name another entry shares (lib/path-labels.ts). */
  folderHints: ReadonlyMap<string, string>;
  selectedPath: string | null;
  onOpen(entry: TimelineEntry): void;
  /** Scroll to the first entry on or before this day (from the heatmap). */
  scrollRequest: { day: string; seq: number } | null;
}

/** The virtualised list: only the rows on screen (plus a few) exist in the DOM. Memoised so that
 * scrolling re-renders this list alone, not the toolbar and the heatmap's 371 cells. */
export const TimelineList = memo(function TimelineList({
  rows,
  hitPaths,
  folderHints,
  selectedPath,
  onOpen,
  scrollRequest,
}: TimelineListProps) {
  const { t, i18n } = useTranslation('timeline');
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'header' ? HEADER_HEIGHT : ENTRY_HEIGHT),
    overscan: 12,
    getItemKey: (i) => rows[i]?.key ?? i,
  });

  useEffect(() => {
    if (!scrollRequest) return;
    // Rows are newest first: the first entry on or before the picked day, with its header.
    const index = rows.findIndex((r) => r.kind === 'entry' && r.entry.date.date.slice(0, 10) <= scrollRequest.day);
    if (index >= 0) virtualizer.scrollToIndex(Math.max(0, index - 1), { align: 'start' });
  }, [scrollRequest]);

  return (
    <div className="timeline__scroll" ref={scrollRef} data-testid="timeline-scroll">
      <div className="timeline__inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const style = { transform: `translateY(${item.start}px)`, height: item.size };
          if (row.kind === 'header') {
            return (
              <div
                key={item.key}
                className="timeline__header"
                style={style}
                data-testid="timeline-bucket"
                data-bucket={row.key}
              >
                <span>{row.label}</span>
                <span className="muted">{row.count}</span>
              </div>
            );
          }
          const e = row.entry;
          const hit = hitPaths.has(e.path);
          return (
            <button
              type="button"
              key={item.key}
              className={`timeline__entry type--${e.type}${hit ? ' is-hit' : ''}${e.path === selectedPath ? ' is-selected' : ''}${e.archived ? ' is-archived' : ''}`}
              style={style}
              data-testid="timeline-item"
              data-path={e.path}
              data-date={e.date.date}
              data-epoch={e.date.epochMs}
              data-type={e.type}
              data-kind={e.sessionKind}
              data-hit={hit || undefined}
              title={`${e.path}\n${e.date.date} — ${t(`dateSource.${e.date.source}`, { defaultValue: e.date.source })}`}
              onClick={() => onOpen(e)}
            >
              <span className="timeline__date" data-testid="timeline-date-source" data-value={e.date.source}>
                {e.date.granularity === 'instant' ? localDateTime(i18n.language, e.date.epochMs) : e.date.date}
              </span>
              <span className={`chip chip--${e.type} chip--static`}>{t(`entryType.${e.type}`)}</span>
              {e.sessionKind && e.sessionKind !== 'conversation' && (
                <span className="chip chip--automated chip--static" data-testid="timeline-kind">
                  {t(`kind.${e.sessionKind}`)}
                </span>
              )}
              <span className="timeline__title" data-testid="timeline-title">
                {e.title}
              </span>
              {folderHints.has(e.path) && (
                <span className="folder-chip" data-testid="timeline-folder" title={e.path}>
                  {folderHints.get(e.path)}
                </span>
              )}
              {e.agentId && <span className="muted">{t('agent', { agent: e.agentId })}</span>}
              {e.archived && <span className="badge badge--archived">{t('archived')}</span>}
              {hit && <span className="hit-dot" title={t('inResults')} />}
            </button>
          );
        })}
      </div>
    </div>
  );
});

/** `2026-11-05 14:03` in the viewer's time zone (the time in the locale's way of writing it). */
function localDateTime(locale: string, epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${formatDate(locale, d, 'time')}`;
}
