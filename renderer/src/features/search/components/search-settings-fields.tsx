// The search settings as form fields, shared by the panel's what-if drawer and the Settings view's
// saved defaults, so both say the same things the same way.
import { useTranslation } from 'react-i18next';
import type { MemorySource } from '../../../../../shared/domain';
import type { SearchSettingsPatch, SearchSettingsState } from '../stores/search-settings-state';

interface FieldsProps {
  value: SearchSettingsState;
  onChange(patch: SearchSettingsPatch): void;
  /** Keyword-only: every score is the keyword score, so the weights cannot change anything. */
  keywordOnly: boolean;
  /** Test id prefix: `setting` in the panel, `default` in the Settings view. */
  idPrefix: string;
  /** The date range belongs to one investigation: shown in the panel, never in the saved defaults. */
  showDates: boolean;
}

const SOURCES: readonly MemorySource[] = ['memory', 'sessions'];

function num(value: string, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

export function SearchSettingsFields({ value: s, onChange, keywordOnly, idPrefix, showDates }: FieldsProps) {
  const { t } = useTranslation('search');
  const id = (name: string) => `${idPrefix}-${name}`;
  const toggleSource = (source: MemorySource, on: boolean) => {
    const sources = on ? [...new Set([...s.sources, source])] : s.sources.filter((x) => x !== source);
    if (sources.length > 0) onChange({ sources });
  };
  return (
    <>
      <fieldset className="field-group" disabled={keywordOnly}>
        <label className="field">
          <span>{t('fields.textWeight')}</span>
          <input
            type="range"
            min="0"
            max="1"
            step="0.05"
            value={s.textWeight}
            data-testid={id('text-weight')}
            onChange={(e) => onChange({ textWeight: num(e.target.value, s.textWeight) })}
          />
          <output data-value={s.textWeight}>{s.textWeight.toFixed(2)}</output>
        </label>
        <label className="field">
          <span>{t('fields.vectorWeight')}</span>
          <input
            type="range"
            min="0"
            max="1"
            step="0.05"
            value={s.vectorWeight}
            data-testid={id('vector-weight')}
            onChange={(e) => onChange({ vectorWeight: num(e.target.value, s.vectorWeight) })}
          />
          <output data-value={s.vectorWeight}>{s.vectorWeight.toFixed(2)}</output>
        </label>
        {keywordOnly && (
          <p className="field-note" data-testid={id('weights-inactive')}>
            {t('fields.weightsInactive')}
          </p>
        )}
      </fieldset>
      <label className="field">
        <span>{t('fields.minScore')}</span>
        <input
          type="number"
          min="0"
          max="1"
          step="0.01"
          value={s.minScore}
          data-testid={id('min-score')}
          onChange={(e) => onChange({ minScore: Math.min(1, Math.max(0, num(e.target.value, s.minScore))) })}
        />
      </label>
      <label className="field">
        <span>{t('fields.maxResults')}</span>
        <input
          type="number"
          min="1"
          max="1000"
          step="1"
          value={s.maxResults}
          data-testid={id('max-results')}
          onChange={(e) =>
            onChange({ maxResults: Math.min(1000, Math.max(1, Math.round(num(e.target.value, s.maxResults)))) })
          }
        />
      </label>
      <fieldset className="field-group">
        <label className="field field--check">
          <input
            type="checkbox"
            checked={s.decay.enabled}
            data-testid={id('decay')}
            onChange={(e) => onChange({ decay: { enabled: e.target.checked } })}
          />
          <span>{t('fields.decay')}</span>
        </label>
        <label className="field">
          <span>{t('fields.halfLife')}</span>
          <input
            type="number"
            min="1"
            step="1"
            value={s.decay.halfLifeDays}
            disabled={!s.decay.enabled}
            data-testid={id('half-life')}
            onChange={(e) =>
              onChange({ decay: { halfLifeDays: Math.max(1, num(e.target.value, s.decay.halfLifeDays)) } })
            }
          />
        </label>
        {s.decay.enabled && <p className="field-note">{t('fields.decayNote', { days: s.decay.halfLifeDays })}</p>}
      </fieldset>
      <fieldset className="field-group">
        <label className="field field--check">
          <input
            type="checkbox"
            checked={s.mmr.enabled}
            data-testid={id('mmr')}
            onChange={(e) => onChange({ mmr: { enabled: e.target.checked } })}
          />
          <span>{t('fields.mmr')}</span>
        </label>
        <label className="field">
          <span>{t('fields.lambda')}</span>
          <input
            type="range"
            min="0"
            max="1"
            step="0.05"
            value={s.mmr.lambda}
            disabled={!s.mmr.enabled}
            data-testid={id('mmr-lambda')}
            onChange={(e) => onChange({ mmr: { lambda: num(e.target.value, s.mmr.lambda) } })}
          />
          <output>{s.mmr.lambda.toFixed(2)}</output>
        </label>
      </fieldset>
      <fieldset className="field-group">
        <label className="field field--check">
          <input
            type="checkbox"
            checked={s.accessBoost.enabled}
            data-testid={id('access-boost')}
            onChange={(e) => onChange({ accessBoost: { enabled: e.target.checked } })}
          />
          <span title={t('fields.accessTitle')}>{t('fields.access')}</span>
        </label>
        <label className="field">
          <span>{t('fields.factor')}</span>
          <input
            type="number"
            min="0"
            max="10"
            step="0.05"
            value={s.accessBoost.factor}
            disabled={!s.accessBoost.enabled}
            data-testid={id('access-factor')}
            onChange={(e) =>
              onChange({
                accessBoost: { factor: Math.min(10, Math.max(0, num(e.target.value, s.accessBoost.factor))) },
              })
            }
          />
        </label>
      </fieldset>
      <fieldset className="field-group">
        <label className="field field--check">
          <input
            type="checkbox"
            checked={s.dates.enabled}
            data-testid={id('dates')}
            onChange={(e) => onChange({ dates: { enabled: e.target.checked } })}
          />
          <span title={t('fields.datesTitle')}>{t('fields.dates')}</span>
        </label>
        <label className="field">
          <span>{t('fields.boost')}</span>
          <input
            type="number"
            min="1"
            max="10"
            step="0.25"
            value={s.dates.boost}
            disabled={!s.dates.enabled}
            data-testid={id('date-boost')}
            onChange={(e) =>
              onChange({ dates: { boost: Math.min(10, Math.max(1, num(e.target.value, s.dates.boost))) } })
            }
          />
        </label>
      </fieldset>
      <fieldset className="field-group">
        <span>{t('fields.sources')}</span>
        {SOURCES.map((source) => (
          <label key={source} className="field field--check">
            <input
              type="checkbox"
              checked={s.sources.includes(source)}
              data-testid={id(`source-${source}`)}
              onChange={(e) => toggleSource(source, e.target.checked)}
            />
            <span>{t(`fields.source.${source}`)}</span>
          </label>
        ))}
      </fieldset>
      {showDates && (
        <fieldset className="field-group">
          <label className="field">
            <span>{t('fields.from')}</span>
            <input
              type="date"
              value={s.from ?? ''}
              data-testid={id('from')}
              onChange={(e) => onChange({ from: e.target.value || null })}
            />
          </label>
          <label className="field">
            <span>{t('fields.to')}</span>
            <input
              type="date"
              value={s.to ?? ''}
              data-testid={id('to')}
              onChange={(e) => onChange({ to: e.target.value || null })}
            />
          </label>
        </fieldset>
      )}
    </>
  );
}
