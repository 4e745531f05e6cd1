// The cache identity of an endpoint's vectors. The endpoint's settings and the local-or-remote rule
// live in shared/embedding-endpoint.ts (the CLI and the settings view use them too).
import { createHash } from 'node:crypto';
import type { EndpointInputTypes } from '../../../../shared/embedding-endpoint.js';

/**
 * Everything besides the model name that changes the vectors: where they come from and what is
 * added to each text. Part of the embedding-cache key (provider, model, provider_key, hash).
 */
export function endpointProviderKey(url: URL, inputTypes: EndpointInputTypes | undefined, dims: number): string {
  const material = JSON.stringify({
    url: url.href,
    field: inputTypes?.field ?? null,
    query: inputTypes?.query ?? null,
    document: inputTypes?.document ?? null,
    queryPrefix: inputTypes?.queryPrefix ?? '',
    documentPrefix: inputTypes?.documentPrefix ?? '',
    dims,
  });
  return createHash('sha256').update(material).digest('hex').slice(0, 16);
}
