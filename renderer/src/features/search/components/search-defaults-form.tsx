import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from '../stores/search-store-context';
import {
  applySearchPatch,
  DEFAULT_SEARCH_SETTINGS,
  NO_INVESTIGATION,
  savedPart,
  whatIfChanges,
  type SearchSettingsState,
} from '../stores/search-settings-state';
import { SearchSettingsFields } from './search-settings-fields';
import { shownText } from '../../../lib/error-message';

/** The Settings view's "Search defaults": edited here, written only by Save. */
export function SearchDefaultsForm({ keywordOnly }: { keywordOnly: boolean }) {
  const { saved, savingDefaults, defaultsError } = useSearch((s) => ({
    saved: s.search.saved,
    savingDefaults: s.search.savingDefaults,
    defaultsError: s.search.defaultsError,
  }));
  const { t } = useTranslation('search');
  const saveSearchDefaults = useSearch((s) => s.saveSearchDefaults);
  const [draft, setDraft] = useState<SearchSettingsState>({ ...saved, ...NO_INVESTIGATION });
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => setDraft({ ...saved, ...NO_INVESTIGATION }), [saved]);
  const changes = whatIfChanges(draft, saved);
  const factory = whatIfChanges(draft, savedPart(DEFAULT_SEARCH_SETTINGS)).length === 0;
  return (
    <div className="search-defaults" data-testid="search-defaults">
      <SearchSettingsFields
        value={draft}
        onChange={(p) => setDraft(applySearchPatch(draft, p))}
        keywordOnly={keywordOnly}
        idPrefix="default"
        showDates={false}
      />
      <div className="settings-actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="defaults-save"
          disabled={changes.length === 0 || savingDefaults}
          onClick={() => void saveSearchDefaults(savedPart(draft)).then((ok) => ok && setSavedAt(Date.now()))}
        >
          {savingDefaults ? t('defaults.saving') : t('defaults.save')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="defaults-discard"
          disabled={changes.length === 0}
          onClick={() => setDraft({ ...saved, ...NO_INVESTIGATION })}
        >
          {t('defaults.discard')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="defaults-factory"
          disabled={factory}
          onClick={() => setDraft(DEFAULT_SEARCH_SETTINGS)}
        >
          {t('defaults.factory')}
        </button>
        {changes.length > 0 && (
          <span className="muted" data-testid="defaults-unsaved">
            {t('defaults.unsaved', { changes: changes.join(', ') })}
          </span>
        )}
        {changes.length === 0 && savedAt && (
          <span className="muted" data-testid="defaults-saved">
            {t('defaults.saved')}
          </span>
        )}
      </div>
      {defaultsError && <p className="notice notice--error">{shownText(t, defaultsError)}</p>}
    </div>
  );
}
