// Embeddings by chunk hash, keyed (provider, model, provider_key, hash): unchanged text is never
// embedded twice — across files, across re-indexes, and across rebuilds (the cache is copied).
import type Database from 'better-sqlite3';
import type { EmbeddingIdentity } from './index-db.js';

export class EmbeddingCache {
  private readonly select: Database.Statement<[string, string, string, string], { embedding: Buffer; dims: number }>;
  private readonly upsert: Database.Statement<[string, string, string, string, Buffer, number, number]>;
  private readonly storeTx: (entries: readonly { hash: string; vector: Float32Array }[], at: number) => void;

  /** The same cache through another connection to the same index (a side writer's). */
  on(db: Database.Database): EmbeddingCache {
    return new EmbeddingCache(db, this.identity);
  }

  constructor(
    db: Database.Database,
    readonly identity: EmbeddingIdentity,
  ) {
    this.select = db.prepare(
      'SELECT embedding, dims FROM embedding_cache WHERE provider = ? AND model = ? AND provider_key = ? AND hash = ?',
    );
    this.upsert = db.prepare(`
      INSERT INTO embedding_cache(provider, model, provider_key, hash, embedding, dims, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(provider, model, provider_key, hash) DO UPDATE SET embedding = excluded.embedding, dims = excluded.dims, updated_at = excluded.updated_at`);
    this.storeTx = db.transaction((entries, at) => {
      const { provider, model, providerKey } = this.identity;
      for (const { hash, vector } of entries) {
        this.upsert.run(provider, model, providerKey, hash, toBlob(vector), vector.length, at);
      }
    });
  }

  /** The cached vector for a chunk hash, or undefined. Vectors of the wrong size count as misses. */
  get(hash: string): Float32Array | undefined {
    const { provider, model, providerKey, dims } = this.identity;
    const row = this.select.get(provider, model, providerKey, hash);
    if (!row || row.dims !== dims) return undefined;
    return fromBlob(row.embedding);
  }

  store(entries: readonly { hash: string; vector: Float32Array }[], at = Date.now()): void {
    if (entries.length > 0) this.storeTx(entries, at);
  }
}

export function toBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** Copies the bytes: a Buffer from SQLite may sit at an offset not aligned for Float32Array. */
export function fromBlob(blob: Buffer): Float32Array {
  const copy = new Float32Array(blob.byteLength / 4);
  new Uint8Array(copy.buffer).set(blob);
  return copy;
}

/** Carries the cache of an old index into its rebuild, so a schema/chunker change re-embeds nothing unchanged. */
export function copyEmbeddingCache(from: string, into: Database.Database): number {
  into.prepare('ATTACH DATABASE ? AS old_index').run(from);
  try {
    const { changes } = into
      .prepare(
        'INSERT OR IGNORE INTO embedding_cache SELECT provider, model, provider_key, hash, embedding, dims, updated_at FROM old_index.embedding_cache',
      )
      .run();
    return changes;
  } finally {
    into.prepare('DETACH DATABASE old_index').run();
  }
}
