import { useTranslation } from 'react-i18next';
import { localText } from '../../../../../shared/i18n';
import { modeReasonOf } from '../../../../../shared/mode-reasons';
import { useStatus } from '../stores/status-store-context';

/** Settings' line for an embedding endpoint that is down: why, when it is tried next, and Retry now. */
export function EndpointRetryNotice() {
  const { retry, index, retryEmbedder } = useStatus((s) => ({
    retry: s.status.index?.embedderRetry,
    index: s.status.index,
    retryEmbedder: s.retryEmbedder,
  }));
  const { t, i18n } = useTranslation('status');
  if (!retry) return null;
  const why = index ? modeReasonOf(index) : undefined;
  const reason = why ? localText(i18n.t, why) : retry.reason;
  return (
    <p className="notice notice--warning" data-testid="settings-embedder-retry">
      {t('retryNotice', { reason })}{' '}
      <button type="button" data-testid="settings-embedder-retry-now" onClick={() => void retryEmbedder()}>
        {t('retryNow')}
      </button>
    </p>
  );
}
