import { memo, useMemo } from 'react';
import type { TimelineEntry } from '../../../../../shared/domain';
import { buildHeatmap, latestDay } from '../stores/heatmap';

/** A year of activity, one square per day (Monday at the top), darker for busier days. */
export const CalendarHeatmap = memo(function CalendarHeatmap({ entries, onPickDay }: { entries: readonly TimelineEntry[]; onPickDay(day: string): void }) {
  const today = new Date().toISOString().slice(0, 10);
  const map = useMemo(() => buildHeatmap(entries, latestDay(entries, today)), [entries, today]);
  return (
    <div className="heatmap" data-testid="timeline-heatmap" data-start={map.start} data-end={map.end} aria-label={`Activity from ${map.start} to ${map.end}`}>
      <div className="heatmap__grid">
        {map.cells.map((c) => (
          <button
            type="button"
            key={c.date ?? ''}
            className={`heatmap__cell heatmap__cell--l${c.level}`}
            data-testid={c.count > 0 ? 'heatmap-day' : undefined}
            data-date={c.date ?? undefined}
            data-count={c.count}
            title={`${c.date}: ${c.count} entr${c.count === 1 ? 'y' : 'ies'}`}
            disabled={c.count === 0}
            onClick={() => c.date && onPickDay(c.date)}
          />
        ))}
      </div>
      <div className="heatmap__legend muted">
        {map.start} – {map.end} · busiest day {map.max}
      </div>
    </div>
  );
});
