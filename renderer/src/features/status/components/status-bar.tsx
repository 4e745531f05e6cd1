import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localText } from '../../../../../shared/i18n';
import { lifecycleReasonOf, watcherReasonOf } from '../../../../../shared/index-reasons';
import { modeReasonOf } from '../../../../../shared/mode-reasons';
import { reasonHeadline } from '../../../../../shared/reason-text';
import { shownText } from '../../../lib/error-message';
import { formatBytes } from '../../../lib/format-number';
import { formatDate } from '../../../lib/format-locale';
import { modelFraction, progressFraction, progressLabel, reindexSummary } from '../stores/status-slice';
import { useStatus } from '../stores/status-store-context';
import { WatcherStatus } from './watcher-status';

/** The index's lifecycle when it is not simply serving: what a person should know about results now. */
const LIFECYCLE_STATES = ['stale', 'rebuilding', 'damaged', 'recovering'] as const;
type LifecycleShown = (typeof LIFECYCLE_STATES)[number];

export interface StatusBarProps {
  onOpenSettings?(): void;
  /** The doctor's summary, composed in app/ (it reads the doctor's slice, never loads it). */
  doctor?: ReactNode;
}

export function StatusBar({ onOpenSettings, doctor }: StatusBarProps) {
  const { t, i18n } = useTranslation('status');
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
  const indexPhase = useStatus((s) => s.status.indexPhase);
  const { setErrorsOpen, reindex, dismissUiErrors, retryEmbedder } = useStatus((s) => ({
    setErrorsOpen: s.setErrorsOpen,
    reindex: s.reindex,
    dismissUiErrors: s.dismissUiErrors,
    retryEmbedder: s.retryEmbedder,
  }));
  const fraction = progressFraction(progress);
  // A failed watcher counts as an error too, so its reason can be read in full in the list.
  const watcherWhy = index?.watcher === 'error' ? watcherReasonOf(index) : undefined;
  const watcherReason = watcherWhy ? localText(i18n.t, watcherWhy) : undefined;
  const errorCount = (index?.errors.length ?? 0) + uiErrors.length + (watcherReason ? 1 : 0);
  // A first index that has not written anything yet: say it is running rather than "0 files".
  const firstIndex = !!index && index.lastSyncAt === null && index.files === 0;
  const modeReason = index ? modeReasonOf(index) : undefined;
  const modeReasonShown = modeReason ? localText(i18n.t, modeReason) : undefined;
  const lifecycleReason = index ? lifecycleReasonOf(index.lifecycle) : null;
  const lifecycleReasonShown = lifecycleReason ? localText(i18n.t, lifecycleReason) : undefined;

  return (
    <footer className="status-bar" data-testid="status-bar" data-index-phase={indexPhase ?? 'none'}>
      {!connected && (
        <span className="status-bar__item status--bad" data-testid="status-disconnected">
          {t('disconnected')}
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
              {progressLabel(progress, t)}
              <progress max={1} value={fraction ?? undefined} />
            </span>
          ) : firstIndex ? (
            <span className="status-bar__item" data-testid="status-first-index">
              {t('indexing')}
            </span>
          ) : null}
          {!firstIndex && (
            <>
              <span className="status-bar__item" data-testid="status-files" data-value={index.files}>
                {t('files', { count: index.files })}
              </span>
              <span className="status-bar__item" data-testid="status-chunks" data-value={index.chunks}>
                {t('chunks', { count: index.chunks })}
              </span>
            </>
          )}
          {(LIFECYCLE_STATES as readonly string[]).includes(index.lifecycle.state) && (
            <span
              className="status-bar__item status--warn status-bar__lifecycle"
              data-testid="status-lifecycle"
              data-value={index.lifecycle.state}
              title={lifecycleReasonShown ?? ''}
            >
              {t(`lifecycle.${index.lifecycle.state as LifecycleShown}`)}
              {lifecycleReasonShown && (
                <span className="status-bar__reason" data-testid="status-lifecycle-reason">
                  {' '}
                  — {lifecycleReasonShown}
                </span>
              )}
            </span>
          )}
          <span
            className={`status-mode mode--${index.mode}`}
            data-testid="status-mode"
            data-value={index.mode}
            title={modeReasonShown ?? ''}
          >
            {index.mode === 'hybrid' ? t('mode.hybrid') : t('mode.keyword')}
          </span>
          {model ? (
            <span
              className="status-bar__item status-bar__progress"
              data-testid="status-model-progress"
              data-phase={model.phase}
            >
              {t(model.phase === 'downloading' ? 'model.downloading' : 'model.loading', { model: model.modelId })}
              {model.total
                ? t('model.bytes', { loaded: formatBytes(model.loaded ?? 0), total: formatBytes(model.total) })
                : '…'}
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
                  : reasonHeadline(modeReasonShown ?? t('model.noneReason'))
              }
              onClick={onOpenSettings}
            >
              {index.mode === 'hybrid' ? `${index.model}${index.dims ? ` (${index.dims}d)` : ''}` : t('model.none')}
            </button>
          )}
          {index.embedderRetry && (
            <button
              type="button"
              className="status-bar__button status--warn"
              data-testid="status-embedder-retry"
              title={modeReasonShown ?? index.embedderRetry.reason}
              onClick={() => void retryEmbedder()}
            >
              {t('model.retry')}
            </button>
          )}
          <WatcherStatus watcher={index.watcher} reason={watcherReason} />
        </>
      ) : (
        <span className="status-bar__item muted">{t('connecting')}</span>
      )}

      <span className="status-bar__spacer" />
      {doctor}
      {lastReindex && !reindexing && (
        <span
          className="status-bar__item muted"
          data-testid="reindex-result"
          title={t('reindexTook', { files: lastReindex.filesScanned, ms: Math.round(lastReindex.tookMs) })}
        >
          {reindexSummary(lastReindex, t)}
        </span>
      )}
      <button
        type="button"
        className="status-bar__button"
        data-testid="reindex"
        disabled={reindexing}
        onClick={() => void reindex()}
      >
        {reindexing ? t('reindexing') : t('reindex')}
      </button>
      <button
        type="button"
        className={`status-bar__button${errorCount ? ' status--bad' : ''}`}
        data-testid="status-errors"
        data-value={errorCount}
        onClick={() => setErrorsOpen(!errorsOpen)}
      >
        {t('errors', { count: errorCount })}
      </button>
      {errorsOpen && (
        <div className="status-errors" data-testid="status-error-list" role="dialog" aria-label={t('errorsTitle')}>
          {errorCount === 0 && <p className="muted">{t('noErrors')}</p>}
          <ul>
            {watcherReason && (
              <li data-testid="status-error-watcher">{t('watcherError', { reason: watcherReason })}</li>
            )}
            {index?.errors.map((e, i) => (
              <li key={`i${i}`}>
                <code>{e.path}</code> {localText(i18n.t, e)}{' '}
                <span className="muted">{formatDate(i18n.language, e.at, 'time')}</span>
              </li>
            ))}
            {uiErrors.map((e) => (
              <li key={`u${e.id}`}>
                {shownText(i18n.t, e)} <span className="muted">{formatDate(i18n.language, e.at, 'time')}</span>
              </li>
            ))}
          </ul>
          {uiErrors.length > 0 && (
            <button type="button" className="button" onClick={dismissUiErrors}>
              {t('clear')}
            </button>
          )}
        </div>
      )}
    </footer>
  );
}
