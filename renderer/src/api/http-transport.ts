// The client over serve mode: `POST /api/<call>` with JSON, events over one shared EventSource.
// Authentication is the HttpOnly cookie serve mode sets on the first page load; a token still in
// the address bar (cookie refused, or the redirect skipped) is taken from it, removed from the
// history with replaceState, and sent as a header instead.
import type { CallName, CallOutcome, EventName, MemlensApi } from '../../../shared/contract';
// The names only: contract.ts would build every call's schemas while the window loads.
import {
  CALL_NAME_LIST,
  EVENT_NAME_LIST,
  EVENT_SUBSCRIBE_NAMES,
  HTTP_EVENTS_PATH,
  TOKEN_HEADER,
  httpPathFor,
  isListedEventName,
} from '../../../shared/contract-names';
import { ApiError } from './api-error';
import { said, type MessageParams } from '../../../shared/i18n';
import type { ErrorCode } from '../../../shared/errors';

/** A failure of the HTTP call itself (not the engine's answer), by message id (`errors:transport.*`). */
function transportError(code: ErrorCode, key: string, params: MessageParams): ApiError {
  return new ApiError({ code, ...said(`errors:transport.${key}`, params) });
}

export interface HttpClientOptions {
  /** Origin of the serve-mode server; '' = the page's own. */
  baseUrl?: string;
  token?: string | null;
  fetch?: typeof fetch;
  EventSource?: typeof EventSource;
  /** Called after the event stream reconnected: events may have been missed meanwhile. */
  onReconnect?: () => void;
}

type Listener = (payload: unknown) => void;

/** Retries of a call the server refused as busy (429) before the error reaches the UI. */
const MAX_BUSY_RETRIES = 3;

export function createHttpClient(options: HttpClientOptions = {}): MemlensApi {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const token = options.token ?? null;
  const listeners = new Map<EventName, Set<Listener>>();
  let source: EventSource | null = null;
  let hadError = false;

  async function call(name: CallName, args: unknown): Promise<unknown> {
    const body = JSON.stringify(args ?? {});
    let response: Response;
    for (let attempt = 0; ; attempt++) {
      try {
        response = await doFetch(`${baseUrl}${httpPathFor(name)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { [TOKEN_HEADER]: token } : {}) },
          body,
          credentials: 'same-origin',
        });
      } catch (error) {
        throw transportError('UNAVAILABLE', 'unreachable', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      // 429: this client has too many requests in flight (another tab, a script). Wait as asked and
      // try again a few times before reporting it.
      if (response.status !== 429 || attempt >= MAX_BUSY_RETRIES) break;
      const seconds = Number(response.headers.get('retry-after'));
      await new Promise((resolve) =>
        setTimeout(resolve, (Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 5) : 1) * 1000),
      );
    }
    let outcome: CallOutcome<CallName>;
    try {
      outcome = (await response.json()) as CallOutcome<CallName>;
    } catch {
      throw transportError(response.status === 401 ? 'NOT_ALLOWED' : 'INTERNAL', 'noJson', {
        name,
        status: response.status,
      });
    }
    if (!outcome || typeof outcome !== 'object' || !('ok' in outcome)) {
      throw transportError('INTERNAL', 'malformed', { name, status: response.status });
    }
    if (!outcome.ok) throw new ApiError(outcome.error);
    return outcome.result;
  }

  function ensureSource(): void {
    if (source || typeof (options.EventSource ?? globalThis.EventSource) !== 'function') return;
    const EventSourceImpl = options.EventSource ?? globalThis.EventSource;
    const url = `${baseUrl}${HTTP_EVENTS_PATH}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
    source = new EventSourceImpl(url, { withCredentials: false });
    for (const name of EVENT_NAME_LIST) {
      source.addEventListener(name, (message) => {
        let payload: unknown;
        try {
          payload = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          return;
        }
        for (const listener of [...(listeners.get(name) ?? [])]) listener(payload);
      });
    }
    source.addEventListener('error', () => {
      hadError = true;
    });
    source.addEventListener('open', () => {
      if (hadError) options.onReconnect?.();
      hadError = false;
    });
  }

  function subscribe(name: EventName, listener: Listener): () => void {
    if (!isListedEventName(name)) throw new Error(`Unknown event ${String(name)}`);
    let set = listeners.get(name);
    if (!set) listeners.set(name, (set = new Set()));
    set.add(listener);
    ensureSource();
    return () => {
      set.delete(listener);
      const remaining = [...listeners.values()].reduce((n, s) => n + s.size, 0);
      if (remaining === 0 && source) {
        source.close();
        source = null;
      }
    };
  }

  const client: Record<string, unknown> = {};
  for (const name of CALL_NAME_LIST) client[name] = (args?: unknown) => call(name, args);
  for (const event of EVENT_NAME_LIST) {
    client[EVENT_SUBSCRIBE_NAMES[event]] = (listener: Listener) => subscribe(event, listener);
  }
  return Object.freeze(client) as MemlensApi;
}

/**
 * Removes `?token=` from the address bar (so it is not bookmarked, shared or kept in history) and
 * returns it; null when the page URL carries none.
 */
export function takeTokenFromLocation(location: Location, history: History): string | null {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (token === null) return null;
  url.searchParams.delete('token');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}
