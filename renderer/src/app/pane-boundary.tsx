import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The window's panes, named in the notice a failed one leaves in its place. */
export type PaneName = 'sidebar' | 'main' | 'search' | 'status';

interface BoundaryProps {
  pane: PaneName;
  /** A change of it (another view chosen) clears a failure, as trying again does. */
  resetKey?: string;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/**
 * Keeps a pane's failure to that pane: without it, one component throwing while it renders
 * unmounts the whole window and leaves a blank page. The store (and the unsaved text in it) lives
 * outside React, so trying again re-renders the pane from the same state. React still logs the
 * error with its component stack on the console.
 */
export class PaneBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <PaneFailed pane={this.props.pane} error={error} onRetry={() => this.setState({ error: null })} />;
  }
}

function PaneFailed({ pane, error, onRetry }: { pane: PaneName; error: Error; onRetry: () => void }) {
  const { t } = useTranslation('app');
  return (
    <div className="pane-failed" role="alert" data-testid="pane-failed" data-pane={pane}>
      <p>{t(`paneFailed.${pane}`)}</p>
      <p className="pane-failed__reason">{error.message}</p>
      <p>{t('paneFailed.rest')}</p>
      <button type="button" className="button" data-testid="pane-retry" onClick={onRetry}>
        {t('paneFailed.retry')}
      </button>
    </div>
  );
}
