// The Settings' embedding endpoint → the engine's EmbedderConfig, the key read from the variable
// the user named, else the one the user stored in the OS keychain (never from OpenClaw's files).
// Null when the endpoint is off.
import type { EmbeddingEndpointConfig } from '../../shared/embedding-endpoint.js';
import type { EmbedderEndpointSettings } from '../../shared/embedding-endpoint-settings.js';
import type { EmbedderConfig } from '../memory/engine-types.js';

export function endpointEmbedderConfig(
  settings: EmbedderEndpointSettings,
  env: Readonly<Record<string, string | undefined>>,
  storedKey: string | null = null,
): EmbedderConfig | null {
  if (!settings.enabled) return null;
  const endpoint: EmbeddingEndpointConfig = {
    baseUrl: settings.baseUrl,
    model: settings.model,
    allowRemote: settings.allowRemote,
  };
  const inputTypes: NonNullable<EmbeddingEndpointConfig['inputTypes']> = {};
  if (settings.queryInputType && settings.documentInputType) {
    Object.assign(inputTypes, {
      field: 'input_type',
      query: settings.queryInputType,
      document: settings.documentInputType,
    });
  }
  if (settings.queryPrefix) inputTypes.queryPrefix = settings.queryPrefix;
  if (settings.documentPrefix) inputTypes.documentPrefix = settings.documentPrefix;
  if (Object.keys(inputTypes).length > 0) endpoint.inputTypes = inputTypes;
  if (settings.apiKeyEnv) {
    endpoint.apiKeyEnv = settings.apiKeyEnv;
    const key = env[settings.apiKeyEnv];
    if (key) endpoint.apiKey = key;
  }
  if (!endpoint.apiKey && storedKey) endpoint.apiKey = storedKey;
  return { model: settings.model, modelsDir: '', allowDownload: false, endpoint };
}
