import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_NAMES, TOKEN_HEADER, httpPathFor } from '../../shared/contract.js';
import { createApiDispatcher } from '../app/api-dispatcher.js';
import { CONTENT_SECURITY_POLICY } from '../web/content-security-policy.js';
import { apiRoutesOf, startHttpServer, type RunningServer } from './http-server.js';
import { openTempWorkspace, type TempWorkspace } from '../app/test-support/temp-workspace.js';
import { MemoryLensError } from '../../shared/errors.js';

let fx: TempWorkspace;
let server: RunningServer;
let rendererDir: string;
let host: string;

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Raw requests, so Host/Origin/Cookie are exactly what a hostile page or tool could send. */
function request(method: string, urlPath: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method, path: urlPath, headers: { host, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const auth = () => ({ [TOKEN_HEADER]: server.token });
const json = { 'content-type': 'application/json' };
const callApi = (name: string, args: unknown, headers: Record<string, string> = {}) =>
  request('POST', `/api/${name}`, { ...json, ...auth(), ...headers }, JSON.stringify(args));

beforeAll(async () => {
  fx = await openTempWorkspace({ watch: true });
  rendererDir = path.join(fx.root, 'renderer-dist');
  fs.mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(rendererDir, 'index.html'),
    '<!doctype html><title>Memory Lens</title><script type="module" src="/assets/app.js"></script>',
  );
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
  fs.writeFileSync(path.join(fx.root, 'not-public.txt'), 'outside the renderer folder');
  const dispatcher = createApiDispatcher({
    session: fx.session,
    settings: fx.settings,
    activity: fx.activity,
    openWorkspace: async () => {
      throw new MemoryLensError('NOT_ALLOWED', 'serve mode');
    },
  });
  server = await startHttpServer({ dispatcher, session: fx.session, rendererDir, host: '127.0.0.1', port: 0 });
  host = `127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  await fx?.cleanup();
});

describe('serve mode: who may talk to it', () => {
  it('prints a URL with a 24-byte base64url token on 127.0.0.1', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('answers 401 without a token, for pages, API calls and the event stream', async () => {
    expect((await request('GET', '/')).status).toBe(401);
    expect((await request('GET', '/assets/app.js')).status).toBe(401);
    expect((await request('POST', '/api/listFiles', json, '{}')).status).toBe(401);
    expect((await request('GET', '/api/events')).status).toBe(401);
    expect((await request('POST', '/api/listFiles', { ...json, [TOKEN_HEADER]: 'wrong' }, '{}')).status).toBe(401);
    expect((await request('GET', '/?token=wrong')).status).toBe(401);
  });

  it('answers 403 to a foreign Host (DNS rebinding), even with the token', async () => {
    for (const badHost of [
      'evil.example:80',
      `evil.example:${server.port}`,
      `127.0.0.1:${server.port + 1}`,
      '127.0.0.1',
      `127.0.0.1.nip.io:${server.port}`,
    ]) {
      const reply = await request('POST', '/api/listFiles', { ...json, ...auth(), host: badHost }, '{}');
      expect(reply.status, badHost).toBe(403);
    }
  });

  it('answers 403 to a foreign Origin, even with the token', async () => {
    for (const origin of [
      'http://evil.example',
      `http://localhost:${server.port + 1}`,
      'null',
      `https://127.0.0.1:${server.port}`,
    ]) {
      const reply = await callApi('listFiles', {}, { origin });
      expect(reply.status, origin).toBe(403);
    }
    expect(
      (await callApi('listFiles', {}, { origin: `http://localhost:${server.port}`, host: `localhost:${server.port}` }))
        .status,
    ).toBe(200);
  });

  it('accepts the token as header or bearer, and turns ?token= into an HttpOnly SameSite=Strict cookie', async () => {
    expect((await callApi('status', {})).status).toBe(200);
    expect(
      (await request('POST', '/api/status', { ...json, authorization: `Bearer ${server.token}` }, '{}')).status,
    ).toBe(200);

    const first = await request('GET', `/?token=${server.token}`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const pair = cookie.split(';')[0] ?? '';

    const page = await request('GET', '/', { cookie: pair });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Memory Lens</title>');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const files = await request('POST', '/api/listFiles', { ...json, cookie: pair }, '{}');
    expect(files.status).toBe(200);
    expect((JSON.parse(files.body) as { result: { path: string }[] }).result.map((f) => f.path)).toContain('MEMORY.md');
  });

  it('the token redirect stays on this server: a path that starts with // is not another site', async () => {
    for (const [asked, location] of [
      [`/.//evil.com/?token=${server.token}`, '/evil.com/'],
      [`//evil.com/?token=${server.token}`, '/'],
      [`/%2F%2Fevil.com/?token=${server.token}`, '/%2F%2Fevil.com/'],
      [`/./\\evil.com/?token=${server.token}`, '/evil.com/'],
      [`/search?q=x&token=${server.token}`, '/search?q=x'],
    ]) {
      const reply = await request('GET', asked!);
      expect([asked, reply.status, reply.headers.location]).toEqual([asked, 303, location]);
    }
  });

  it('refuses a form-encoded POST (CSRF) even with a valid token', async () => {
    const reply = await request(
      'POST',
      '/api/deleteFile',
      { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
      'path=MEMORY.md',
    );
    expect(reply.status).toBe(400);
    expect(fs.existsSync(path.join(fx.workspace, 'MEMORY.md'))).toBe(true);
  });
});

