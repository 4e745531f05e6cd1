// Vectors for a batch of files' chunks: cached ones from embedding_cache, the rest embedded once
// per distinct chunk hash and stored, so unchanged text is never embedded twice.
import type { Chunk } from '../chunk/chunker.js';
import type { EmbeddingProvider } from '../embed/embedding-provider.js';
import { isFiniteVector } from '../embed/model-health.js';
import type { EmbeddingCache } from '../index/embedding-cache.js';

export interface EmbeddingTarget {
  provider: EmbeddingProvider;
  cache: EmbeddingCache;
}

/** What embedChunks needs of a target: a worker thread's stand-in for the model passes texts to the thread that has it. */
export interface ChunkEmbedder {
  provider: Pick<EmbeddingProvider, 'embedPassages'>;
  cache: EmbeddingCache;
}

export interface EmbeddedBatch {
  /** Per file, aligned with its chunks. */
  vectors: Float32Array[][];
  cacheHits: number;
  /** Distinct chunk texts sent to the model. */
  embedded: number;
}

/** Texts per embedPassages call: big enough to keep the worker busy, small enough for steady progress. */
const EMBED_BATCH = 64;

export async function embedChunks(
  target: ChunkEmbedder,
  files: readonly (readonly Chunk[])[],
  onProgress?: (done: number, total: number) => void,
): Promise<EmbeddedBatch> {
  const byHash = new Map<string, Float32Array>();
  const missing = new Map<string, string>();
  let cacheHits = 0;
  for (const chunks of files) {
    for (const chunk of chunks) {
      if (byHash.has(chunk.hash) || missing.has(chunk.hash)) continue;
      const cached = target.cache.get(chunk.hash);
      // A NaN vector a broken model left in the cache (before vectors were checked) is embedded again.
      if (cached && isFiniteVector(cached)) {
        byHash.set(chunk.hash, cached);
        cacheHits += 1;
      } else {
        missing.set(chunk.hash, chunk.text);
      }
    }
  }

  const pending = [...missing];
  onProgress?.(0, pending.length);
  for (let start = 0; start < pending.length; start += EMBED_BATCH) {
    const batch = pending.slice(start, start + EMBED_BATCH);
    const vectors = await target.provider.embedPassages(
      batch.map(([, text]) => text),
      (done) => onProgress?.(start + done, pending.length),
    );
    if (vectors.length !== batch.length)
      throw new Error(`embedder returned ${vectors.length} vectors for ${batch.length} texts`);
    const entries = batch.map(([hash], i) => ({ hash, vector: vectors[i]! }));
    target.cache.store(entries);
    for (const { hash, vector } of entries) byHash.set(hash, vector);
    onProgress?.(start + batch.length, pending.length);
  }

  return {
    vectors: files.map((chunks) => chunks.map((chunk) => byHash.get(chunk.hash)!)),
    cacheHits,
    embedded: pending.length,
  };
}
