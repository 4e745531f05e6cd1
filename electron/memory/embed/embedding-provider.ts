// What the index and the search need from an embedding model. The only implementation runs
// transformers.js in a worker thread (worker-embedding-provider.ts); the interface keeps the
// engine free of that detail so an Electron utility process or a remote provider can stand in.

export interface EmbeddingProvider {
  /** Provider family, reported as `provider` in search responses and status (e.g. `transformers.js`). */
  readonly provider: string;
  /** Model id as configured, e.g. `Xenova/multilingual-e5-small`. */
  readonly model: string;
  /**
   * Fingerprint of everything besides the model id that changes the vectors (pooling, prefixes,
   * quantisation, the model files). Part of the embedding-cache key and of the index identity.
   */
  readonly providerKey: string;
  /** Length of every vector this provider returns. */
  readonly dims: number;
  /**
   * Embeds document chunks (the model's passage prefix is added here), in order. Runs off the
   * calling thread in batches; `onProgress` reports texts done so far.
   */
  embedPassages(texts: string[], onProgress?: (done: number, total: number) => void): Promise<Float32Array[]>;
  /**
   * Embeds one search query (query prefix added). Rejects with EmbeddingTimeoutError after
   * `timeoutMs` (default DEFAULT_QUERY_TIMEOUT_MS) so that query can run keyword-only.
   */
  embedQuery(text: string, timeoutMs?: number): Promise<Float32Array>;
  /** Stops at once: pending calls reject with EmbedderClosedError. Idempotent. */
  close(): Promise<void>;
}

/** A query embedding takes tens of milliseconds; after 3 s the user is better served keyword-only. */
export const DEFAULT_QUERY_TIMEOUT_MS = 3_000;

/** embedQuery did not finish in time. The message matches the search side's timeout detection. */
export class EmbeddingTimeoutError extends Error {
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`query embedding timed out after ${timeoutMs} ms`);
    this.name = 'EmbeddingTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** The provider was closed (or its worker died) while a call was pending or after. */
export class EmbedderClosedError extends Error {
  constructor(reason: string) {
    super(`embedder stopped: ${reason}`);
    this.name = 'EmbedderClosedError';
  }
}
