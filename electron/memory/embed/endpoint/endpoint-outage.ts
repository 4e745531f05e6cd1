// An embedding endpoint that stopped answering (or never answered since the workspace opened):
// why, and when it is tried again. Tries back off from 5 s to 60 s in the background; "Retry now"
// tries at once. The owner says what a try is and what to do when one succeeds.
import { messageOf } from '../../../../shared/errors.js';
import type { EmbedderRetryState } from '../../../../shared/embedder-retry-schemas.js';
import { modeReasons, type ModeReason } from '../../../../shared/mode-reasons.js';
import { EndpointError } from './endpoint-embedding-provider.js';

/** A local server restarting takes seconds; a laptop waking up or a model loading, up to a minute. */
export const ENDPOINT_RETRY_DEFAULTS = { firstMs: 5_000, maxMs: 60_000 };

export interface EndpointOutageOptions {
  /** One try: resolves when the endpoint answered with a usable vector, rejects with why not. */
  probe: () => Promise<void>;
  /** The endpoint answered again (called once per outage, after the state is cleared). */
  onRecovered: () => void | Promise<void>;
  /** Down, a failed try, or up again: the owner re-emits its status. */
  onDidChange: () => void;
  /** Where a failing onRecovered goes (it must not stop the next outage from being noticed). */
  onError?: (error: unknown) => void;
  firstMs?: number;
  maxMs?: number;
  now?: () => number;
}

export class EndpointOutage {
  private current: EmbedderRetryState | null = null;
  /** The reason by id while it is the one the endpoint was marked down with (a later try's error is text). */
  private currentRef: ModeReason | null = null;
  private timer: NodeJS.Timeout | null = null;
  private trying: Promise<boolean> | null = null;
  private closed = false;
  private readonly firstMs: number;
  private readonly maxMs: number;
  private readonly now: () => number;

  constructor(private readonly options: EndpointOutageOptions) {
    this.firstMs = options.firstMs ?? ENDPOINT_RETRY_DEFAULTS.firstMs;
    this.maxMs = Math.max(this.firstMs, options.maxMs ?? ENDPOINT_RETRY_DEFAULTS.maxMs);
    this.now = options.now ?? Date.now;
  }

  /** Null while the endpoint answers. */
  get state(): EmbedderRetryState | null {
    return this.current ? { ...this.current } : null;
  }

  /** Why the last call or try failed, by id when it has one; null while the endpoint answers. */
  get reason(): ModeReason | null {
    if (!this.current) return null;
    return this.currentRef ?? { message: this.current.reason };
  }

  /** The reason with when it is tried next, as status and search show it. */
  describe(): ModeReason | null {
    const state = this.current;
    if (!state) return null;
    const why = this.currentRef ?? state.reason;
    if (state.nextRetryAt === null) return modeReasons.retrying(why, null);
    const seconds = Math.max(1, Math.ceil((state.nextRetryAt - this.now()) / 1000));
    return modeReasons.retrying(why, seconds);
  }

  /**
   * The endpoint failed a call: from now on calls are refused until a try succeeds. While down, a
   * later failure (a call that was already under way) only brings the reason up to date.
   */
  markDown(why: ModeReason | string): void {
    if (this.closed) return;
    const reason = typeof why === 'string' ? why : why.message;
    if (this.current) {
      if (this.current.reason === reason) return;
      this.currentRef = typeof why === 'string' ? null : why;
      this.current.reason = reason;
      this.options.onDidChange();
      return;
    }
    this.current = { reason, since: this.now(), tries: 0, nextRetryAt: null };
    this.currentRef = typeof why === 'string' ? null : why;
    this.schedule(this.firstMs);
    this.options.onDidChange();
  }

  /** Tries at once (a try already running is joined); true when the endpoint answered. */
  retryNow(): Promise<boolean> {
    if (!this.current || this.closed) return Promise.resolve(this.current === null);
    return this.tryOnce();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.current!.nextRetryAt = this.now() + delayMs;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tryOnce();
    }, delayMs);
    // A one-shot CLI command exits without waiting for the next try.
    this.timer.unref();
  }

  private tryOnce(): Promise<boolean> {
    if (this.trying) return this.trying;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.current) this.current.nextRetryAt = null;
    this.trying = this.options
      .probe()
      .then(
        () => this.recovered(),
        (error: unknown) => this.failed(error instanceof EndpointError ? error.reason : messageOf(error)),
      )
      .finally(() => {
        this.trying = null;
      });
    return this.trying;
  }

  private recovered(): boolean {
    if (this.closed) return false;
    this.current = null;
    this.currentRef = null;
    // The owner acts first (its status may change with it), then says what changed.
    let acting: void | Promise<void> = undefined;
    try {
      acting = this.options.onRecovered();
    } catch (error) {
      this.options.onError?.(error);
    }
    this.options.onDidChange();
    void Promise.resolve(acting).catch((error: unknown) => this.options.onError?.(error));
    return true;
  }

  private failed(why: ModeReason | string): boolean {
    if (this.closed || !this.current) return false;
    this.current.tries += 1;
    const reason = typeof why === 'string' ? why : why.message;
    if (reason !== this.current.reason) this.currentRef = typeof why === 'string' ? null : why;
    this.current.reason = reason;
    this.schedule(Math.min(this.maxMs, this.firstMs * 2 ** this.current.tries));
    this.options.onDidChange();
    return false;
  }
}
