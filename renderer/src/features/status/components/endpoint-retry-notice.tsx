import { useStatus } from '../stores/status-store-context';

/** Settings' line for an embedding endpoint that is down: why, when it is tried next, and Retry now. */
export function EndpointRetryNotice() {
  const { retry, reason, retryEmbedder } = useStatus((s) => ({
    retry: s.status.index?.embedderRetry,
    reason: s.status.index?.modeReason,
    retryEmbedder: s.retryEmbedder,
  }));
  if (!retry) return null;
  return (
    <p className="notice notice--warning" data-testid="settings-embedder-retry">
      Keyword-only for now: {reason ?? retry.reason}.{' '}
      <button type="button" data-testid="settings-embedder-retry-now" onClick={() => void retryEmbedder()}>
        Retry now
      </button>
    </p>
  );
}
