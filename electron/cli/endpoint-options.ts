// The CLI flags that point search and indexing at an OpenAI-compatible embedding endpoint the user
// already runs (Ollama, LM Studio, llama.cpp server, vLLM, OpenAI). The key comes from an
// environment variable the user names; nothing is read from OpenClaw's files.
import type { EmbeddingEndpointConfig, EndpointInputTypes } from '../../shared/embedding-endpoint.js';
import type { CliIo } from './cli-io.js';
import type { OptionSpecs } from './option-specs.js';

export const ENDPOINT_OPTIONS = {
  embedder: { type: 'string' },
  'embedder-model': { type: 'string' },
  'embedder-input-type': { type: 'string' },
  'embedder-input-field': { type: 'string' },
  'embedder-query-prefix': { type: 'string' },
  'embedder-document-prefix': { type: 'string' },
  'embedder-key-env': { type: 'string' },
  'embedder-allow-remote': { type: 'boolean' },
  'embedder-timeout': { type: 'string' },
} as const satisfies OptionSpecs;

export const ENDPOINT_USAGE = `  --embedder URL       embed through an OpenAI-compatible /v1/embeddings endpoint instead of a local model,
                       e.g. http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:1234/v1 (LM Studio)
  --embedder-model M   the endpoint's model name, e.g. nomic-embed-text (required with --embedder)
  --embedder-input-type Q,D   send input_type Q for queries and D for chunks (e.g. query,document)
  --embedder-input-field NAME field for --embedder-input-type (default input_type)
  --embedder-query-prefix T, --embedder-document-prefix T   text put before queries / chunks
  --embedder-key-env VAR      send $VAR as the Bearer key (default: no key)
  --embedder-allow-remote     allow an endpoint that is not on this computer: it receives every
                              indexed chunk's text and every query
  --embedder-timeout S        seconds an indexing request may go unanswered before search goes
                              keyword-only and the endpoint counts as down (default 60)`;

type Values = { [K in keyof typeof ENDPOINT_OPTIONS]?: unknown };

/** The endpoint the flags name, or null; `fail` reports a usage mistake (exit 2) by its `cli:usage.*` key. */
export function endpointFromFlags(
  values: Values,
  io: CliIo,
  fail: (key: string, params?: Record<string, string>) => never,
): EmbeddingEndpointConfig | null {
  const str = (key: keyof Values) => (typeof values[key] === 'string' ? (values[key] as string) : undefined);
  const baseUrl = str('embedder');
  if (baseUrl === undefined) {
    const stray = (Object.keys(ENDPOINT_OPTIONS) as (keyof Values)[]).find(
      (key) => key !== 'embedder' && values[key] !== undefined,
    );
    if (stray) fail('needsEmbedder', { flag: stray });
    return null;
  }
  const model = str('embedder-model');
  if (!model) fail('embedderModel');
  const inputTypes: EndpointInputTypes = {};
  const inputType = str('embedder-input-type');
  if (inputType !== undefined) {
    const [query, document, extra] = inputType.split(',').map((part) => part.trim());
    if (!query || !document || extra !== undefined) fail('inputType', { value: inputType });
    Object.assign(inputTypes, { field: str('embedder-input-field') ?? 'input_type', query, document });
  } else if (str('embedder-input-field') !== undefined) {
    fail('inputField');
  }
  const queryPrefix = str('embedder-query-prefix');
  const documentPrefix = str('embedder-document-prefix');
  if (queryPrefix) inputTypes.queryPrefix = queryPrefix;
  if (documentPrefix) inputTypes.documentPrefix = documentPrefix;
  const config: EmbeddingEndpointConfig = {
    baseUrl,
    model: model!,
    allowRemote: values['embedder-allow-remote'] === true,
  };
  if (Object.keys(inputTypes).length > 0) config.inputTypes = inputTypes;
  const timeout = str('embedder-timeout');
  if (timeout !== undefined) {
    const seconds = Number(timeout);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3_600) fail('embedderTimeout', { value: timeout });
    config.requestTimeoutMs = Math.round(seconds * 1000);
  }
  const keyEnv = str('embedder-key-env');
  if (keyEnv !== undefined) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv)) fail('keyEnv', { value: keyEnv });
    config.apiKeyEnv = keyEnv;
    const key = io.env[keyEnv];
    if (key) config.apiKey = key;
  }
  return config;
}
