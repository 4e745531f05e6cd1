// The search settings as form fields, shared by the panel's what-if drawer and the Settings view's
// saved defaults, so both say the same things the same way.
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

function num(value: string, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

export function SearchSettingsFields({ value: s, onChange, keywordOnly, idPrefix, showDates }: FieldsProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const toggleSource = (source: MemorySource, on: boolean) => {
    const sources = on ? [...new Set([...s.sources, source])] : s.sources.filter((x) => x !== source);
    if (sources.length > 0) onChange({ sources });
  };
  return (
    <>
      <fieldset className="field-group" disabled={keywordOnly}>
        <label className="field">
          <span>Text weight</span>
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
          <span>Vector weight</span>
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
            No effect now: without an embedding model every score is the keyword score alone.
          </p>
        )}
      </fieldset>
      <label className="field">
        <span>Min score</span>
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
        <span>Max results</span>
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
          <span>Temporal decay</span>
        </label>
        <label className="field">
          <span>Half-life (days)</span>
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
        {s.decay.enabled && (
          <p className="field-note">
            A dated memory loses half its score every {s.decay.halfLifeDays} days, so old ones can fall below the min
            score; evergreen files keep theirs.
          </p>
        )}
      </fieldset>
      <fieldset className="field-group">
        <label className="field field--check">
          <input
            type="checkbox"
            checked={s.mmr.enabled}
            data-testid={id('mmr')}
            onChange={(e) => onChange({ mmr: { enabled: e.target.checked } })}
          />
          <span>MMR diversity</span>
        </label>
        <label className="field">
          <span>λ</span>
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
          <span title="Multiply a chunk's score by 1 + factor × ln(1 + agent accesses)">
            Boost what agents retrieve often
          </span>
        </label>
        <label className="field">
          <span>Factor</span>
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
          <span title="“yesterday”, “4月16号”, “last week” in the query: memories from then are multiplied by the boost">
            Dates in the query
          </span>
        </label>
        <label className="field">
          <span>Boost ×</span>
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
        <span>Sources</span>
        {(['memory', 'sessions'] as const).map((source) => (
          <label key={source} className="field field--check">
            <input
              type="checkbox"
              checked={s.sources.includes(source)}
              data-testid={id(`source-${source}`)}
              onChange={(e) => toggleSource(source, e.target.checked)}
            />
            <span>{source === 'memory' ? 'Memory files' : 'Session transcripts'}</span>
          </label>
        ))}
      </fieldset>
      {showDates && (
        <fieldset className="field-group">
          <label className="field">
            <span>From</span>
            <input
              type="date"
              value={s.from ?? ''}
              data-testid={id('from')}
              onChange={(e) => onChange({ from: e.target.value || null })}
            />
          </label>
          <label className="field">
            <span>To</span>
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
