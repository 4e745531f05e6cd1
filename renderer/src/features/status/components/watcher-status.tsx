import { useTranslation } from 'react-i18next';
import type { IndexStatus } from '../../../../../shared/domain';

/**
 * The watcher's state, and when it failed, why and what stands in for it (e.g. "the system's watch
 * limit is reached; rescanning every 10 s"): a silent 'watching' while edits go unnoticed is worse
 * than a visible error.
 */
export function WatcherStatus({ watcher, reason }: { watcher: IndexStatus['watcher']; reason: string | undefined }) {
  const { t } = useTranslation('status');
  return (
    <span
      className={`status-bar__item watcher--${watcher}`}
      data-testid="status-watcher"
      data-value={watcher}
      title={reason ?? ''}
    >
      {t(`watcher.${watcher}`)}
      {watcher === 'error' && reason && (
        <span className="status-bar__reason" data-testid="status-watcher-reason">
          {' '}
          — {reason}
        </span>
      )}
    </span>
  );
}
