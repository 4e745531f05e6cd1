// Finds a model's files in the models folder (`<modelsDir>/<org>/<name>/`, the layout
// transformers.js reads with env.localModelPath) and fingerprints them for the cache key.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ModelPreset } from './model-presets.js';

export const REQUIRED_MODEL_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json'] as const;

export interface LocalModel {
  dir: string;
  /** The ONNX file that will be loaded, relative to `dir`. */
  onnxFile: string;
  quantized: boolean;
  /** `hidden_size` from config.json, when present. */
  hiddenSize: number | null;
  /** Hash of config.json plus the ONNX file's size: changes when the model is swapped. */
  fingerprint: string;
}

export type ModelLookup = { found: true; model: LocalModel } | { found: false; dir: string; missing: string[] };

/** Model ids are `org/name` paths inside the models folder; nothing that could leave it. */
export function isValidModelId(modelId: string): boolean {
  if (!modelId || modelId.length > 200 || path.isAbsolute(modelId) || modelId.includes('\\')) return false;
  return modelId.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\0'));
}

export function modelDir(modelsDir: string, modelId: string): string {
  return path.join(modelsDir, ...modelId.split('/'));
}

export async function findLocalModel(modelsDir: string, preset: ModelPreset): Promise<ModelLookup> {
  const dir = modelDir(modelsDir, preset.id);
  const missing: string[] = [];
  for (const file of REQUIRED_MODEL_FILES) {
    if (!(await isFile(path.join(dir, file)))) missing.push(file);
  }
  const candidates = preset.quantized === true ? [true] : preset.quantized === false ? [false] : [true, false];
  let onnx: { file: string; quantized: boolean; size: number } | null = null;
  for (const quantized of candidates) {
    const file = quantized ? 'onnx/model_quantized.onnx' : 'onnx/model.onnx';
    const size = await fileSize(path.join(dir, file));
    if (size !== null) {
      onnx = { file, quantized, size };
      break;
    }
  }
  if (!onnx) missing.push(candidates[0] ? 'onnx/model_quantized.onnx' : 'onnx/model.onnx');
  if (missing.length > 0 || !onnx) return { found: false, dir, missing };

  const configText = await fs.readFile(path.join(dir, 'config.json'), 'utf8');
  let hiddenSize: number | null = null;
  try {
    const value = (JSON.parse(configText) as { hidden_size?: unknown }).hidden_size;
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) hiddenSize = value;
  } catch {
    // A broken config.json surfaces when the pipeline loads it, with transformers.js' message.
  }
  const fingerprint = createHash('sha256')
    .update(configText)
    .update(`\0${onnx.file}\0${onnx.size}`)
    .digest('hex')
    .slice(0, 16);
  return { found: true, model: { dir, onnxFile: onnx.file, quantized: onnx.quantized, hiddenSize, fingerprint } };
}

/**
 * Everything besides the model id that changes the vectors. Two runs with the same key may share
 * cached embeddings; any difference re-embeds.
 */
export function providerKeyFor(preset: ModelPreset, model: Pick<LocalModel, 'quantized' | 'fingerprint'>): string {
  const identity = JSON.stringify({
    pooling: preset.pooling,
    normalize: preset.normalize,
    queryPrefix: preset.queryPrefix,
    passagePrefix: preset.passagePrefix,
    quantized: model.quantized,
    files: model.fingerprint,
  });
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}

async function isFile(p: string): Promise<boolean> {
  return (await fileSize(p)) !== null;
}

async function fileSize(p: string): Promise<number | null> {
  try {
    const stat = await fs.stat(p);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}
