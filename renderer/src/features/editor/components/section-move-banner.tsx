// After "move this section to a topic file": what happened, and the way back.
import { useTranslation } from 'react-i18next';
import { useBudget } from '../stores/budget-store-context';
import { shownText } from '../../../lib/error-message';

export function SectionMoveBanner() {
  const { t } = useTranslation('editor');
  const { lastMove, moveError, busy } = useBudget((s) => ({
    lastMove: s.budget.lastMove,
    moveError: s.budget.moveError,
    busy: s.budget.busy,
  }));
  const { undoSectionMove, dismissSectionMove } = useBudget((s) => ({
    undoSectionMove: s.undoSectionMove,
    dismissSectionMove: s.dismissSectionMove,
  }));
  return (
    <div
      className={`banner ${moveError ? 'banner--warning' : 'banner--info'}`}
      role="status"
      data-testid="section-move-banner"
    >
      <span>
        {moveError
          ? shownText(t, moveError)
          : lastMove
            ? t('sections.moved', { title: lastMove.title, path: lastMove.topicPath })
            : ''}
      </span>
      {lastMove && (
        <button
          type="button"
          className="button"
          data-testid="section-move-undo"
          disabled={busy}
          onClick={() => void undoSectionMove()}
        >
          {t('sections.undo')}
        </button>
      )}
      <button type="button" className="icon-button" aria-label={t('sections.dismiss')} onClick={dismissSectionMove}>
        ×
      </button>
    </div>
  );
}
