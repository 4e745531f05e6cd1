// "As of" another day in the search panel: a small toggle beside the search box, a native date
// picker with a "Today" reset under it, and a chip ("as of 2026-04-16 ×") whenever the search is
// not as of today, so an old reference day is never forgotten.
import { localIsoDay, normaliseAsOf } from '../stores/as-of';

interface AsOfToggleProps {
  asOf: string | null;
  open: boolean;
  onToggle(): void;
}

export function AsOfToggle({ asOf, open, onToggle }: AsOfToggleProps) {
  return (
    <button
      type="button"
      className={`icon-button as-of__toggle${open || asOf ? ' is-on' : ''}`}
      data-testid="search-as-of-toggle"
      aria-expanded={open}
      title={
        asOf
          ? `Searching as of ${asOf}: "yesterday" is the day before`
          : 'Search as of another day ("yesterday", "上周二" read from then)'
      }
      onClick={onToggle}
    >
      as of
    </button>
  );
}

interface AsOfRowProps {
  asOf: string | null;
  open: boolean;
  onChange(asOf: string | null): void;
  onOpen(): void;
}

/** The picker while open; the chip while closed and not today; nothing otherwise. */
export function AsOfRow({ asOf, open, onChange, onOpen }: AsOfRowProps) {
  const today = localIsoDay();
  if (open) {
    return (
      <div className="as-of" data-testid="search-as-of">
        <label className="as-of__field">
          <span>Search as of</span>
          <input
            type="date"
            data-testid="search-as-of-input"
            value={asOf ?? today}
            onChange={(e) => onChange(normaliseAsOf(e.target.value, today))}
          />
        </label>
        <button
          type="button"
          className="link-button"
          data-testid="search-as-of-today"
          disabled={!asOf}
          onClick={() => onChange(null)}
        >
          Today
        </button>
        <span className="field-note">Relative dates, date boosts and decay are read from this day.</span>
      </div>
    );
  }
  if (!asOf) return null;
  return (
    <div className="as-of">
      <span className="chip chip--static as-of__chip is-on" data-testid="search-as-of-chip" data-value={asOf}>
        <button type="button" className="as-of__chip-day" title="Change the day" onClick={onOpen}>
          as of {asOf}
        </button>
        <button
          type="button"
          className="as-of__chip-clear"
          data-testid="search-as-of-reset"
          aria-label="Search as of today"
          title="Back to today"
          onClick={() => onChange(null)}
        >
          ×
        </button>
      </span>
    </div>
  );
}
