// Endpoint settings → a running provider or the reason there is none (then search is keyword-only).
// A reason is a short clause, ` — `, then details, like load-embedder.ts.
import { messageOf } from '../../../../shared/errors.js';
import { modeReasons, type ModeReason } from '../../../../shared/mode-reasons.js';
import type { EmbeddingProvider } from '../embedding-provider.js';
import { describeEndpointTraffic, parseEndpointUrl } from '../../../../shared/embedding-endpoint.js';
import type { EmbeddingEndpointConfig } from '../../../../shared/embedding-endpoint.js';
import { EndpointEmbeddingProvider, EndpointError } from './endpoint-embedding-provider.js';

/** `retryable`: the endpoint itself failed (down, 5xx, refused the request), not its settings: worth trying again. */
export type LoadEndpointResult =
  { ok: true; provider: EmbeddingProvider } | { ok: false; reason: ModeReason; retryable?: boolean };

export async function loadEndpointEmbedder(config: EmbeddingEndpointConfig): Promise<LoadEndpointResult> {
  const parsed = parseEndpointUrl(config.baseUrl);
  if (!parsed.ok) return { ok: false, reason: parsed.reason };
  const model = config.model.trim();
  if (!model)
    return {
      ok: false,
      reason: modeReasons.endpointNoModel(parsed.url.href),
    };
  if (!parsed.local && config.allowRemote !== true) {
    return {
      ok: false,
      reason: modeReasons.endpointNotAllowed(parsed.url.origin, describeEndpointTraffic(parsed.url.origin)),
    };
  }
  if (config.apiKeyEnv && !config.apiKey) {
    return {
      ok: false,
      reason: modeReasons.endpointKeyMissing(parsed.url.href, config.apiKeyEnv),
    };
  }
  try {
    return { ok: true, provider: await EndpointEmbeddingProvider.start({ ...config, model }, parsed.url) };
  } catch (error) {
    return {
      ok: false,
      reason: modeReasons.endpointUnusable(
        parsed.url.href,
        error instanceof EndpointError ? error.reason : messageOf(error),
      ),
      retryable: error instanceof EndpointError,
    };
  }
}
