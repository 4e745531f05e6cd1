import { reasonHeadline } from '../../../../../shared/reason-text';
import { formatBytes } from '../../../lib/format-number';
import { modelFraction, progressFraction, progressLabel, reindexSummary } from '../stores/status-slice';
import { useStatus } from '../stores/status-store-context';
import { WatcherStatus } from './watcher-status';

/** The index's lifecycle when it is not simply serving: what a person should know about results now. */
const LIFECYCLE_LABELS = {
  stale: 'index outdated — rebuild queued',
  rebuilding: 'rebuilding the index (results from the old one meanwhile)',
  damaged: 'index damaged — rebuilding from the files',
  recovering: 'rebuilding the damaged index — results are incomplete',
} as const;

export function StatusBar({ onOpenSettings }: { onOpenSettings?(): void }) {
  const { index, progress, uiErrors, errorsOpen, reindexing, lastReindex, connected, model } = useStatus((s) => ({
    index: s.status.index,
    progress: s.status.progress,
    uiErrors: s.status.uiErrors,
    errorsOpen: s.status.errorsOpen,
    reindexing: s.status.reindexing,
    lastReindex: s.status.lastReindex,
    connected: s.status.connected,
    model: s.status.model,
  }));
  const { setErrorsOpen, reindex, dismissUiErrors, retryEmbedder } = useStatus((s) => ({
    setErrorsOpen: s.setErrorsOpen,
    reindex: s.reindex,
    dismissUiErrors: s.dismissUiErrors,
    retryEmbedder: s.retryEmbedder,
  }));
  const fraction = progressFraction(progress);
  // A failed watcher counts as an error too, so its reason can be read in full in the list.
  const watcherReason = index?.watcher === 'error' ? index.watcherReason : undefined;
  const errorCount = (index?.errors.length ?? 0) + uiErrors.length + (watcherReason ? 1 : 0);
  // A first index that has not written anything yet: say it is running rather than "0 files".
  const firstIndex = !!index && index.lastSyncAt === null && index.files === 0;

  return (
    <footer className="status-bar" data-testid="status-bar">
      {!connected && (
        <span className="status-bar__item status--bad" data-testid="status-disconnected">
          disconnected
        </span>
      )}
      {index ? (
        <>
          {progress ? (
            <span
              className="status-bar__item status-bar__progress"
              data-testid="status-progress"
              data-phase={progress.phase}
              data-done={progress.filesDone}
              data-total={progress.filesTotal}
            >
              {progressLabel(progress)}
              <progress max={1} value={fraction ?? undefined} />
            </span>
          ) : firstIndex ? (
            <span className="status-bar__item" data-testid="status-first-index">
              Indexing…
            </span>
          ) : null}
          {!firstIndex && (
            <>
              <span className="status-bar__item" data-testid="status-files" data-value={index.files}>
                {index.files.toLocaleString('en-US')} files
              </span>
              <span className="status-bar__item" data-testid="status-chunks" data-value={index.chunks}>
                {index.chunks.toLocaleString('en-US')} chunks
              </span>
            </>
          )}
          {index.lifecycle.state in LIFECYCLE_LABELS && (
            <span
              className="status-bar__item status--warn"
              data-testid="status-lifecycle"
              data-value={index.lifecycle.state}
              title={index.lifecycle.reason ?? ''}
            >
              {LIFECYCLE_LABELS[index.lifecycle.state as keyof typeof LIFECYCLE_LABELS]}
            </span>
          )}
          <span
            className={`status-mode mode--${index.mode}`}
            data-testid="status-mode"
            data-value={index.mode}
            title={index.modeReason ?? ''}
          >
            {index.mode === 'hybrid' ? 'hybrid' : 'keyword-only'}
          </span>
          {model ? (
            <span
              className="status-bar__item status-bar__progress"
              data-testid="status-model-progress"
              data-phase={model.phase}
            >
              {model.phase === 'downloading' ? 'Downloading' : 'Loading'} {model.modelId}
              {model.total ? ` ${formatBytes(model.loaded ?? 0)} of ${formatBytes(model.total)}` : '…'}
              <progress max={1} value={modelFraction(model) ?? undefined} />
            </span>
          ) : (
            <button
              type="button"
              className="status-bar__button status-bar__model"
              data-testid="status-model"
              title={
                index.mode === 'hybrid'
                  ? `${index.provider} · ${index.vectorBackend}`
                  : reasonHeadline(index.modeReason ?? 'no embedding model')
              }
              onClick={onOpenSettings}
            >
              {index.mode === 'hybrid' ? `${index.model}${index.dims ? ` (${index.dims}d)` : ''}` : 'no model'}
            </button>
          )}
          {index.embedderRetry && (
            <button
              type="button"
              className="status-bar__button status--warn"
              data-testid="status-embedder-retry"
              title={index.modeReason ?? index.embedderRetry.reason}
              onClick={() => void retryEmbedder()}
            >
              endpoint down — Retry now
            </button>
          )}
          <WatcherStatus watcher={index.watcher} reason={index.watcherReason} />
        </>
      ) : (
        <span className="status-bar__item muted">Connecting…</span>
      )}

      <span className="status-bar__spacer" />
      {lastReindex && !reindexing && (
        <span
          className="status-bar__item muted"
          data-testid="reindex-result"
          title={`${lastReindex.filesScanned} files checked in ${Math.round(lastReindex.tookMs)} ms`}
        >
          {reindexSummary(lastReindex)}
        </span>
      )}
      <button
        type="button"
        className="status-bar__button"
        data-testid="reindex"
        disabled={reindexing}
        onClick={() => void reindex()}
      >
        {reindexing ? 'Reindexing…' : 'Reindex'}
      </button>
      <button
        type="button"
        className={`status-bar__button${errorCount ? ' status--bad' : ''}`}
        data-testid="status-errors"
        data-value={errorCount}
        onClick={() => setErrorsOpen(!errorsOpen)}
      >
        {errorCount} error{errorCount === 1 ? '' : 's'}
      </button>
      {errorsOpen && (
        <div className="status-errors" data-testid="status-error-list" role="dialog" aria-label="Errors">
          {errorCount === 0 && <p className="muted">No errors.</p>}
          <ul>
            {watcherReason && <li data-testid="status-error-watcher">File watcher: {watcherReason}</li>}
            {index?.errors.map((e, i) => (
              <li key={`i${i}`}>
                <code>{e.path}</code> {e.message} <span className="muted">{new Date(e.at).toLocaleTimeString()}</span>
              </li>
            ))}
            {uiErrors.map((e) => (
              <li key={`u${e.id}`}>
                {e.message} <span className="muted">{new Date(e.at).toLocaleTimeString()}</span>
              </li>
            ))}
          </ul>
          {uiErrors.length > 0 && (
            <button type="button" className="button" onClick={dismissUiErrors}>
              Clear
            </button>
          )}
        </div>
      )}
    </footer>
  );
}
