// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { CallOutcome, CallName, MemlensBridge } from '../../../shared/contract';
import { CALL_NAMES, EVENT_NAMES, EVENTS, TOKEN_HEADER } from '../../../shared/contract';
import { translator } from '../../../shared/i18n';
import { shownError, shownText } from '../lib/error-message';
import { ApiError } from './api-error';
import { createApiClient } from './client';
import { createElectronClient } from './electron-transport';
import { createHttpClient, takeTokenFromLocation } from './http-transport';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('renderer API client over serve mode (HTTP)', () => {
  it('POSTs each call to /api/<name> with JSON and the token header, and returns the result', async () => {
    const requests: { url: string; init: RequestInit }[] = [];
    const client = createHttpClient({
      token: 'tok',
      fetch: async (url, init) => {
        requests.push({ url: String(url), init: init ?? {} });
        return jsonResponse(200, { ok: true, result: [{ path: 'MEMORY.md' }] });
      },
    });
    await expect(client.listFiles()).resolves.toEqual([{ path: 'MEMORY.md' }]);
    await client.readFile({ path: 'USER.md' });
    expect(requests.map((r) => r.url)).toEqual(['/api/listFiles', '/api/readFile']);
    expect(requests[1]?.init.method).toBe('POST');
    expect(requests[1]?.init.body).toBe(JSON.stringify({ path: 'USER.md' }));
    expect((requests[1]?.init.headers as Record<string, string>)[TOKEN_HEADER]).toBe('tok');
  });

  it('rejects with an ApiError carrying the contract error code and details', async () => {
    const client = createHttpClient({
      fetch: async () =>
        jsonResponse(409, {
          ok: false,
          error: { code: 'CONFLICT', message: 'changed on disk', details: { currentHash: 'abc' } },
        }),
    });
    const error = await client.saveFile({ path: 'MEMORY.md', text: 'x', expectedHash: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'changed on disk', details: { currentHash: 'abc' } });
  });

  it('turns an unreachable server into UNAVAILABLE', async () => {
    const client = createHttpClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await client.status().catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'Memory Lens server unreachable: Failed to fetch',
      messageId: 'errors:transport.unreachable',
    });
    // The interface words it in its language (the browser's own text stays as it is).
    expect(shownText(translator('zh-CN'), shownError(error))).toBe('无法连接 Memory Lens 服务器：Failed to fetch');
  });

  it('says in the interface language that an answer was not JSON', async () => {
    const client = createHttpClient({ fetch: async () => new Response('<html>proxy error</html>', { status: 502 }) });
    const error = await client.status().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INTERNAL', message: 'status: HTTP 502 without a JSON answer' });
    expect(shownText(translator('zh-CN'), shownError(error))).toBe('status：HTTP 502 的回应不是 JSON');
  });

  it('subscribes to events over one EventSource and closes it after the last unsubscribe', () => {
    const sources: FakeEventSource[] = [];
    class FakeEventSource extends EventTarget {
      closed = false;
      constructor(readonly url: string) {
        super();
        sources.push(this);
      }
      close() {
        this.closed = true;
      }
    }
    const client = createHttpClient({ EventSource: FakeEventSource as unknown as typeof EventSource });
    const got: unknown[] = [];
    const off1 = client.onDidChangeFile((e) => got.push(e));
    const off2 = client.onDidChangeStatus((s) => got.push(s.files));
    expect(sources).toHaveLength(1);
    expect(sources[0]?.url).toBe('/api/events');
    sources[0]?.dispatchEvent(
      new MessageEvent('fileChanged', { data: JSON.stringify({ path: 'a.md', change: 'changed', hash: null }) }),
    );
    expect(got).toEqual([{ path: 'a.md', change: 'changed', hash: null }]);
    off1();
    expect(sources[0]?.closed).toBe(false);
    off2();
    expect(sources[0]?.closed).toBe(true);
  });

  it('takes the token out of the address bar', () => {
    window.history.replaceState(null, '', '/?token=secret&x=1#top');
    expect(takeTokenFromLocation(window.location, window.history)).toBe('secret');
    expect(window.location.search).toBe('?x=1');
    expect(window.location.hash).toBe('#top');
    expect(takeTokenFromLocation(window.location, window.history)).toBeNull();
  });
});

describe('renderer API client over Electron (window.memlens)', () => {
  function fakeBridge(answer: (name: CallName, args: unknown) => CallOutcome<CallName>): MemlensBridge {
    const bridge: Record<string, unknown> = {};
    for (const name of CALL_NAMES) bridge[name] = async (args: unknown) => answer(name, args);
    for (const event of EVENT_NAMES) bridge[EVENTS[event].subscribe] = () => () => undefined;
    return bridge as MemlensBridge;
  }

  it('is used when window.memlens exists, with identical methods', async () => {
    const bridge = fakeBridge(
      (name) => ({ ok: true, result: name === 'listFiles' ? [] : null }) as CallOutcome<CallName>,
    );
    Object.defineProperty(window, 'memlens', { value: bridge, configurable: true });
    try {
      const client = createApiClient(window);
      await expect(client.listFiles()).resolves.toEqual([]);
      expect(Object.keys(client).sort()).toEqual(Object.keys(createHttpClient()).sort());
    } finally {
      Reflect.deleteProperty(window, 'memlens');
    }
  });

  it('turns error outcomes into ApiErrors', async () => {
    const client = createElectronClient(
      fakeBridge(() => ({ ok: false, error: { code: 'OUT_OF_ROOT', message: 'nope' } })),
    );
    await expect(client.readFile({ path: '../x' })).rejects.toMatchObject({ name: 'ApiError', code: 'OUT_OF_ROOT' });
  });
});
