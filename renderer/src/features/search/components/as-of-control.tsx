// "As of" another day in the search panel: a small toggle beside the search box, a native date
// picker with a "Today" reset under it, and a chip ("as of 2026-04-16 ×") whenever the search is
// not as of today, so an old reference day is never forgotten.
import { useTranslation } from 'react-i18next';
import { localIsoDay, normaliseAsOf } from '../stores/as-of';

interface AsOfToggleProps {
  asOf: string | null;
  open: boolean;
  onToggle(): void;
}

export function AsOfToggle({ asOf, open, onToggle }: AsOfToggleProps) {
  const { t } = useTranslation('search');
  return (
    <button
      type="button"
      className={`icon-button as-of__toggle${open || asOf ? ' is-on' : ''}`}
      data-testid="search-as-of-toggle"
      aria-expanded={open}
      title={asOf ? t('asOf.titleSet', { day: asOf }) : t('asOf.title')}
      onClick={onToggle}
    >
      {t('asOf.toggle')}
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
  const { t } = useTranslation('search');
  const today = localIsoDay();
  if (open) {
    return (
      <div className="as-of" data-testid="search-as-of">
        <label className="as-of__field">
          <span>{t('asOf.field')}</span>
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
          {t('asOf.today')}
        </button>
        <span className="field-note">{t('asOf.hint')}</span>
      </div>
    );
  }
  if (!asOf) return null;
  return (
    <div className="as-of">
      <span className="chip chip--static as-of__chip is-on" data-testid="search-as-of-chip" data-value={asOf}>
        <button type="button" className="as-of__chip-day" title={t('asOf.change')} onClick={onOpen}>
          {t('asOf.chip', { day: asOf })}
        </button>
        <button
          type="button"
          className="as-of__chip-clear"
          data-testid="search-as-of-reset"
          aria-label={t('asOf.reset')}
          title={t('asOf.back')}
          onClick={() => onChange(null)}
        >
          ×
        </button>
      </span>
    </div>
  );
}
