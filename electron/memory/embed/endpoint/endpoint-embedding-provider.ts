// An EmbeddingProvider that calls an OpenAI-compatible `POST {baseUrl}/embeddings`: batches of texts,
// retries with backoff on 429 (its Retry-After honoured), 5xx and dropped connections, a timeout on
// every request (a silent server is not tried again), and a vector check — a NaN/Infinity or
// wrong-width vector fails like a broken model.
import { DEFAULT_QUERY_TIMEOUT_MS, EmbedderClosedError, EmbeddingTimeoutError } from '../embedding-provider.js';
import type { EmbeddingProvider } from '../embedding-provider.js';
import { ENDPOINT_PROVIDER, embeddingsUrl } from '../../../../shared/embedding-endpoint.js';
import type { EmbeddingEndpointConfig, EndpointInputTypes } from '../../../../shared/embedding-endpoint.js';
import { endpointReasons, type ModeReason } from '../../../../shared/mode-reasons.js';
import { endpointProviderKey } from './endpoint-config.js';

const DEFAULTS = { batchSize: 32, requestTimeoutMs: 60_000, maxRetries: 3, retryBaseMs: 500, maxRetryAfterMs: 30_000 };

type Side = 'query' | 'document';

/** The endpoint answered, but not with usable vectors, or not at all after the retries. */
export class EndpointError extends Error {
  constructor(
    /** Why, by message id (shared/mode-reasons.ts endpointReasons); `message` is its English. */
    readonly reason: ModeReason,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
    /** No answer within the request's time. */
    readonly timedOut = false,
  ) {
    super(reason.message);
    this.name = 'EndpointError';
  }
}

export class EndpointEmbeddingProvider implements EmbeddingProvider {
  readonly provider = ENDPOINT_PROVIDER;
  readonly model: string;
  private dimsValue = 0;
  private providerKeyValue = '';
  private readonly url: URL;
  private readonly settings: typeof DEFAULTS;
  private readonly inputTypes: EndpointInputTypes;
  private readonly closing = new AbortController();

  private constructor(
    private readonly config: EmbeddingEndpointConfig,
    base: URL,
  ) {
    this.model = config.model;
    this.url = embeddingsUrl(base);
    this.inputTypes = config.inputTypes ?? {};
    this.settings = {
      batchSize: config.batchSize ?? DEFAULTS.batchSize,
      requestTimeoutMs: config.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
      maxRetries: config.maxRetries ?? DEFAULTS.maxRetries,
      retryBaseMs: config.retryBaseMs ?? DEFAULTS.retryBaseMs,
      maxRetryAfterMs: config.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
    };
  }

  /** Asks the endpoint for one vector to learn its width; rejects with the reason it cannot be used. */
  static async start(config: EmbeddingEndpointConfig, base: URL): Promise<EndpointEmbeddingProvider> {
    const provider = new EndpointEmbeddingProvider(config, base);
    const [probe] = await provider.embed(['Memory Lens'], 'document', provider.batchDeadline());
    provider.dimsValue = probe!.length;
    provider.providerKeyValue = endpointProviderKey(base, config.inputTypes, probe!.length);
    return provider;
  }

  get dims(): number {
    return this.dimsValue;
  }

  get providerKey(): string {
    return this.providerKeyValue;
  }

  /** The endpoint as shown to the user: `http://127.0.0.1:11434/v1/embeddings`. */
  get endpoint(): string {
    return this.url.href;
  }

