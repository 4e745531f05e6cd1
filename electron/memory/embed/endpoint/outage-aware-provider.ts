// The endpoint provider as the index and search see it: a call the endpoint fails marks it down,
// and while it is down calls are refused at once (keyword-only now, not after 3 s of retries).
import type { ModeReason } from '../../../../shared/mode-reasons.js';
import type { EmbeddingProvider } from '../embedding-provider.js';
import { EndpointError } from './endpoint-embedding-provider.js';
import type { EndpointOutage } from './endpoint-outage.js';

/** Thrown instead of calling an endpoint that is down; the message is why, and when it is tried again. */
export class EndpointDownError extends Error {
  constructor(readonly reason: ModeReason) {
    super(reason.message);
    this.name = 'EndpointDownError';
  }
}

export function outageAwareProvider(inner: EmbeddingProvider, outage: EndpointOutage): EmbeddingProvider {
  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    const down = outage.describe();
    if (down) throw new EndpointDownError(down);
    try {
      return await call();
    } catch (error) {
      // Only the endpoint's own failures (unreachable, 5xx, refused, gave up on 429, an indexing
      // request it never answered); a query that merely ran out of its 3 s arrives as an
      // EmbeddingTimeoutError and leaves the endpoint up for the next one.
      if (error instanceof EndpointError) outage.markDown(error.reason);
      throw error;
    }
  }
  return {
    provider: inner.provider,
    model: inner.model,
    providerKey: inner.providerKey,
    dims: inner.dims,
    embedPassages: (texts, onProgress) => guarded(() => inner.embedPassages(texts, onProgress)),
    embedQuery: (text, timeoutMs) => guarded(() => inner.embedQuery(text, timeoutMs)),
    close: () => inner.close(),
  };
}
