// The vector of each OpenClaw-style chunk for the `openclaw` profile's hybrid half: the agent's own
// stored vector when the agent's index was built with the model we embed queries with (same
// chunk: path, lines and text hash), else one we embed, kept by (provider key, model, chunk hash)
// so a search embeds only what changed.
import type { EmbeddingProvider } from '../embed/embedding-provider.js';
import type { StoredChunkVector } from '../agent-db/agent-vectors.js';
import type { IndexedOpenClawChunk } from './openclaw-chunker.js';

/** Where the agent's stored vectors come from: the workspace's agent databases, read-only. */
export interface AgentVectorSource {
  /** The agent's vectors for `model` (empty when its index used another model, or has none). */
  vectorsFor(model: string): { agentId: string; vectors: StoredChunkVector[] } | null;
  /** Models named on the agent's memory chunks and how many each ('fts-only': no vector); null when unknown. */
  indexModels(): Map<string, number> | null;
}

export type VectorOrigin =
  { kind: 'agent'; agentId: string; model: string } | { kind: 'embedded'; provider: string; model: string };

export interface ChunkVector {
  vector: ArrayLike<number>;
  origin: VectorOrigin;
}

const spanKey = (path: string, startLine: number, endLine: number, hash: string) =>
  `${path}\0${startLine}\0${endLine}\0${hash}`;

export class OpenClawChunkVectors {
  /** Our own vectors: `${providerKey}\0${model}\0${hash}` → vector. */
  private readonly embedded = new Map<string, Float32Array>();

  constructor(private readonly agent: AgentVectorSource | null) {}

  /** Vectors for every chunk; rejects when the embedder fails (the caller then ranks keyword-only). */
  async vectorsFor(
    chunks: Iterable<IndexedOpenClawChunk>,
    embedder: EmbeddingProvider,
  ): Promise<Map<string, ChunkVector>> {
    const out = new Map<string, ChunkVector>();
    const stored = this.agent?.vectorsFor(embedder.model) ?? null;
    const agentBySpan = new Map<string, StoredChunkVector>();
    for (const v of stored?.vectors ?? [])
      if (v.vector.length === embedder.dims) agentBySpan.set(spanKey(v.path, v.startLine, v.endLine, v.hash), v);
    const missing: IndexedOpenClawChunk[] = [];
    const kept = new Map<string, Float32Array>();
    for (const chunk of chunks) {
      const own = agentBySpan.get(spanKey(chunk.path, chunk.startLine, chunk.endLine, chunk.hash));
      if (own && stored) {
        out.set(chunk.id, { vector: own.vector, origin: { kind: 'agent', agentId: stored.agentId, model: own.model } });
        continue;
      }
      const cached = this.embedded.get(this.cacheKey(embedder, chunk.hash));
      if (cached) {
        kept.set(this.cacheKey(embedder, chunk.hash), cached);
        out.set(chunk.id, {
          vector: cached,
          origin: { kind: 'embedded', provider: embedder.provider, model: embedder.model },
        });
      } else missing.push(chunk);
    }
    if (missing.length > 0) {
      const texts = [...new Set(missing.map((c) => c.text))];
      const vectors = await embedder.embedPassages(texts);
      const byText = new Map(texts.map((t, i) => [t, vectors[i]!]));
      for (const chunk of missing) {
        const vector = byText.get(chunk.text)!;
        kept.set(this.cacheKey(embedder, chunk.hash), vector);
        out.set(chunk.id, { vector, origin: { kind: 'embedded', provider: embedder.provider, model: embedder.model } });
      }
    }
    // Only what the files hold now stays cached: an edited chunk's old vector goes.
    this.embedded.clear();
    for (const [key, vector] of kept) this.embedded.set(key, vector);
    return out;
  }

  private cacheKey(embedder: EmbeddingProvider, hash: string): string {
    return `${embedder.providerKey}\0${embedder.model}\0${hash}`;
  }
}

/** cosineSimilarity (embedding-vector.ts), in doubles. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const len = Math.min(a.length, b.length);
  if (len === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < len; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / (Math.sqrt(na) * Math.sqrt(nb));
}
