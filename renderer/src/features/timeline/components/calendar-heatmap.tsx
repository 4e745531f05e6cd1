import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry } from '../../../../../shared/domain';
import { buildHeatmap, latestDay, monthLabels, weeksThatFit, weeksToCover } from '../stores/heatmap';
import type { TimelineWords } from '../stores/timeline-words';

/** Monday, Wednesday and Friday label their rows (keys of `timeline:heatmap.weekdays`). */
const WEEKDAY_KEYS = ['mon', '', 'wed', '', 'fri', '', ''];

/**
 * Activity up to the newest entry, one square per day (Monday at the top), darker for busier days,
 * with month (and year) and weekday labels. Every week back to the oldest entry, scrolled so the
 * newest are on screen; at least as many weeks as the width holds.
 */
export const CalendarHeatmap = memo(function CalendarHeatmap({
  entries,
  onPickDay,
}: {
  entries: readonly TimelineEntry[];
  onPickDay(day: string): void;
}) {
  const { t, i18n } = useTranslation('timeline');
  const words = useMemo<TimelineWords>(() => ({ locale: i18n.language, t }), [i18n.language, t]);
  const hostRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = hostRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const today = new Date().toISOString().slice(0, 10);
  const end = latestDay(entries, today);
  // Every year the entries cover (the grid scrolls), and at least what the width holds.
  const weeks = Math.max(weeksThatFit(width), weeksToCover(entries, end));
  const map = useMemo(() => buildHeatmap(entries, end, weeks), [entries, end, weeks]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The newest weeks are the ones on screen; older years are a scroll to the left.
  useEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [weeks, width]);
  const months = useMemo(() => monthLabels(map.start, weeks, labelWidth(), words), [map.start, weeks, words]);
  return (
    <div
      className="heatmap"
      ref={hostRef}
      data-testid="timeline-heatmap"
      data-start={map.start}
      data-end={map.end}
      data-weeks={weeks}
      aria-label={t('heatmap.label', { from: map.start, to: map.end })}
    >
      <div className="heatmap__frame">
        <div className="heatmap__weekdays" aria-hidden="true">
          {WEEKDAY_KEYS.map((key, i) => (
            <span key={i}>{key && t(`heatmap.weekdays.${key}`)}</span>
          ))}
        </div>
        <div className="heatmap__scroll" ref={scrollRef} data-testid="heatmap-scroll">
          <div className="heatmap__months" aria-hidden="true" style={{ width: weeks * 12 }}>
            {months.map((m) => (
              <span key={m.column} data-testid="heatmap-month" style={{ left: m.column * 12 }}>
                {m.label}
              </span>
            ))}
          </div>
          <div className="heatmap__grid">
            {map.cells.map((c) => (
              <button
                type="button"
                key={c.date ?? ''}
                className={`heatmap__cell heatmap__cell--l${c.level}`}
                data-testid={c.count > 0 ? 'heatmap-day' : undefined}
                data-date={c.date ?? undefined}
                data-count={c.count}
                title={t('heatmap.day', { date: c.date, count: c.count })}
                disabled={c.count === 0}
                onClick={() => c.date && onPickDay(c.date)}
              />
            ))}
          </div>
        </div>
      </div>
      <div className="heatmap__legend muted">{t('heatmap.legend', { from: map.start, to: map.end, max: map.max })}</div>
    </div>
  );
});

/** Measures a month label in the font it is drawn in (10px, the UI font), so labels never overlap. */
function labelWidth(): (label: string) => number {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return (label) => label.length * 6;
  ctx.font = `10px ${getComputedStyle(document.body).fontFamily}`;
  return (label) => ctx.measureText(label).width;
}
