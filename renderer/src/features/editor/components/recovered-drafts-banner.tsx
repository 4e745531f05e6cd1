import { useEditor } from '../stores/editor-store-context';

/** Drafts an earlier window left (a crash, a closed tab): offered back once, at start. */
export function RecoveredDraftsBanner() {
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
        Unsaved changes from an earlier window ({new Date(newest).toLocaleString()}):{' '}
        {recovered.map((d, i) => (
          <span key={d.path}>
            {i > 0 && ', '}
            <button
              type="button"
              className="link-button"
              data-testid="recovered-draft"
              data-path={d.path}
              title="Restore this one"
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
        Restore {recovered.length === 1 ? 'it' : 'all'}
      </button>
      <button
        type="button"
        className="button button--danger"
        data-testid="recovered-discard"
        onClick={() => void discardRecoveredDrafts()}
      >
        Discard
      </button>
    </div>
  );
}
