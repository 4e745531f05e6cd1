// The tiny model written and loaded as a real local provider: what an endpoint test puts behind
// its OpenAI-compatible server (openai-embeddings-server.ts), in one call.
import type { EmbeddingProvider } from '../embedding-provider.js';
import { loadEmbedder } from '../load-embedder.js';
import { TINY_MODEL_ID, writeTinyModel } from './tiny-model.js';

/** Writes the tiny model under `modelsDir` and loads it; the caller closes the provider. */
export async function loadTinyModel(modelsDir: string): Promise<EmbeddingProvider> {
  await writeTinyModel({ modelsDir });
  const loaded = await loadEmbedder({ model: TINY_MODEL_ID, modelsDir, allowDownload: false });
  if (!loaded.ok) throw new Error(loaded.reason.message);
  return loaded.provider;
}