describe('serve mode: the contract over HTTP', () => {
  it('routes exactly the contract', () => {
    expect(
      apiRoutesOf(
        createApiDispatcher({
          session: fx.session,
          settings: fx.settings,
          activity: fx.activity,
          openWorkspace: async () => ({ opened: false, workspace: fx.session.info() }),
        }),
      ).sort(),
    ).toEqual(CALL_NAMES.map(httpPathFor).sort());
  });

  it.each(CALL_NAMES)('POST /api/%s is served (answers with a contract envelope, not 404)', async (name) => {
    // Empty args: valid for some calls, INVALID_ARGUMENT for others — either way the route exists.
    const reply = await callApi(name, {});
    const body = JSON.parse(reply.body) as { ok: boolean; error?: { code: string } };
    expect(typeof body.ok).toBe('boolean');
    if (!body.ok) expect(body.error?.code, name).not.toBe('NOT_FOUND');
  });

  it('answers 404 for calls that are not in the contract', async () => {
    for (const name of ['eval', 'sync', 'close', '__proto__', 'constructor', 'listFiles/..']) {
      const reply = await callApi(name, {});
      expect(reply.status, name).toBe(404);
    }
  });

  it('maps typed errors to HTTP statuses and keeps the ErrorValue', async () => {
    const outOfRoot = await callApi('readFile', { path: '../outside/secret.md' });
    expect(outOfRoot.status).toBe(403);
    expect(JSON.parse(outOfRoot.body)).toMatchObject({ ok: false, error: { code: 'OUT_OF_ROOT' } });
    const invalid = await callApi('readFile', { path: 7 });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    const notJson = await request('POST', '/api/readFile', { ...json, ...auth() }, '{nope');
    expect(JSON.parse(notJson.body)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it('refuses an oversize body with 413 TOO_LARGE before parsing it', async () => {
    const reply = await callApi('search', { query: 'x'.repeat(70 * 1024) });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
  });

  it('serves only files inside the renderer folder', async () => {
    expect((await request('GET', '/assets/app.js', auth())).status).toBe(200);
    for (const escape of [
      '/../not-public.txt',
      '/%2e%2e/not-public.txt',
      '/assets/%2e%2e/%2e%2e/not-public.txt',
      '/assets/..%2f..%2fnot-public.txt',
      '/nope.js',
    ]) {
      const reply = await request('GET', escape, auth());
      expect(reply.status, escape).toBe(404);
      expect(reply.body).not.toContain('outside the renderer folder');
    }
  });
});

describe('serve mode: events', () => {
  it('delivers fileChanged over SSE after an on-disk edit', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no fileChanged event within 15 s')), 15_000);
      const req = http.get(
        { host: '127.0.0.1', port: server.port, path: '/api/events', headers: { host, ...auth() } },
        (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
          let buffer = '';
          let edited = false;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            if (!edited && buffer.includes(': connected')) {
              edited = true;
              fs.appendFileSync(path.join(fx.workspace, 'memory', 'travel.md'), '\nBooked the train to Chengdu.\n');
            }
            const match = /event: fileChanged\ndata: (.*)\n\n/.exec(buffer);
            if (match?.[1] && match[1].includes('memory/travel.md')) {
              clearTimeout(timer);
              req.destroy();
              resolve(match[1]);
            }
          });
        },
      );
      req.on('error', (error) => {
        if (!(error as NodeJS.ErrnoException).code?.includes('ECONNRESET')) reject(error);
      });
    });
    expect(JSON.parse(received)).toMatchObject({ path: 'memory/travel.md', change: 'changed' });
  });
});
