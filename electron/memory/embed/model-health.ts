// Whether the loaded model still gives usable vectors. A vector with a NaN or infinite component
// ranks nothing (every score it touches becomes NaN and fails minScore), so the first one marks
// the model broken: nothing it returns is stored, and the engine runs keyword-only, saying why.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Listeners } from '../../../shared/listeners.js';
import { modeReasons, plainReason, type ModeReason } from '../../../shared/mode-reasons.js';
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
  private reason: ModeReason | null = null;
  private readonly listeners = new Listeners<ModeReason>();
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

  /** Why the model is broken (a clause for status and search, by id), or null while it is fine. */
  get brokenReason(): ModeReason | null {
    return this.reason;
  }

  markBroken(reason: ModeReason): void {
    if (this.reason !== null) return;
    this.reason = reason;
    const memory = this.memory;
    if (memory) this.recording = memory.record.remember(memory.providerKey, reason).catch(() => undefined);
    this.listeners.emit(reason);
  }

  onDidBreak(listener: (reason: ModeReason) => void): () => void {
    return this.listeners.add(listener);
  }
}

export function nonFiniteReason(model: string, what: 'passage' | 'query' | 'testSentence'): ModeReason {
  return modeReasons.modelBroken(model, what);
}

/**
 * The provider as the index and the search see it: every vector checked before it is handed on.
 * A bad one marks `health` broken and rejects the call, so no NaN reaches the index or a score.
 */
export function checkedEmbeddingProvider(inner: EmbeddingProvider, health: ModelHealth): EmbeddingProvider {
  const refuse = (what: 'passage' | 'query'): never => {
    health.markBroken(nonFiniteReason(inner.model, what));
    throw new NonFiniteVectorError(health.brokenReason!.message);
  };
  const assertUsable = (): void => {
    if (health.brokenReason !== null) throw new NonFiniteVectorError(health.brokenReason.message);
  };
  return {
    provider: inner.provider,
    model: inner.model,
    providerKey: inner.providerKey,
    dims: inner.dims,
    async embedPassages(texts, onProgress) {
      assertUsable();
      const vectors = await inner.embedPassages(texts, onProgress);
      if (!vectors.every(isFiniteVector)) refuse('passage');
      return vectors;
    },
    async embedQuery(text, timeoutMs) {
      assertUsable();
      const vector = await inner.embedQuery(text, timeoutMs);
      if (!isFiniteVector(vector)) refuse('query');
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

  /** A reason by id as recorded, or the English one an older version wrote (a string). */
  async reasonFor(providerKey: string): Promise<ModeReason | null> {
    const known = (await this.read())[providerKey];
    if (typeof known === 'string') return plainReason(known);
    if (known && typeof known === 'object' && typeof (known as ModeReason).message === 'string')
      return known as ModeReason;
    return null;
  }

  async remember(providerKey: string, reason: ModeReason): Promise<void> {
    const known = await this.read();
    known[providerKey] = reason;
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await atomicWrite(this.file, `${JSON.stringify(known, null, 2)}\n`);
  }

  private async read(): Promise<Record<string, unknown>> {
    try {
      const parsed = JSON.parse(await fs.readFile(this.file, 'utf8')) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {}; // none recorded (or a damaged record: the models are simply checked again)
    }
  }
}
