// Turns the user's embedder settings into a running provider, or into a plain-language reason why
// there is none — never an exception: without a model the engine runs keyword-only (fts-only).
// A reason is a short clause, then ` — ` and the details (folders, missing files, what to do), so a
// window can show the clause and keep the paths for where the user sets the model up.
import path from 'node:path';
import type { EmbedTransport, ModelLoadProgress } from './embed-protocol.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { loadEndpointEmbedder } from './endpoint/load-endpoint-embedder.js';
import { findLocalModel, isValidModelId, providerKeyFor } from './model-files.js';
import { isFiniteVector, nonFiniteReason } from './model-health.js';
import { presetFor } from './model-presets.js';
import { WorkerEmbeddingProvider } from './worker-embedding-provider.js';
import { workerThreadTransport } from './worker-thread-transport.js';
import { messageOf } from '../../../shared/errors.js';
import { modeReasons, type ModeReason } from '../../../shared/mode-reasons.js';
import type { EmbeddingEndpointConfig } from '../../../shared/embedding-endpoint.js';

export interface EmbedderConfig {
  /** Preset id or model id, e.g. `Xenova/multilingual-e5-small`. */
  model: string;
  /** Folder holding `<model id>/` model folders. */
  modelsDir: string;
  /** Allow downloading a missing model (CLI `--allow-download`, desktop: the user's answer). */
  allowDownload: boolean;
  /**
   * Where downloads come from instead of https://huggingface.co/ (MEMLENS_MODEL_HOST): a mirror
   * such as https://hf-mirror.com/ where the hub is blocked or slow, or a server in the same network.
   */
  modelHost?: string;
  /** Model files being read or downloaded (transformers.js progress), for a progress bar. */
  onLoadProgress?: (progress: ModelLoadProgress) => void;
  /** Per-query embedding timeout; on timeout that query runs keyword-only. */
  queryTimeoutMs?: number;
  /**
   * Embed through an OpenAI-compatible `/v1/embeddings` endpoint instead of a local model; then
   * `model` names the endpoint's model and `modelsDir`/`allowDownload` are unused.
   */
  endpoint?: EmbeddingEndpointConfig;
}

/** Ordinary words in several scripts: any working model embeds them to finite numbers. */
const LOAD_PROBE_TEXT = 'memory search notes 记忆 搜索';

/** `retryable`: an embedding endpoint that is down (see load-endpoint-embedder.ts); a local model never is. */
export type LoadEmbedderResult =
  { ok: true; provider: EmbeddingProvider } | { ok: false; reason: ModeReason; retryable?: boolean };

export interface LoadEmbedderOptions {
  /** Model file loading and download progress (transformers.js progress_callback). */
  onProgress?: (progress: ModelLoadProgress) => void;
  /** Another transport (an Electron utility process) or worker script; default: worker_threads. */
  transport?: () => EmbedTransport;
  workerUrl?: URL;
  batchSize?: number;
}

export async function loadEmbedder(
  config: EmbedderConfig,
  options: LoadEmbedderOptions = {},
): Promise<LoadEmbedderResult> {
  if (config.endpoint) return loadEndpointEmbedder(config.endpoint);
  const modelId = config.model.trim();
  if (!isValidModelId(modelId)) return { ok: false, reason: modeReasons.invalidModelId(config.model) };
  const preset = presetFor(modelId);
  const modelsDir = path.resolve(config.modelsDir);

  let local;
  try {
    local = await findLocalModel(modelsDir, preset);
  } catch (error) {
    return { ok: false, reason: modeReasons.modelUnreadable(modelId, modelsDir, messageOf(error)) };
  }
  if (!local.found && !config.allowDownload) {
    return {
      ok: false,
      reason: modeReasons.modelNotInstalled(modelId, modelsDir, local.missing, local.dir),
    };
  }

  const quantized = local.found ? local.model.quantized : preset.quantized !== false;
  try {
    const transport = options.transport?.() ?? workerThreadTransport(options.workerUrl);
    const provider = await WorkerEmbeddingProvider.start({
      modelId,
      modelsDir,
      allowDownload: config.allowDownload,
      ...(config.modelHost
        ? { remoteHost: config.modelHost.endsWith('/') ? config.modelHost : `${config.modelHost}/` }
        : {}),
      preset,
      quantized,
      batchSize: options.batchSize,
      transport,
      onLoadProgress: options.onProgress,
      providerKey: async () => {
        const loaded = local.found ? local : await findLocalModel(modelsDir, { ...preset, quantized });
        // A download we cannot see on disk afterwards still has a stable identity: preset + file choice.
        return providerKeyFor(preset, loaded.found ? loaded.model : { quantized, fingerprint: 'downloaded' });
      },
    });
    if (preset.dims !== null && provider.dims !== preset.dims) {
      await provider.close();
      return {
        ok: false,
        reason: modeReasons.modelWrongDims(modelId, provider.dims, preset.dims),
      };
    }
    // A model whose weights give NaN (a bad conversion, a damaged file that still parses) is
    // refused here, before it writes a single vector.
    // Passages only: a slow query path must not fail the load (queries are checked as they run).
    const probe = await provider.embedPassages([LOAD_PROBE_TEXT]);
    if (!probe.every(isFiniteVector)) {
      await provider.close();
      return { ok: false, reason: nonFiniteReason(modelId, 'testSentence') };
    }
    return { ok: true, provider };
  } catch (error) {
    return { ok: false, reason: modeReasons.modelNotLoaded(modelId, !local.found, messageOf(error)) };
  }
}
