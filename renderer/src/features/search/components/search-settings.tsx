import { useTranslation } from 'react-i18next';
import { useSearch } from '../stores/search-store-context';
import { whatIfChanges } from '../stores/search-settings-state';
import { SearchSettingsFields } from './search-settings-fields';
import { shownText } from '../../../lib/error-message';

/**
 * The panel's what-if drawer: every change re-runs the search and shows rank movement, for this
 * window only. Saving them as the defaults is a separate, explicit step.
 */
export function SearchSettingsDrawer({ keywordOnly }: { keywordOnly: boolean }) {
  const { settings, saved, savingDefaults, defaultsError } = useSearch((s) => ({
    settings: s.search.settings,
    saved: s.search.saved,
    savingDefaults: s.search.savingDefaults,
    defaultsError: s.search.defaultsError,
  }));
  const { updateSearchSettings, revertSearchSettings, saveSearchDefaults } = useSearch((s) => ({
    updateSearchSettings: s.updateSearchSettings,
    revertSearchSettings: s.revertSearchSettings,
    saveSearchDefaults: s.saveSearchDefaults,
  }));
  const { t } = useTranslation('search');
  const changes = whatIfChanges(settings, saved);
  return (
    <div className="search-settings" data-testid="search-settings">
      <p className="search-settings__intro">
        <strong>{t('whatIf.title')}</strong>
        {t('whatIf.intro')}
      </p>
      <SearchSettingsFields
        value={settings}
        onChange={updateSearchSettings}
        keywordOnly={keywordOnly}
        idPrefix="setting"
        showDates
      />
      <div
        className="search-settings__actions"
        data-testid="what-if-state"
        data-value={changes.length ? 'changed' : 'saved'}
      >
        {changes.length > 0 ? (
          <>
            <span
              className="badge badge--pending"
              data-testid="what-if-badge"
              title={t('whatIf.differs', { changes: changes.join(', ') })}
            >
              {t('whatIf.badge', { changes: changes.join(', ') })}
            </span>
            <button type="button" className="button" data-testid="what-if-revert" onClick={revertSearchSettings}>
              {t('whatIf.revert')}
            </button>
            <button
              type="button"
              className="button button--primary"
              data-testid="what-if-save"
              disabled={savingDefaults}
              onClick={() => void saveSearchDefaults()}
            >
              {savingDefaults ? t('defaults.saving') : t('whatIf.save')}
            </button>
          </>
        ) : (
          <span className="muted">{t('whatIf.same')}</span>
        )}
      </div>
      {defaultsError && <p className="notice notice--error">{shownText(t, defaultsError)}</p>}
    </div>
  );
}
