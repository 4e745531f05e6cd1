// What Memory Lens needs to call an OpenAI-compatible `/v1/embeddings` endpoint (Ollama, LM Studio,
// llama.cpp server, vLLM, OpenAI), and the rule for which endpoints may be called without asking:
// only this computer's. A remote one sees the user's memory text, so it needs an explicit yes.
import { endpointReasons, type ModeReason } from './mode-reasons.js';

export interface EndpointInputTypes {
  /** Request field naming the side, e.g. `input_type` (Cohere/Voyage/NVIDIA style); absent: none sent. */
  field?: string;
  /** Value of that field, or nothing, for queries, e.g. `query`. */
  query?: string;
  /** Value of that field for indexed chunks, e.g. `document` / `passage`. */
  document?: string;
  /** Text put before every query (e5: `query: `, nomic: `search_query: `). */
  queryPrefix?: string;
  /** Text put before every chunk (e5: `passage: `, nomic: `search_document: `). */
  documentPrefix?: string;
}

export interface EmbeddingEndpointConfig {
  /** Base URL up to and including `/v1`, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /** Model name the endpoint knows, e.g. `nomic-embed-text`. */
  model: string;
  inputTypes?: EndpointInputTypes;
  /** Name of the environment variable that holds the key (the key itself never goes in settings). */
  apiKeyEnv?: string;
  /** The key's value, read by the host from `apiKeyEnv`; sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** The user said yes to sending memory text to an endpoint that is not on this computer. */
  allowRemote?: boolean;
  /** Texts per request (default 32). */
  batchSize?: number;
  /** Per-request timeout for indexing batches, ms (default 60 s). */
  requestTimeoutMs?: number;
  /** Retries after a 429 / 5xx / network error (default 3). */
  maxRetries?: number;
  /** First backoff step, ms, doubled each retry (default 500); a 429's Retry-After wins. */
  retryBaseMs?: number;
  /** Longest Retry-After we honour, ms (default 30 s); longer → fail now, keyword-only. */
  maxRetryAfterMs?: number;
}

export const ENDPOINT_PROVIDER = 'openai-compatible';

/** `reason`: by id (explain:modeReason.endpoint.*) beside its English, for the UI's and CLI's language. */
export type ParsedEndpoint = { ok: true; url: URL; local: boolean } | { ok: false; reason: ModeReason };

/** 127.0.0.0/8, ::1 and localhost: requests that never leave the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return v4 !== null && v4.slice(1).every((part) => Number(part) <= 255);
}

export function parseEndpointUrl(baseUrl: string): ParsedEndpoint {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return { ok: false, reason: endpointReasons.notUrl(baseUrl) };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: endpointReasons.notHttp(baseUrl) };
  }
  if (url.username || url.password) {
    return { ok: false, reason: endpointReasons.credentials() };
  }
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return { ok: true, url, local: isLoopbackHost(url.hostname) };
}

/** Where `/embeddings` is: the base URL with `embeddings` appended (`…/v1/` → `…/v1/embeddings`). */
export function embeddingsUrl(base: URL): URL {
  return new URL('embeddings', base);
}

/** Said once, where the user decides: what leaves the computer when a remote endpoint is used. */
export function describeEndpointTraffic(origin: string): string {
  return (
    `${origin} is not on this computer: Memory Lens would send it the text of every memory chunk it indexes ` +
    '(MEMORY.md, USER.md, memory/*.md and transcripts) and every search query, and keep the vectors it returns'
  );
}
