// The main-thread half of the embedder: an EmbeddingProvider whose model runs behind a transport
// (a worker thread by default). Nothing here does model work, so indexing thousands of chunks
// never stalls the caller's event loop; every call is a message and a promise.
import type { EmbedTransport, ModelLoadProgress, WorkerMessage } from './embed-protocol.js';
import { DEFAULT_QUERY_TIMEOUT_MS, EmbedderClosedError, EmbeddingTimeoutError } from './embedding-provider.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import type { ModelPreset } from './model-presets.js';
import { workerThreadTransport } from './worker-thread-transport.js';

/** Texts per model call: one call's overhead amortised, and a query waits at most one batch. */
export const DEFAULT_BATCH_SIZE = 16;

export interface WorkerProviderOptions {
  modelId: string;
  modelsDir: string;
  allowDownload: boolean;
  /** A mirror of the Hugging Face hub for downloads. */
  remoteHost?: string;
  preset: ModelPreset;
  quantized: boolean;
  /** Called once the model has loaded (a download may only then have put its files in place). */
  providerKey: () => Promise<string>;
  batchSize?: number;
  transport?: EmbedTransport;
  onLoadProgress?: (progress: ModelLoadProgress) => void;
}

interface Pending {
  count: number;
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
  onProgress?: (done: number, total: number) => void;
}

export class WorkerEmbeddingProvider implements EmbeddingProvider {
  readonly provider = 'transformers.js';
  readonly model: string;
  private providerKeyValue = '';
  private dimsValue = 0;
  private readonly preset: ModelPreset;
  private readonly transport: EmbedTransport;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped: string | null = null;

  private constructor(options: WorkerProviderOptions, transport: EmbedTransport) {
    this.model = options.modelId;
    this.preset = options.preset;
    this.transport = transport;
  }

  /** Opens a session on the transport and waits until the model is loaded; rejects if it cannot be. */
  static async start(options: WorkerProviderOptions): Promise<WorkerEmbeddingProvider> {
    const transport = options.transport ?? workerThreadTransport();
    const provider = new WorkerEmbeddingProvider(options, transport);
    transport.setBusy(true);
    const ready = new Promise<number>((resolve, reject) => {
      transport.onExit((reason) => {
        reject(new Error(reason));
        provider.stop(reason);
      });
      transport.onMessage((message: WorkerMessage) => {
        if (message.type === 'ready') resolve(message.dims);
        else if (message.type === 'init-failed') reject(new Error(message.message));
        else if (message.type === 'load-progress') options.onLoadProgress?.(message.progress);
        else provider.handle(message);
      });
    });
    transport.postMessage({
      type: 'init',
      modelId: options.modelId,
      modelsDir: options.modelsDir,
      allowDownload: options.allowDownload,
      ...(options.remoteHost ? { remoteHost: options.remoteHost } : {}),
      quantized: options.quantized,
      pooling: options.preset.pooling,
      normalize: options.preset.normalize,
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    });
    try {
      provider.dimsValue = await ready;
      provider.providerKeyValue = await options.providerKey();
    } catch (error) {
      await provider.close();
      throw error;
    }
    transport.setBusy(false);
    return provider;
  }

  get providerKey(): string {
    return this.providerKeyValue;
  }

  get dims(): number {
    return this.dimsValue;
  }

  embedPassages(texts: string[], onProgress?: (done: number, total: number) => void): Promise<Float32Array[]> {
    if (texts.length === 0)
      return this.stopped ? Promise.reject(new EmbedderClosedError(this.stopped)) : Promise.resolve([]);
    const prefixed = texts.map((text) => this.preset.passagePrefix + text);
    return this.request('passages', prefixed, onProgress).promise;
  }

  async embedQuery(text: string, timeoutMs: number = DEFAULT_QUERY_TIMEOUT_MS): Promise<Float32Array> {
    const { id, promise } = this.request('query', [this.preset.queryPrefix + text]);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Drop it from the worker's queue if it has not started; a late result is ignored.
        this.settle(id)?.reject(new EmbeddingTimeoutError(timeoutMs));
        if (!this.stopped) this.transport.postMessage({ type: 'cancel', id });
        reject(new EmbeddingTimeoutError(timeoutMs));
      }, timeoutMs);
    });
    try {
      const [vector] = await Promise.race([promise, timeout]);
      if (!vector) throw new Error('the embedder returned no vector');
      return vector;
    } finally {
      clearTimeout(timer);
    }
  }

  /** A second call waits for the same release (the transport's terminate is idempotent). */
  async close(): Promise<void> {
    this.stop('closed');
    await this.transport.terminate();
  }

  private request(priority: 'query' | 'passages', texts: string[], onProgress?: (done: number, total: number) => void) {
    const id = this.nextId++;
    const promise = new Promise<Float32Array[]>((resolve, reject) => {
      if (this.stopped) {
        reject(new EmbedderClosedError(this.stopped));
        return;
      }
      this.pending.set(id, { count: texts.length, resolve, reject, onProgress });
      this.transport.setBusy(true);
      this.transport.postMessage({ type: 'embed', id, priority, texts });
    });
    // The timeout path rejects this promise too; nobody else awaits it then.
    promise.catch(() => undefined);
    return { id, promise };
  }

  private handle(message: WorkerMessage): void {
    if (message.type === 'progress') {
      this.pending.get(message.id)?.onProgress?.(message.done, message.total);
    } else if (message.type === 'result') {
      const pending = this.settle(message.id);
      if (!pending) return;
      const vectors: Float32Array[] = [];
      for (let i = 0; i < pending.count; i++)
        vectors.push(message.vectors.subarray(i * message.dims, (i + 1) * message.dims));
      pending.onProgress?.(pending.count, pending.count);
      pending.resolve(vectors);
    } else if (message.type === 'error') {
      this.settle(message.id)?.reject(new Error(`embedding failed: ${message.message}`));
    }
  }

  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0 && !this.stopped) this.transport.setBusy(false);
    return pending;
  }

  private stop(reason: string): void {
    if (this.stopped) return;
    this.stopped = reason;
    const error = new EmbedderClosedError(reason);
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
