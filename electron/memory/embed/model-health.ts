// Whether the loaded model still gives usable vectors. A vector with a NaN or infinite component
// ranks nothing (every score it touches becomes NaN and fails minScore), so the first one marks
// the model broken: nothing it returns is stored, and the engine runs keyword-only, saying why.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Listeners } from '../../../shared/listeners.js';
import { atomicWrite } from '../files/atomic-write.js';
import type { EmbeddingProvider } from './embedding-provider.js';

/** True when every component is a finite number. */
export function isFiniteVector(vector: Float32Array): boolean {
  for (let i = 0; i < vector.length; i++) if (!Number.isFinite(vector[i]!)) return false;
  return true;
}

/** The model returned a vector with NaN or Infinity in it (or was marked broken earlier). */
export class NonFiniteVectorError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NonFiniteVectorError';
  }
}

/** The one place a model is marked broken, per engine; the engine reads it for mode and status. */
export class ModelHealth {
  private reason: string | null = null;
  private readonly listeners = new Listeners<string>();
  private recording: Promise<void> = Promise.resolve();

  /** `record`: where a break is remembered for the model with `providerKey` (see BrokenModelRecord). */
  constructor(private readonly memory?: { record: BrokenModelRecord; providerKey: string }) {}

  /** Marks the model broken when an earlier process found these same model files broken. */
  async recall(): Promise<void> {
    const known = this.memory ? await this.memory.record.reasonFor(this.memory.providerKey) : null;
    if (known) this.markBroken(known);
  }

  /** Resolves once a break is written down (before the process may exit). */
  settled(): Promise<void> {
    return this.recording;
  }

  /** Why the model is broken (a clause for status and search), or null while it is fine. */
  get brokenReason(): string | null {
    return this.reason;
  }

  markBroken(reason: string): void {
    if (this.reason !== null) return;
    this.reason = reason;
    const memory = this.memory;
    if (memory) this.recording = memory.record.remember(memory.providerKey, reason).catch(() => undefined);
    this.listeners.emit(reason);
  }

  onDidBreak(listener: (reason: string) => void): () => void {
    return this.listeners.add(listener);
  }
}

export function nonFiniteReason(model: string, what: string): string {
  return `model ${model} returns non-finite vectors (NaN or Infinity) for ${what} — it is treated as broken, search runs keyword-only; replace the model files or choose another model`;
}

/**
 * The provider as the index and the search see it: every vector checked before it is handed on.
 * A bad one marks `health` broken and rejects the call, so no NaN reaches the index or a score.
 */
export function checkedEmbeddingProvider(inner: EmbeddingProvider, health: ModelHealth): EmbeddingProvider {
  const refuse = (what: string): never => {
    health.markBroken(nonFiniteReason(inner.model, what));
    throw new NonFiniteVectorError(health.brokenReason!);
  };
  const assertUsable = (): void => {
    if (health.brokenReason !== null) throw new NonFiniteVectorError(health.brokenReason);
  };
  return {
    provider: inner.provider,
    model: inner.model,
    providerKey: inner.providerKey,
    dims: inner.dims,
    async embedPassages(texts, onProgress) {
      assertUsable();
      const vectors = await inner.embedPassages(texts, onProgress);
      if (!vectors.every(isFiniteVector)) refuse('a passage');
      return vectors;
    },
    async embedQuery(text, timeoutMs) {
      assertUsable();
      const vector = await inner.embedQuery(text, timeoutMs);
      if (!isFiniteVector(vector)) refuse('a query');
      return vector;
    },
    close: () => inner.close(),
  };
}

/**
 * Models found broken, remembered in the data dir by provider key (the model files' fingerprint):
 * the next process refuses the same files at once, even when no new vector is written there.
 * Replacing the files changes the key, so a repaired model is tried again.
 */
export class BrokenModelRecord {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'broken-models.json');
  }

  async reasonFor(providerKey: string): Promise<string | null> {
    const known = await this.read();
    return known[providerKey] ?? null;
  }

  async remember(providerKey: string, reason: string): Promise<void> {
    const known = await this.read();
    known[providerKey] = reason;
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await atomicWrite(this.file, `${JSON.stringify(known, null, 2)}\n`);
  }

  private async read(): Promise<Record<string, string>> {
    try {
      const parsed = JSON.parse(await fs.readFile(this.file, 'utf8')) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
    } catch {
      return {}; // none recorded (or a damaged record: the models are simply checked again)
    }
  }
}
