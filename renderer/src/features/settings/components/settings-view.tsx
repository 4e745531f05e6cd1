import { useEffect, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { IndexProgress } from '../../../../../shared/domain';
import type { Theme } from '../../../../../shared/settings-schema';
import { useSettingsView } from '../stores/settings-store-context';
import { EndpointSettingsSection } from './endpoint-settings';
import { EndpointKeyField } from './endpoint-key-field';
import { LanguageSection } from './language-section';
import { ModelSettingsSection } from './model-settings';
import { SessionSourcesSection } from './session-sources-section';
import { shownText } from '../../../lib/error-message';

interface SettingsViewProps {
  /** The search feature's saved-defaults form (composed in app/). */
  searchDefaults: ReactNode;
  indexProgress: IndexProgress | null;
  /** An embedding endpoint that is down, with Retry now (the status feature's, composed in app/). */
  endpointRetry?: ReactNode;
  /** Sections other features add (composed in app/). */
  children?: ReactNode;
}

const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

export function SettingsView({ searchDefaults, indexProgress, endpointRetry, children }: SettingsViewProps) {
  const { t } = useTranslation('settings');
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
        <h2 className="settings-view__title">{t('title')}</h2>
        {v.error && (
          <p className="notice notice--error" data-testid="settings-error">
            {shownText(t, v.error)}
          </p>
        )}
        {!v.settings && !v.error && <p className="muted">{t('loading')}</p>}

        <section className="settings-section" id="settings-model" data-testid="settings-section-model">
          <h3>{t('sections.model')}</h3>
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
          <h3>{t('sections.search')}</h3>
          <p className="muted">{t('sections.searchHint')}</p>
          {searchDefaults}
        </section>

        <section className="settings-section" data-testid="settings-section-sources">
          <h3>{t('sections.sources')}</h3>
          {v.sources && (
            <SessionSourcesSection
              sources={v.sources}
              onToggle={(agentId, included) => void actions.setAgentIncluded(agentId, included)}
            />
          )}
        </section>

        <section className="settings-section" data-testid="settings-section-theme">
          <h3>{t('sections.theme')}</h3>
          <div className="form__radios">
            {THEMES.map((theme) => (
              <label key={theme}>
                <input
                  type="radio"
                  name="theme"
                  value={theme}
                  checked={(v.settings?.theme ?? 'system') === theme}
                  // Until the saved settings are read: they would put back the theme chosen before.
                  disabled={!v.settings}
                  data-testid={`theme-${theme}`}
                  onChange={() => void actions.setTheme(theme)}
                />{' '}
                {t(`theme.${theme}`)}
              </label>
            ))}
          </div>
        </section>

        <LanguageSection
          value={v.settings?.language ?? 'system'}
          onChange={(language) => void actions.setLanguage(language)}
          disabled={!v.settings}
        />

        <section className="settings-section" data-testid="settings-section-judgments">
          <h3>{t('sections.judgments')}</h3>
          <p className="muted">
            {t('judgments.kept')}
            {v.judgedQueries !== null && t('judgments.judged', { count: v.judgedQueries })}
            <Trans t={t} i18nKey="judgments.export" components={[<code key="cmd" />]} />
          </p>
          <div className="settings-actions">
            <button type="button" className="button" data-testid="judgments-export" onClick={() => void exportFile()}>
              {t('judgments.exportButton')}
            </button>
            {v.lastExport && (
              <span className="muted" data-testid="judgments-exported" data-queries={v.lastExport.queries}>
                {t('judgments.exported', { count: v.lastExport.queries })}
                {v.lastExport.skipped > 0 && t('judgments.skipped', { count: v.lastExport.skipped })}
                {t('judgments.end')}
              </span>
            )}
          </div>
        </section>
        {children}
      </div>
    </div>
  );
}