  async embedPassages(texts: string[], onProgress?: (done: number, total: number) => void): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.settings.batchSize) {
      const batch = texts.slice(start, start + this.settings.batchSize);
      out.push(...(await this.embed(batch, 'document', this.batchDeadline())));
      onProgress?.(out.length, texts.length);
    }
    if (texts.length === 0) this.assertOpen();
    return out;
  }

  async embedQuery(text: string, timeoutMs: number = DEFAULT_QUERY_TIMEOUT_MS): Promise<Float32Array> {
    const deadline = Date.now() + timeoutMs;
    try {
      const [vector] = await this.embed([text], 'query', deadline);
      return vector!;
    } catch (error) {
      if (error instanceof EmbedderClosedError) throw error;
      if ((error instanceof EndpointError && error.timedOut) || Date.now() >= deadline)
        throw new EmbeddingTimeoutError(Math.min(timeoutMs, this.settings.requestTimeoutMs));
      throw error;
    }
  }

  async close(): Promise<void> {
    this.closing.abort();
  }

  /** A batch may use every try in full. */
  private batchDeadline(): number {
    return Date.now() + this.settings.requestTimeoutMs * (this.settings.maxRetries + 1) + this.settings.maxRetryAfterMs;
  }

  private assertOpen(): void {
    if (this.closing.signal.aborted) throw new EmbedderClosedError('closed');
  }

  /** One batch, retried until `deadline`; throws EndpointError, EmbedderClosedError or a timeout. */
  private async embed(texts: string[], side: Side, deadline: number): Promise<Float32Array[]> {
    for (let attempt = 0; ; attempt++) {
      this.assertOpen();
      const left = deadline - Date.now();
      if (left <= 0) throw new EndpointError(endpointReasons.notInTime(this.url.href), false, null, true);
      try {
        return await this.post(texts, side, Math.min(left, this.settings.requestTimeoutMs));
      } catch (error) {
        this.assertOpen();
        const failure = asEndpointError(error, this.url.href);
        if (!failure.retryable || attempt >= this.settings.maxRetries) {
          throw attempt > 0
            ? new EndpointError(endpointReasons.afterTries(failure.reason, attempt + 1), false, null, failure.timedOut)
            : failure;
        }
        const wait = failure.retryAfterMs ?? this.settings.retryBaseMs * 2 ** attempt;
        if (wait > this.settings.maxRetryAfterMs)
          throw new EndpointError(endpointReasons.askedToWait(failure.reason, Math.ceil(wait / 1000)), false);
        if (Date.now() + wait >= deadline) throw failure;
        await sleep(wait, this.closing.signal);
      }
    }
  }

  private async post(texts: string[], side: Side, timeoutMs: number): Promise<Float32Array[]> {
    const prefix = (side === 'query' ? this.inputTypes.queryPrefix : this.inputTypes.documentPrefix) ?? '';
    const body: Record<string, unknown> = { model: this.config.model, input: texts.map((text) => prefix + text) };
    const typeValue = side === 'query' ? this.inputTypes.query : this.inputTypes.document;
    if (this.inputTypes.field && typeValue) body[this.inputTypes.field] = typeValue;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;

    // A plain timer, referenced until the answer is read: AbortSignal.timeout inside
    // AbortSignal.any can be garbage-collected on Node 20 and never fire (nodejs/node#57736).
    const request = new AbortController();
    const abort = () => request.abort();
    const timer = setTimeout(abort, timeoutMs);
    this.closing.signal.addEventListener('abort', abort, { once: true });
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.url, { method: 'POST', headers, body: JSON.stringify(body), signal: request.signal });
      text = await response.text();
    } catch (error) {
      if (this.closing.signal.aborted) throw new EmbedderClosedError('closed');
      // Not retried: a server that accepted a request and stayed silent this long is hanging, and
      // every further try would hold the batch's keyword index back by another full timeout.
      if (request.signal.aborted)
        throw new EndpointError(endpointReasons.timedOut(this.url.href, timeoutMs), false, null, true);
      throw new EndpointError(endpointReasons.unreachable(this.url.href, networkCause(error)), true);
    } finally {
      clearTimeout(timer);
      this.closing.signal.removeEventListener('abort', abort);
    }
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      const retryAfter =
        response.status === 429 || response.status === 503
          ? parseRetryAfter(response.headers.get('retry-after'))
          : null;
      // A server may echo the key it refused; the reason goes to status, logs and the window.
      const detail = this.config.apiKey
        ? errorDetail(text).split(this.config.apiKey).join('[the key]')
        : errorDetail(text);
      throw new EndpointError(endpointReasons.answered(this.url.href, response.status, detail), retryable, retryAfter);
    }
    return parseVectors(text, texts.length, this.dimsValue, this.url.href);
  }
}

/** The `data[].embedding` arrays in input order, each checked finite and of one width. */
function parseVectors(text: string, count: number, dims: number, where: string): Float32Array[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Python's json.dumps writes NaN/Infinity literals, which are not JSON.
    if (/\b(NaN|-?Infinity)\b/.test(text)) throw new EndpointError(endpointReasons.nonFinite(where), false);
    throw new EndpointError(endpointReasons.notJson(where), false);
  }
  const data = (json as { data?: unknown }).data;
  if (!Array.isArray(data) || data.length !== count) {
    throw new EndpointError(endpointReasons.wrongCount(where, Array.isArray(data) ? data.length : null, count), false);
  }
  const ordered = [...data].sort(
    (a, b) => Number((a as { index?: number }).index ?? 0) - Number((b as { index?: number }).index ?? 0),
  );
  return ordered.map((item) => {
    const values = (item as { embedding?: unknown }).embedding;
    if (!Array.isArray(values) || values.length === 0) throw new EndpointError(endpointReasons.noArray(where), false);
    const vector = Float32Array.from(values, (v) => (typeof v === 'number' ? v : Number.NaN));
    if (!vector.every(Number.isFinite)) throw new EndpointError(endpointReasons.nonFinite(where), false);
    if (dims > 0 && vector.length !== dims)
      throw new EndpointError(endpointReasons.wrongDims(where, vector.length, dims), false);
    return vector;
  });
}

/** Retry-After in seconds or as an HTTP date, in ms; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function errorDetail(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } | string }).error;
    const detail = typeof message === 'string' ? message : message?.message;
    if (typeof detail === 'string') return detail.slice(0, 200);
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 200);
}

function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

function asEndpointError(error: unknown, where: string): EndpointError {
  if (error instanceof EndpointError) return error;
  return new EndpointError(endpointReasons.failed(where, error instanceof Error ? error.message : String(error)), true);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new EmbedderClosedError('closed'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new EmbedderClosedError('closed'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
