import { progressFraction } from '../stores/status-slice';
import { useStatus } from '../stores/status-store-context';

const WATCHER_LABELS = { off: 'watcher off', starting: 'watcher starting', watching: 'watching', error: 'watcher error' } as const;

export function StatusBar() {
  const { index, progress, uiErrors, errorsOpen, reindexing, connected } = useStatus((s) => ({
    index: s.status.index,
    progress: s.status.progress,
    uiErrors: s.status.uiErrors,
    errorsOpen: s.status.errorsOpen,
    reindexing: s.status.reindexing,
    connected: s.status.connected,
  }));
  const { setErrorsOpen, reindex, dismissUiErrors } = useStatus((s) => ({ setErrorsOpen: s.setErrorsOpen, reindex: s.reindex, dismissUiErrors: s.dismissUiErrors }));
  const fraction = progressFraction(progress);
  const errorCount = (index?.errors.length ?? 0) + uiErrors.length;

  return (
    <footer className="status-bar" data-testid="status-bar">
      {!connected && <span className="status-bar__item status--bad" data-testid="status-disconnected">disconnected</span>}
      {index ? (
        <>
          <span className="status-bar__item" data-testid="status-files" data-value={index.files}>{index.files} files</span>
          <span className="status-bar__item" data-testid="status-chunks" data-value={index.chunks}>{index.chunks} chunks</span>
          <span className={`status-mode mode--${index.mode}`} data-testid="status-mode" data-value={index.mode} title={index.modeReason ?? ''}>
            {index.mode === 'hybrid' ? 'hybrid' : 'keyword-only'}
            {index.mode === 'fts-only' && index.modeReason && <span className="muted"> — {index.modeReason}</span>}
          </span>
          <span className="status-bar__item" data-testid="status-model" title={`${index.provider} · ${index.vectorBackend}`}>
            {index.model || 'no embedder'}{index.dims ? ` (${index.dims}d)` : ''}
          </span>
          <span className={`status-bar__item watcher--${index.watcher}`} data-testid="status-watcher" data-value={index.watcher}>{WATCHER_LABELS[index.watcher]}</span>
        </>
      ) : (
        <span className="status-bar__item muted">Connecting…</span>
      )}
      {progress && (
        <span className="status-bar__item status-bar__progress" data-testid="status-progress" data-phase={progress.phase}>
          {progress.phase}
          {progress.phase === 'embedding' && progress.chunksTotal ? ` ${progress.chunksDone ?? 0}/${progress.chunksTotal} chunks` : ` ${progress.filesDone}/${progress.filesTotal}`}
          <progress max={1} value={fraction ?? undefined} />
        </span>
      )}
      
      <span className="status-bar__spacer" />
      <button type="button" className="status-bar__button" data-testid="reindex" disabled={reindexing} onClick={() => void reindex()}>
        {reindexing ? 'Reindexing…' : 'Reindex'}
      </button>
      <button type="button" className={`status-bar__button${errorCount ? ' status--bad' : ''}`} data-testid="status-errors" data-value={errorCount} onClick={() => setErrorsOpen(!errorsOpen)}>
        {errorCount} error{errorCount === 1 ? '' : 's'}
      </button>
      {errorsOpen && (
        <div className="status-errors" data-testid="status-error-list" role="dialog" aria-label="Errors">
          {errorCount === 0 && <p className="muted">No errors.</p>}
          <ul>
            {index?.errors.map((e, i) => (
              <li key={`i${i}`}><code>{e.path}</code> {e.message} <span className="muted">{new Date(e.at).toLocaleTimeString()}</span></li>
            ))}
            {uiErrors.map((e) => (
              <li key={`u${e.id}`}>{e.message} <span className="muted">{new Date(e.at).toLocaleTimeString()}</span></li>
            ))}
          </ul>
          {uiErrors.length > 0 && <button type="button" className="button" onClick={dismissUiErrors}>Clear</button>}
        </div>
      )}
    </footer>
  );
}
