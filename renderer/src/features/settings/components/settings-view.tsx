import { useEffect, type ReactNode } from 'react';
import type { IndexProgress } from '../../../../../shared/domain';
import type { Theme } from '../../../../../shared/settings-schema';
import { useSettingsView } from '../stores/settings-store-context';
import { EndpointSettingsSection } from './endpoint-settings';
import { EndpointKeyField } from './endpoint-key-field';
import { LanguageSection } from './language-section';
import { ModelSettingsSection } from './model-settings';
import { SessionSourcesSection } from './session-sources-section';

interface SettingsViewProps {
  /** The search feature's saved-defaults form (composed in app/). */
  searchDefaults: ReactNode;
  indexProgress: IndexProgress | null;
  /** An embedding endpoint that is down, with Retry now (the status feature's, composed in app/). */
  endpointRetry?: ReactNode;
  /** Sections other features add (composed in app/). */
  children?: ReactNode;
}

const THEMES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'Follow the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function SettingsView({ searchDefaults, indexProgress, endpointRetry, children }: SettingsViewProps) {
  const v = useSettingsView((s) => s.settingsView);
  const actions = useSettingsView((s) => ({
    load: s.loadSettingsView,
    setTheme: s.setTheme,
    setLanguage: s.setLanguage,
    applyModelSettings: s.applyModelSettings,
    applyEndpointSettings: s.applyEndpointSettings,
    storeEndpointKey: s.storeEndpointKey,
    forgetEndpointKey: s.forgetEndpointKey,
    setAgentIncluded: s.setAgentIncluded,
    exportJudgments: s.exportJudgments,
  }));
  useEffect(() => {
    void actions.load();
  }, [actions.load]);

  const exportFile = async () => {
    const result = await actions.exportJudgments();
    if (!result || result.queries === 0) return;
    const url = URL.createObjectURL(new Blob([result.jsonl], { type: 'application/x-ndjson' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'memlens-judgments.jsonl';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <div className="settings-view" data-testid="settings-view">
      <div className="settings-view__inner">
        <h2 className="settings-view__title">Settings</h2>
        {v.error && (
          <p className="notice notice--error" data-testid="settings-error">
            {v.error}
          </p>
        )}
        {!v.settings && !v.error && <p className="muted">Loading…</p>}

        <section className="settings-section" id="settings-model" data-testid="settings-section-model">
          <h3>Meaning-based search</h3>
          {v.catalog && v.settings && (
            <ModelSettingsSection
              catalog={v.catalog}
              model={v.settings.model}
              progress={v.modelProgress}
              applying={v.applyingModel}
              indexProgress={indexProgress}
              onApply={(model) => void actions.applyModelSettings(model)}
            />
          )}
          {v.settings && (
            <EndpointSettingsSection
              endpoint={v.settings.embedderEndpoint}
              offer={v.endpointOffer}
              onApply={(endpoint) => void actions.applyEndpointSettings(endpoint)}
            />
          )}
          {v.settings && (
            <EndpointKeyField
              status={v.endpointKey}
              onStore={(key) => actions.storeEndpointKey(key)}
              onForget={() => void actions.forgetEndpointKey()}
            />
          )}
          {endpointRetry}
        </section>

        <section className="settings-section" data-testid="settings-section-search">
          <h3>Search defaults</h3>
          <p className="muted">
            What a new search starts with. The search panel's ⚙ tries settings on one search without changing these.
          </p>
          {searchDefaults}
        </section>

        <section className="settings-section" data-testid="settings-section-sources">
          <h3>Transcripts</h3>
          {v.sources && (
            <SessionSourcesSection
              sources={v.sources}
              onToggle={(agentId, included) => void actions.setAgentIncluded(agentId, included)}
            />
          )}
        </section>

        <section className="settings-section" data-testid="settings-section-theme">
          <h3>Theme</h3>
          <div className="form__radios">
            {THEMES.map((t) => (
              <label key={t.value}>
                <input
                  type="radio"
                  name="theme"
                  value={t.value}
                  checked={(v.settings?.theme ?? 'system') === t.value}
                  data-testid={`theme-${t.value}`}
                  onChange={() => void actions.setTheme(t.value)}
                />{' '}
                {t.label}
              </label>
            ))}
          </div>
        </section>

        <LanguageSection
          value={v.settings?.language ?? 'system'}
          onChange={(language) => void actions.setLanguage(language)}
        />

        <section className="settings-section" data-testid="settings-section-judgments">
          <h3>Judgments</h3>
          <p className="muted">
            👍/👎 on search results are kept for this workspace
            {v.judgedQueries !== null && (
              <>
                {' '}
                ({v.judgedQueries} quer{v.judgedQueries === 1 ? 'y' : 'ies'} judged)
              </>
            )}
            . Export them as an eval queries file for <code>memlens eval --queries</code>: one query per line with the
            results you marked relevant.
          </p>
          <div className="settings-actions">
            <button type="button" className="button" data-testid="judgments-export" onClick={() => void exportFile()}>
              Export eval queries…
            </button>
            {v.lastExport && (
              <span className="muted" data-testid="judgments-exported" data-queries={v.lastExport.queries}>
                {v.lastExport.queries} quer{v.lastExport.queries === 1 ? 'y' : 'ies'} exported
                {v.lastExport.skipped > 0 && `; ${v.lastExport.skipped} judged only irrelevant were left out`}.
              </span>
            )}
          </div>
        </section>
        {children}
      </div>
    </div>
  );
}
