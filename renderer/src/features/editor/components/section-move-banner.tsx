// After "move this section to a topic file": what happened, and the way back.
import { useBudget } from '../stores/budget-store-context';

export function SectionMoveBanner() {
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
        {moveError ??
          (lastMove
            ? `Moved “${lastMove.title}” to ${lastMove.topicPath}. ${lastMove.topicPath} is saved; this file has the pointer line but is not saved yet.`
            : '')}
      </span>
      {lastMove && (
        <button
          type="button"
          className="button"
          data-testid="section-move-undo"
          disabled={busy}
          onClick={() => void undoSectionMove()}
        >
          Undo move
        </button>
      )}
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismissSectionMove}>
        ×
      </button>
    </div>
  );
}
