// The embedding worker's logic for one provider session, independent of its transport: load the
// transformers.js feature-extraction pipeline, then embed requests in batches. Queries cut in
// between the batches of a long passage job, so a search never waits for a whole re-index.
import type { EmbedInit, EmbedRequest, EmbedWorkerPort, HostMessage, ModelLoadProgress } from './embed-protocol.js';
import type { Pooling } from './model-presets.js';
import { poolEmbeddings } from './pooling.js';
import { messageOf } from '../../../shared/errors.js';

interface Job {
  request: EmbedRequest;
  /** Texts embedded so far. */
  done: number;
  output: Float32Array | null;
}

/** The parts of a transformers.js FeatureExtractionPipeline the worker uses. */
interface TensorLike {
  data: ArrayLike<number | bigint>;
  dims: number[];
}
interface Extractor {
  tokenizer: (
    texts: string[],
    options: { padding: boolean; truncation: boolean },
  ) => { attention_mask: TensorLike } & Record<string, unknown>;
  model: (inputs: Record<string, unknown>) => Promise<Record<string, TensorLike | undefined>>;
  dispose(): Promise<void>;
}

/**
 * The pipeline's own steps — tokenize with padding and truncation, run the model — then our
 * pooling (pooling.ts says why it is not the pipeline's).
 */
async function embedBatch(
  pipe: Extractor,
  texts: string[],
  pooling: Pooling,
  normalize: boolean,
): Promise<{ data: Float32Array; dims: number }> {
  const inputs = pipe.tokenizer(texts, { padding: true, truncation: true });
  const outputs = await pipe.model(inputs);
  const hidden = outputs.last_hidden_state ?? outputs.logits ?? outputs.token_embeddings;
  if (!hidden || hidden.dims.length !== 3 || !(hidden.data instanceof Float32Array)) {
    throw new Error('the model has no float last_hidden_state output');
  }
  const [batch, sequence, dims] = hidden.dims as [number, number, number];
  const data = poolEmbeddings(
    { data: hidden.data, batch, sequence, dims },
    inputs.attention_mask.data,
    pooling,
    normalize,
  );
  return { data, dims };
}

/**
 * transformers.js configures loading through one global `env`; sessions sharing a worker load one
 * at a time so each load sees its own models folder and download permission.
 */
let loadChain: Promise<unknown> = Promise.resolve();

function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = loadChain.then(task, task);
  loadChain = run.catch(() => undefined);
  return run;
}

