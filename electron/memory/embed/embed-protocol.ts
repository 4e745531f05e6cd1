// Messages between the embedding host (main thread) and the embedding worker. Plain structured-
// clone data only, so the same protocol runs over worker_threads or an Electron utility process.
import type { Pooling } from './model-presets.js';

export interface EmbedInit {
  type: 'init';
  modelId: string;
  /** transformers.js env.localModelPath; downloads are cached here too. */
  modelsDir: string;
  allowDownload: boolean;
  /** transformers.js env.remoteHost when downloads come from a mirror (ends with a slash). */
  remoteHost?: string;
  quantized: boolean;
  pooling: Pooling;
  normalize: boolean;
  /** Texts per model call: big enough to amortise the call, small enough to let queries cut in. */
  batchSize: number;
}

export interface EmbedRequest {
  type: 'embed';
  id: number;
  /** Queries jump ahead of queued passage batches. */
  priority: 'query' | 'passages';
  /** Prefixes already applied. */
  texts: string[];
}

export interface EmbedCancel {
  type: 'cancel';
  id: number;
}

/** The provider is closed: drop its queue and release its model, then answer `released`. */
export interface EmbedDispose {
  type: 'dispose';
}

export type HostMessage = EmbedInit | EmbedRequest | EmbedCancel | EmbedDispose;

/** Model file loading/downloading, as transformers.js' progress_callback reports it. */
export interface ModelLoadProgress {
  status: 'initiate' | 'download' | 'progress' | 'done' | 'ready';
  file?: string;
  /** 0–100 for `progress`. */
  progress?: number;
  loaded?: number;
  total?: number;
}

export type WorkerMessage =
  | { type: 'load-progress'; progress: ModelLoadProgress }
  | { type: 'ready'; dims: number }
  | { type: 'init-failed'; message: string }
  | { type: 'progress'; id: number; done: number; total: number }
  /** `vectors` is texts.length × dims floats, row-major; its buffer is transferred. */
  | { type: 'result'; id: number; dims: number; vectors: Float32Array }
  | { type: 'error'; id: number; message: string }
  /** The answer to `dispose`: the session's model is released, so ending the worker now tears down no live session. */
  | { type: 'released' };

/**
 * worker_threads carries several providers over one worker (see worker-thread-transport.ts), so
 * there every message travels in an envelope naming its session.
 */
export interface SessionEnvelope<M> {
  session: number;
  message: M;
}

/** The host side of a transport: worker_threads today, an Electron utility process later. */
export interface EmbedTransport {
  postMessage(message: HostMessage): void;
  onMessage(listener: (message: WorkerMessage) => void): void;
  /** The other side died or exited; `reason` says how. */
  onExit(listener: (reason: string) => void): void;
  /** Keep the process alive while work is pending; let it exit when idle. */
  setBusy(busy: boolean): void;
  /**
   * Ends this provider's side; resolves once its worker-side model is released, or once the worker
   * is gone (it died, or it was ended because the release did not finish in time).
   */
  terminate(): Promise<void>;
}

/** The worker side of a transport. */
export interface EmbedWorkerPort {
  postMessage(message: WorkerMessage, transfer?: ArrayBuffer[]): void;
  onMessage(listener: (message: HostMessage) => void): void;
}
