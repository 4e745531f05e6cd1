import { useTranslation } from 'react-i18next';
import { useStatus } from '../stores/status-store-context';

/** Settings' line for an embedding endpoint that is down: why, when it is tried next, and Retry now. */
export function EndpointRetryNotice() {
  const { retry, reason, retryEmbedder } = useStatus((s) => ({
    retry: s.status.index?.embedderRetry,
    reason: s.status.index?.modeReason,
    retryEmbedder: s.retryEmbedder,
  }));
  const { t } = useTranslation('status');
  if (!retry) return null;
  return (
    <p className="notice notice--warning" data-testid="settings-embedder-retry">
      {t('retryNotice', { reason: reason ?? retry.reason })}{' '}
      <button type="button" data-testid="settings-embedder-retry-now" onClick={() => void retryEmbedder()}>
        {t('retryNow')}
      </button>
    </p>
  );
}