export function runEmbedWorker(port: EmbedWorkerPort): void {
  let init: EmbedInit | null = null;
  let extractor: Extractor | null = null;
  let dims = 0;
  const queue: Job[] = [];
  let pumping = false;
  let disposed = false;
  /** The model load in flight (settled when there is none): a release waits for it. */
  let loading: Promise<void> = Promise.resolve();
  let releasing: Promise<void> | null = null;

  port.onMessage((message: HostMessage) => {
    switch (message.type) {
      case 'init':
        if (init) return;
        init = message;
        loading = serialised(() => load(message)).then(
          (loaded) => {
            extractor = loaded.extractor;
            if (disposed) return; // release() disposes it
            dims = loaded.dims;
            port.postMessage({ type: 'ready', dims });
            void pump();
          },
          (error: unknown) => {
            if (!disposed) port.postMessage({ type: 'init-failed', message: messageOf(error) });
          },
        );
        return;
      case 'dispose':
        disposed = true;
        queue.length = 0;
        // The batch in flight (if any) finishes first; the model is released after it.
        if (!pumping) void release();
        return;
      case 'embed':
        if (disposed) return;
        queue.push({ request: message, done: 0, output: null });
        void pump();
        return;
      case 'cancel': {
        const index = queue.findIndex((job) => job.request.id === message.id);
        if (index >= 0) queue.splice(index, 1);
        return;
      }
    }
  });

  async function load(config: EmbedInit): Promise<{ extractor: Extractor; dims: number }> {
    const { env, pipeline } = await import('@huggingface/transformers');
    env.localModelPath = config.modelsDir;
    // Downloads land in the models folder too, so the next start finds them locally.
    env.cacheDir = config.modelsDir;
    env.allowLocalModels = true;
    env.allowRemoteModels = config.allowDownload;
    if (config.remoteHost) env.remoteHost = config.remoteHost;
    const pipe = await pipeline('feature-extraction', config.modelId, {
      // onnx/model_quantized.onnx or onnx/model.onnx, the file names model-files.ts looks for.
      dtype: config.quantized ? 'q8' : 'fp32',
      progress_callback: (info: Record<string, unknown>) => {
        const progress = toLoadProgress(info);
        if (progress) port.postMessage({ type: 'load-progress', progress });
      },
    });
    const extractor = pipe as unknown as Extractor;
    // One warm-up call: the true output width, whatever config.json claims.
    const probe = await embedBatch(extractor, ['warm-up'], config.pooling, config.normalize);
    if (!probe.dims) throw new Error('the model returned an empty embedding');
    return { extractor, dims: probe.dims };
  }

  async function pump(): Promise<void> {
    if (pumping || !extractor || !init) return;
    pumping = true;
    try {
      for (;;) {
        const job = queue.find((j) => j.request.priority === 'query') ?? queue[0];
        if (!job) break;
        await step(job, extractor, init);
        // onnxruntime-node runs inference synchronously inside a promise, so without a macrotask
        // turn here no incoming message (a query, a cancel) would be seen until the job ended.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      pumping = false;
      if (disposed) void release();
    }
  }

  /**
   * Frees the ONNX session (after a load in flight), then says so: the host ends the worker only
   * after this, as ending a thread inside a native ONNX Runtime call aborts the whole process.
   */
  function release(): Promise<void> {
    releasing ??= (async () => {
      await loading;
      const loaded = extractor;
      extractor = null;
      await loaded?.dispose().catch(() => undefined);
      port.postMessage({ type: 'released' });
    })();
    return releasing;
  }

  /** Embeds the next batch of `job`; posts its result when it is complete. */
  async function step(job: Job, pipe: Extractor, config: EmbedInit): Promise<void> {
    const { id, texts } = job.request;
    try {
      job.output ??= new Float32Array(texts.length * dims);
      const batch = texts.slice(job.done, job.done + config.batchSize);
      if (batch.length > 0) {
        const result = await embedBatch(pipe, batch, config.pooling, config.normalize);
        if (result.dims !== dims) throw new Error(`the model returned ${result.dims} dimensions, expected ${dims}`);
        job.output.set(result.data, job.done * dims);
        job.done += batch.length;
      }
      if (!queue.includes(job)) return; // cancelled meanwhile
      if (job.done < texts.length) {
        port.postMessage({ type: 'progress', id, done: job.done, total: texts.length });
        return;
      }
      queue.splice(queue.indexOf(job), 1);
      const vectors = job.output;
      port.postMessage({ type: 'result', id, dims, vectors }, [vectors.buffer as ArrayBuffer]);
    } catch (error) {
      const index = queue.indexOf(job);
      if (index >= 0) queue.splice(index, 1);
      port.postMessage({ type: 'error', id, message: messageOf(error) });
    }
  }
}

function toLoadProgress(info: Record<string, unknown>): ModelLoadProgress | null {
  const status = info.status;
  if (
    status !== 'initiate' &&
    status !== 'download' &&
    status !== 'progress' &&
    status !== 'done' &&
    status !== 'ready'
  )
    return null;
  const progress: ModelLoadProgress = { status };
  if (typeof info.file === 'string') progress.file = info.file;
  if (typeof info.progress === 'number') progress.progress = info.progress;
  if (typeof info.loaded === 'number') progress.loaded = info.loaded;
  if (typeof info.total === 'number') progress.total = info.total;
  return progress;
}
