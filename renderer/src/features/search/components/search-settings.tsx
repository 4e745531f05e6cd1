import { useSearch } from '../stores/search-store-context';
import type { MemorySource } from '../../../../../shared/domain';

/** The drawer of search settings; every change re-runs the search and shows rank movement. */
export function SearchSettingsDrawer() {
  const settings = useSearch((s) => s.search.settings);
  const { updateSearchSettings, resetSearchSettings } = useSearch((s) => ({ updateSearchSettings: s.updateSearchSettings, resetSearchSettings: s.resetSearchSettings }));
  const toggleSource = (source: MemorySource, on: boolean) => {
    const sources = on ? [...new Set([...settings.sources, source])] : settings.sources.filter((s) => s !== source);
    if (sources.length > 0) updateSearchSettings({ sources });
  };
  const num = (value: string, fallback: number) => {
    const n = Number(value);
    return Number.isFinite(n) ? n : fallback;
  };
  return (
    <div className="search-settings" data-testid="search-settings">
      <label className="field">
        <span>Text weight</span>
        <input type="range" min="0" max="1" step="0.05" value={settings.textWeight} data-testid="setting-text-weight"
          onChange={(e) => updateSearchSettings({ textWeight: num(e.target.value, settings.textWeight) })} />
        <output data-value={settings.textWeight}>{settings.textWeight.toFixed(2)}</output>
      </label>
      <label className="field">
        <span>Vector weight</span>
        <input type="range" min="0" max="1" step="0.05" value={settings.vectorWeight} data-testid="setting-vector-weight"
          onChange={(e) => updateSearchSettings({ vectorWeight: num(e.target.value, settings.vectorWeight) })} />
        <output data-value={settings.vectorWeight}>{settings.vectorWeight.toFixed(2)}</output>
      </label>
      <label className="field">
        <span>Min score</span>
        <input type="number" min="0" max="1" step="0.01" value={settings.minScore} data-testid="setting-min-score"
          onChange={(e) => updateSearchSettings({ minScore: Math.min(1, Math.max(0, num(e.target.value, settings.minScore))) })} />
      </label>
      <label className="field">
        <span>Max results</span>
        <input type="number" min="1" max="1000" step="1" value={settings.maxResults} data-testid="setting-max-results"
          onChange={(e) => updateSearchSettings({ maxResults: Math.min(1000, Math.max(1, Math.round(num(e.target.value, settings.maxResults)))) })} />
      </label>
      <fieldset className="field-group">
        <label className="field field--check">
          <input type="checkbox" checked={settings.decay.enabled} data-testid="setting-decay" onChange={(e) => updateSearchSettings({ decay: { enabled: e.target.checked } })} />
          <span>Temporal decay</span>
        </label>
        <label className="field">
          <span>Half-life (days)</span>
          <input type="number" min="1" step="1" value={settings.decay.halfLifeDays} disabled={!settings.decay.enabled} data-testid="setting-half-life"
            onChange={(e) => updateSearchSettings({ decay: { halfLifeDays: Math.max(1, num(e.target.value, settings.decay.halfLifeDays)) } })} />
        </label>
      </fieldset>
      <fieldset className="field-group">
        <label className="field field--check">
          <input type="checkbox" checked={settings.mmr.enabled} data-testid="setting-mmr" onChange={(e) => updateSearchSettings({ mmr: { enabled: e.target.checked } })} />
          <span>MMR diversity</span>
        </label>
        <label className="field">
          <span>λ</span>
          <input type="range" min="0" max="1" step="0.05" value={settings.mmr.lambda} disabled={!settings.mmr.enabled} data-testid="setting-mmr-lambda"
            onChange={(e) => updateSearchSettings({ mmr: { lambda: num(e.target.value, settings.mmr.lambda) } })} />
          <output>{settings.mmr.lambda.toFixed(2)}</output>
        </label>
      </fieldset>
      <fieldset className="field-group">
        <label className="field field--check">
          <input type="checkbox" checked={settings.accessBoost.enabled} data-testid="setting-access-boost" onChange={(e) => updateSearchSettings({ accessBoost: { enabled: e.target.checked } })} />
          <span title="Multiply a chunk's score by 1 + factor × ln(1 + agent accesses)">Boost what agents retrieve often</span>
        </label>
        <label className="field">
          <span>Factor</span>
          <input type="number" min="0" max="10" step="0.05" value={settings.accessBoost.factor} disabled={!settings.accessBoost.enabled} data-testid="setting-access-factor"
            onChange={(e) => updateSearchSettings({ accessBoost: { factor: Math.min(10, Math.max(0, num(e.target.value, settings.accessBoost.factor))) } })} />
        </label>
      </fieldset>
      <fieldset className="field-group">
        <span>Sources</span>
        {(['memory', 'sessions'] as const).map((source) => (
          <label key={source} className="field field--check">
            <input type="checkbox" checked={settings.sources.includes(source)} data-testid={`setting-source-${source}`} onChange={(e) => toggleSource(source, e.target.checked)} />
            <span>{source}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="field-group">
        <label className="field">
          <span>From</span>
          <input type="date" value={settings.from ?? ''} data-testid="setting-from" onChange={(e) => updateSearchSettings({ from: e.target.value || null })} />
        </label>
        <label className="field">
          <span>To</span>
          <input type="date" value={settings.to ?? ''} data-testid="setting-to" onChange={(e) => updateSearchSettings({ to: e.target.value || null })} />
        </label>
      </fieldset>
      <button type="button" className="button" data-testid="settings-reset" onClick={resetSearchSettings}>Reset to defaults</button>
    </div>
  );
}
