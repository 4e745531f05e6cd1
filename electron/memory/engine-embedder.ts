// The engine's model: loaded at open, checked for breakage (ModelHealth), and, for an embedding
// endpoint, watched while it is down. It answers the one question search and status ask —
// which embedder to use now, and if none, why.
import type { EmbedderRetryResult, EmbedderRetryState } from '../../shared/embedder-retry-schemas.js';
import { modeReasons, type ModeReason } from '../../shared/mode-reasons.js';
import type { EmbeddingProvider } from './embed/embedding-provider.js';
import type { EndpointOutage } from './embed/endpoint/endpoint-outage.js';
import { watchEndpointAtOpen, watchEndpointProvider } from './embed/endpoint/endpoint-watch.js';
import { loadEmbedder } from './embed/load-embedder.js';
import { BrokenModelRecord, checkedEmbeddingProvider, ModelHealth } from './embed/model-health.js';
import type { EngineOptions } from './engine-types.js';
import type { EmbeddingIdentity } from './index/index-db.js';

/** What the model reports to the engine; bound late, since the engine is built after its model. */
export interface EmbedderEvents {
  onDidChange(): void;
  onError(error: unknown): void;
  /** The endpoint answers again: embed what was missed while it was down. */
  reconcile(): Promise<void>;
}

export class EngineEmbedder {
  /** Set when the engine closes: a late answer from the endpoint reopens nothing. */
  private closed = false;

  private constructor(
    readonly provider: EmbeddingProvider | null,
    private reason: ModeReason | null,
    readonly health: ModelHealth,
    private outage: EndpointOutage | null,
  ) {}

  static async open(options: EngineOptions, dataDir: string, events: EmbedderEvents): Promise<EngineEmbedder> {
    const hooks = {
      ...(options.embedderRetry ? { retry: options.embedderRetry } : {}),
      onDidChange: () => events.onDidChange(),
      onError: (error: unknown) => events.onError(error),
    };
    const config = options.embedder;
    if (!config) return new EngineEmbedder(null, modeReasons.noModel(), new ModelHealth(), null);
    const onProgress = config.onLoadProgress;
    const loaded = await loadEmbedder(config, onProgress ? { onProgress } : {});
    if (!loaded.ok) {
      const embedder = new EngineEmbedder(null, loaded.reason, new ModelHealth(), null);
      const onAvailable = options.onEmbedderAvailable;
      if (loaded.retryable === true && onAvailable) {
        const reopen = () => {
          if (embedder.closed) return;
          // Until the host has reopened with it, this engine stays keyword-only: say why.
          embedder.reason = modeReasons.endpointBack();
          onAvailable();
        };
        embedder.outage = watchEndpointAtOpen(config, loaded.reason, reopen, hooks);
      }
      return embedder;
    }
    const health = new ModelHealth({
      record: new BrokenModelRecord(dataDir),
      providerKey: loaded.provider.providerKey,
    });
    await health.recall();
    let provider = loaded.provider;
    let outage: EndpointOutage | null = null;
    if (config.endpoint) {
      const watched = watchEndpointProvider(provider, () => events.reconcile(), hooks);
      provider = watched.provider;
      outage = watched.outage;
    }
    return new EngineEmbedder(checkedEmbeddingProvider(provider, health), null, health, outage);
  }

  /** Which model's vectors the index should hold; null when keyword-only. */
  get identity(): EmbeddingIdentity | null {
    const model = this.provider;
    return model
      ? { provider: model.provider, model: model.model, providerKey: model.providerKey, dims: model.dims }
      : null;
  }

  /** The model, unless it turned out broken or its endpoint is down (then search is keyword-only). */
  get usable(): EmbeddingProvider | null {
    return this.health.brokenReason === null && !this.outage?.state ? this.provider : null;
  }

  /** Why search is keyword-only now; `staleReason` is the index's own (a rebuild under way). */
  modeReason(staleReason: ModeReason | null): ModeReason {
    const down = this.outage?.describe();
    if (down) return down;
    if (this.reason) return this.reason;
    if (this.health.brokenReason) return this.health.brokenReason;
    if (staleReason) return modeReasons.rebuilding(staleReason);
    return modeReasons.unavailable();
  }

  /** The endpoint's outage as status shows it (when it is tried next), if it is down. */
  get retryState(): EmbedderRetryState | null {
    return this.outage?.state ?? null;
  }

  async retry(): Promise<EmbedderRetryResult> {
    const outage = this.outage;
    if (!outage?.state) return { reachable: this.usable !== null && outage !== null, reason: null };
    const reachable = await outage.retryNow();
    const why = reachable ? null : outage.reason;
    if (!why) return { reachable, reason: null };
    return {
      reachable,
      reason: why.message,
      ...(why.messageId ? { reasonId: why.messageId } : {}),
      ...(why.params ? { reasonParams: why.params } : {}),
    };
  }

  /** First on close: no more tries, and no reopen asked for. */
  stopRetrying(): void {
    this.closed = true;
    this.outage?.close();
  }

  /** Last on close, once nothing indexes with the model any more. */
  async close(): Promise<void> {
    this.stopRetrying();
    await this.provider?.close();
    await this.health.settled();
  }
}
