// Endpoint settings → a running provider or the reason there is none (then search is keyword-only).
// A reason is a short clause, ` — `, then details, like load-embedder.ts.
import { messageOf } from '../../../../shared/errors.js';
import type { EmbeddingProvider } from '../embedding-provider.js';
import { describeEndpointTraffic, parseEndpointUrl } from '../../../../shared/embedding-endpoint.js';
import type { EmbeddingEndpointConfig } from '../../../../shared/embedding-endpoint.js';
import { EndpointEmbeddingProvider, EndpointError } from './endpoint-embedding-provider.js';

/** `retryable`: the endpoint itself failed (down, 5xx, refused the request), not its settings: worth trying again. */
export type LoadEndpointResult =
  { ok: true; provider: EmbeddingProvider } | { ok: false; reason: string; retryable?: boolean };

export async function loadEndpointEmbedder(config: EmbeddingEndpointConfig): Promise<LoadEndpointResult> {
  const parsed = parseEndpointUrl(config.baseUrl);
  if (!parsed.ok) return parsed;
  const model = config.model.trim();
  if (!model)
    return {
      ok: false,
      reason: `no model named for embedding endpoint ${parsed.url.href} — give one with --embedder-model or in Settings`,
    };
  if (!parsed.local && config.allowRemote !== true) {
    return {
      ok: false,
      reason:
        `embedding endpoint ${parsed.url.origin} is not on this computer and was not allowed — ${describeEndpointTraffic(parsed.url.origin)}. ` +
        'Allow it with --embedder-allow-remote or in Settings',
    };
  }
  if (config.apiKeyEnv && !config.apiKey) {
    return {
      ok: false,
      reason: `the key for embedding endpoint ${parsed.url.href} is missing — environment variable ${config.apiKeyEnv} is not set`,
    };
  }
  try {
    return { ok: true, provider: await EndpointEmbeddingProvider.start({ ...config, model }, parsed.url) };
  } catch (error) {
    return {
      ok: false,
      reason: `embedding endpoint ${parsed.url.href} could not be used — ${messageOf(error)}`,
      retryable: error instanceof EndpointError,
    };
  }
}
