import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-locale';
import { shownText } from '../../../lib/error-message';
import { useEditor } from '../stores/editor-store-context';

/**
 * Unsaved text that could not be kept in the data folder, or drafts that could not be read at start
 * (worded by `within`): said while it lasts, gone once a write works.
 */
export function DraftErrorBanner() {
  const { t } = useTranslation('editor');
  const draftError = useEditor((s) => s.editor.draftError);
  if (!draftError) return null;
  return (
    <div className="banner banner--warning" role="alert" data-testid="draft-error">
      {draftError.within ? shownText(t, draftError) : t('draftError.text', { message: shownText(t, draftError) })}
    </div>
  );
}

/** Drafts an earlier window left (a crash, a closed tab): offered back once, at start. */
export function RecoveredDraftsBanner() {
  const { t, i18n } = useTranslation('editor');
  const recovered = useEditor((s) => s.editor.recovered);
  const { restoreRecoveredDrafts, discardRecoveredDrafts } = useEditor((s) => ({
    restoreRecoveredDrafts: s.restoreRecoveredDrafts,
    discardRecoveredDrafts: s.discardRecoveredDrafts,
  }));
  if (recovered.length === 0) return null;
  const newest = Math.max(...recovered.map((d) => d.savedAt));
  return (
    <div className="banner banner--warning" role="alert" data-testid="recovered-drafts" data-count={recovered.length}>
      <span>
        {t('recovered.text', { when: formatDate(i18n.language, newest, 'datetime') })}{' '}
        {recovered.map((d, i) => (
          <span key={d.path}>
            {i > 0 && ', '}
            <button
              type="button"
              className="link-button"
              data-testid="recovered-draft"
              data-path={d.path}
              title={t('recovered.restoreOne')}
              onClick={() => void restoreRecoveredDrafts([d.path])}
            >
              {d.path}
            </button>
          </span>
        ))}
      </span>
      <button
        type="button"
        className="button button--primary"
        data-testid="recovered-restore"
        onClick={() => void restoreRecoveredDrafts()}
      >
        {t('recovered.restore', { count: recovered.length })}
      </button>
      <button
        type="button"
        className="button button--danger"
        data-testid="recovered-discard"
        onClick={() => void discardRecoveredDrafts()}
      >
        {t('recovered.discard')}
      </button>
    </div>
  );
}
