// How much of the server one client may hold at once (a page session, else an address and token
// route: see page-sessions.ts; every local process is 127.0.0.1). Every call runs on the
// engine's one thread, first come first served: 2,000 requests fired together made a search from
// the page wait 22–35 s behind them. Two limits:
//  - connections: a flood is mostly connections whose requests have not been read yet. Past the
//    limit, every request of that client is answered 429 at once (no body read, no engine work),
//    so the flood drains in well under a second and the page's retry gets through.
//  - requests running: calls that wait on I/O (a read, an embedding) cannot pile up without end.
// A browser never meets either (it opens at most six connections per server, plus the event stream).

export interface ClientGateOptions {
  /** Open connections of one client before its requests are refused. */
  maxConnections: number;
  /** Requests of one client running at once. */
  maxActive: number;
  /** Requests of one client waiting for a running slot; more are refused. */
  maxQueued: number;
}

/** A browser tab uses up to seven connections (six + the event stream): room for several tabs. */
export const DEFAULT_CLIENT_GATE: ClientGateOptions = { maxConnections: 48, maxActive: 8, maxQueued: 64 };

interface ClientState {
  connections: number;
  active: number;
  waiting: (() => void)[];
}

export class ClientGate {
  private readonly clients = new Map<string, ClientState>();

  constructor(private readonly options: ClientGateOptions = DEFAULT_CLIENT_GATE) {}

  /** A connection from `client` opened; call the returned function when it closes. */
  connect(client: string): () => void {
    const state = this.stateOf(client);
    state.connections += 1;
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      state.connections -= 1;
      this.forgetIfIdle(client, state);
    };
  }

  /** More connections open from `client` than it may have: refuse its requests until some close. */
  isFlooding(client: string): boolean {
    return (this.clients.get(client)?.connections ?? 0) > this.options.maxConnections;
  }

  /**
   * Waits for a running slot for `client`; resolves with the function that gives it back, or null
   * at once when the client already has maxActive running and maxQueued waiting.
   */
  async enter(client: string): Promise<(() => void) | null> {
    const state = this.stateOf(client);
    if (state.active >= this.options.maxActive) {
      if (state.waiting.length >= this.options.maxQueued) return null;
      await new Promise<void>((resolve) => state.waiting.push(resolve));
    } else {
      state.active += 1;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = state.waiting.shift();
      // The slot passes straight to the next waiter; `active` stays the same.
      if (next) return next();
      state.active -= 1;
      this.forgetIfIdle(client, state);
    };
  }

  private stateOf(client: string): ClientState {
    let state = this.clients.get(client);
    if (!state) {
      state = { connections: 0, active: 0, waiting: [] };
      this.clients.set(client, state);
    }
    return state;
  }

  private forgetIfIdle(client: string, state: ClientState): void {
    if (state.connections === 0 && state.active === 0 && state.waiting.length === 0) this.clients.delete(client);
  }
}
