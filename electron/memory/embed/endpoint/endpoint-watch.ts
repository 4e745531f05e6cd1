// How the engine keeps trying an embedding endpoint: one that was down when the workspace opened
// (a try loads it afresh; when it answers, the host reopens the workspace with it), and one that
// stops answering while in use (a try embeds one query; when it answers, a sync embeds what is missing).
import { endpointReasons, type ModeReason } from '../../../../shared/mode-reasons.js';
import { EmbeddingTimeoutError } from '../embedding-provider.js';
import type { EmbeddingProvider } from '../embedding-provider.js';
import { loadEmbedder, type EmbedderConfig } from '../load-embedder.js';
import { EndpointError } from './endpoint-embedding-provider.js';
import { EndpointOutage } from './endpoint-outage.js';
import { outageAwareProvider } from './outage-aware-provider.js';

/** A try is one request with a short deadline, not the indexing batches' minutes of retries. */
const PROBE_TIMEOUT_MS = 10_000;
const PROBE_TEXT = 'Memory Lens';

export interface EndpointWatchHooks {
  retry?: { firstMs?: number; maxMs?: number };
  onDidChange: () => void;
  onError: (error: unknown) => void;
}

/** The endpoint could not be used at open: keep loading it until it answers, then `onAvailable`. */
export function watchEndpointAtOpen(
  config: EmbedderConfig,
  reason: ModeReason,
  onAvailable: () => void,
  hooks: EndpointWatchHooks,
): EndpointOutage {
  const probeConfig: EmbedderConfig = {
    ...config,
    endpoint: {
      ...config.endpoint!,
      maxRetries: 0,
      requestTimeoutMs: Math.min(PROBE_TIMEOUT_MS, config.endpoint!.requestTimeoutMs ?? PROBE_TIMEOUT_MS),
    },
  };
  const outage = new EndpointOutage({
    ...hooks.retry,
    probe: async () => {
      const loaded = await loadEmbedder(probeConfig);
      if (!loaded.ok) throw new EndpointError(loaded.reason, true);
      await loaded.provider.close();
    },
    onRecovered: onAvailable,
    onDidChange: hooks.onDidChange,
    onError: hooks.onError,
  });
  outage.markDown(reason);
  return outage;
}

/** The provider the engine uses, refusing calls while the endpoint is down, and its outage. */
export function watchEndpointProvider(
  inner: EmbeddingProvider,
  onRecovered: () => Promise<void>,
  hooks: EndpointWatchHooks,
): { provider: EmbeddingProvider; outage: EndpointOutage } {
  const outage = new EndpointOutage({
    ...hooks.retry,
    probe: async () => {
      try {
        await inner.embedQuery(PROBE_TEXT, PROBE_TIMEOUT_MS);
      } catch (error) {
        // Status shows this reason: the endpoint's silence, not a search's time budget.
        if (error instanceof EmbeddingTimeoutError)
          throw new EndpointError(endpointReasons.tryTimedOut(error.timeoutMs), true, null, true);
        throw error;
      }
    },
    onRecovered,
    onDidChange: hooks.onDidChange,
    onError: hooks.onError,
  });
  return { provider: outageAwareProvider(inner, outage), outage };
}
