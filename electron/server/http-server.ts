// Serve mode's HTTP server: the built renderer, `POST /api/<call>` for every call of the contract
// (and nothing else), and the contract's events as server-sent events on `GET /api/events`.
// Every request passes request-guard.ts first (Host, Origin, token).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CALLS, HTTP_API_PREFIX, HTTP_EVENTS_PATH, httpPathFor, isCallName } from '../../shared/contract.js';
import type { ErrorCode, ErrorValue } from '../../shared/errors.js';
import type { ApiDispatcher, DispatchOutcome } from '../../shared/contract.js';
import { DEFAULT_LOCALE, LOCALES, resolveLocale, translator, type Locale } from '../../shared/i18n.js';
import { SECURITY_HEADERS } from '../web/content-security-policy.js';
import { ClientGate, DEFAULT_CLIENT_GATE, type ClientGateOptions } from './client-gate.js';
import { PageSessions } from './page-sessions.js';
import { allowedHostsFor, checkRequest, cookieNameFor, type GuardConfig } from './request-guard.js';
import { contentTypeFor, resolveStaticFile } from '../web/static-files.js';
import type { WorkspaceSession } from '../app/workspace-session.js';

export interface HttpServerOptions {
  dispatcher: ApiDispatcher;
  session: WorkspaceSession;
  /** The built renderer (renderer-dist/); null serves the API only and explains on `/`. */
  rendererDir: string | null;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Fixed token for tests; default 24 random bytes, base64url. */
  token?: string;
  /** Requests one client may have running and waiting (default DEFAULT_CLIENT_GATE). */
  clientGate?: ClientGateOptions;
  /** The serve process's language (--lang): the "not built" page's when the browser asks for none we speak. */
  locale?: Locale;
}

export interface RunningServer {
  /** `http://host:port/?token=…`: what the user opens. */
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** Keeps proxies and idle-timeouts from closing a quiet event stream. */
const SSE_HEARTBEAT_MS = 15_000;
/** Event streams one client may hold open: one per tab is what the page uses. */
const MAX_STREAMS_PER_CLIENT = 16;

const STATUS_FOR_CODE: Record<ErrorCode, number> = {
  INVALID_ARGUMENT: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_EXISTS: 409,
  OUT_OF_ROOT: 403,
  NOT_ALLOWED: 403,
  READ_ONLY: 403,
  TOO_LARGE: 413,
  UNAVAILABLE: 503,
  INDEX_CORRUPT: 500,
  INTERNAL: 500,
};

/** The API paths this server answers, derived from the dispatcher (which serves exactly the contract). */
export function apiRoutesOf(dispatcher: ApiDispatcher): string[] {
  return dispatcher.methods.map(httpPathFor);
}

export function createSessionToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function startHttpServer(options: HttpServerOptions): Promise<RunningServer> {
  const token = options.token ?? createSessionToken();
  const streams = new Set<http.ServerResponse>();
  const gates: Gates = {
    requests: new ClientGate(options.clientGate ?? DEFAULT_CLIENT_GATE),
    streams: new ClientGate({ maxConnections: Infinity, maxActive: MAX_STREAMS_PER_CLIENT, maxQueued: 0 }),
  };
  let guard: GuardConfig | null = null;
  let sessions: PageSessions | null = null;

  const server = http.createServer((req, res) => {
    if (!guard || !sessions) return sendText(res, 503, 'Starting.');
    handleRequest(req, res, guard, options, streams, gates, sessions).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'INTERNAL', message: String(error) } });
      else res.destroy();
    });
  });
  // Slow-loris bodies must not hold a worker forever.
  server.requestTimeout = 120_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A deep accept queue: a burst of connections (a script, a reconnecting page) waits to be
    // answered — with a 429 if need be — instead of having its SYNs dropped (511 is Node's default).
    server.listen({ port: options.port, host: options.host, backlog: 4096 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  guard = { token, allowedHosts: allowedHostsFor(options.host, port), cookieName: cookieNameFor(port) };
  sessions = new PageSessions(port);
  const urlHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  const displayHost = urlHost === '0.0.0.0' || urlHost === '[::]' ? '127.0.0.1' : urlHost;
  const origin = `http://${displayHost}:${port}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Connections are counted for the client of their first request (a browser keeps one client per connection). */
const countedSockets = new WeakSet<Socket>();

function countConnection(socket: Socket, client: string, gate: ClientGate): void {
  if (countedSockets.has(socket)) return;
  countedSockets.add(socket);
  socket.once('close', gate.connect(client));
}

interface Gates {
  requests: ClientGate;
  streams: ClientGate;
}

async function handleRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  guard: GuardConfig,
  options: HttpServerOptions,
  streams: Set<http.ServerResponse>,
  gates: Gates,
  sessions: PageSessions,
): Promise<void> {
  const verdict = checkRequest(req, guard);
  if (!verdict.ok) return sendText(res, verdict.status, verdict.reason);
  const url = new URL(req.url ?? '/', 'http://placeholder');
  const method = req.method ?? 'GET';
  // The printed URL's `?token=` exists to open the page (and the event stream, which cannot send
  // headers). A token in a URL ends up in logs and history; calls must send the header or cookie.
  if (verdict.via === 'query' && method !== 'GET' && method !== 'HEAD') {
    return sendText(
      res,
      401,
      'The token in the URL only opens the page; API calls send it in the X-Memlens-Token header or the cookie.',
    );
  }
  const client = sessions.clientKey(req.headers, req.socket.remoteAddress, verdict.via);
  countConnection(req.socket, client, gates.requests);
  if (gates.requests.isFlooding(client)) {
    res.setHeader('Connection', 'close');
    return sendTooMany(res, 'Too many connections from this client; try again shortly.');
  }

  if (url.pathname === HTTP_EVENTS_PATH) {
    if (method !== 'GET') return sendText(res, 405, 'Use GET for the event stream.', { Allow: 'GET' });
    const release = await gates.streams.enter(client);
    if (!release)
      return sendTooMany(res, `More than ${MAX_STREAMS_PER_CLIENT} event streams are open from this client.`);
    res.on('close', release);
    return openEventStream(req, res, options.session, streams);
  }

  const release = await gates.requests.enter(client);
  if (!release) return sendTooMany(res, 'Too many requests at once from this client; try again shortly.');
  res.on('close', release);
  try {
    await handleGated(req, res, guard, options, url, method, verdict.via, sessions);
  } finally {
    release();
  }
}

async function handleGated(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  guard: GuardConfig,
  options: HttpServerOptions,
  url: URL,
  method: string,
  via: 'cookie' | 'header' | 'query',
  sessions: PageSessions,
): Promise<void> {
  if (url.pathname.startsWith(HTTP_API_PREFIX)) {
    const name = url.pathname.slice(HTTP_API_PREFIX.length);
    if (!isCallName(name))
      return sendOutcome(res, { ok: false, error: { code: 'NOT_FOUND', message: `Unknown call: ${name}` } });
    if (method !== 'POST') return sendText(res, 405, 'Calls are POST with a JSON body.', { Allow: 'POST' });
    // JSON only: an HTML form (text/plain, urlencoded) cannot produce it, one more wall against CSRF.
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return sendOutcome(res, {
        ok: false,
        error: { code: 'INVALID_ARGUMENT', message: 'Content-Type must be application/json.' },
      });
    }
    const body = await readBody(req, CALLS[name].maxArgBytes);
    if (body.tooLarge) {
      res.setHeader('Connection', 'close');
      return sendOutcome(res, {
        ok: false,
        error: {
          code: 'TOO_LARGE',
          message: `${name}: the request is larger than ${CALLS[name].maxArgBytes} bytes.`,
          details: { limit: CALLS[name].maxArgBytes },
        },
      });
    }
    let args: unknown;
    try {
      args = body.bytes.length === 0 ? {} : JSON.parse(body.bytes.toString('utf8'));
    } catch {
      return sendOutcome(res, {
        ok: false,
        error: { code: 'INVALID_ARGUMENT', message: `${name}: the body is not valid JSON.` },
      });
    }
    return sendOutcome(res, await options.dispatcher.handle(name, args, body.bytes.length));
  }

  if (method !== 'GET' && method !== 'HEAD') return sendText(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });

  if (via === 'query') {
    // First page load from the printed URL: keep the token in an HttpOnly cookie (script cannot
    // read it, other sites cannot send it) and drop it from the address bar and history.
    url.searchParams.delete('token');
    // One leading slash only: `GET /.//evil.com/?token=…` has the pathname `//evil.com/`, which as a
    // Location is another site (an open redirect that would also carry the user away from the app).
    res.writeHead(303, {
      Location: `/${url.pathname.replace(/^[/\\]+/, '')}${url.search}`,
      // The page's own session too: the fairness limits count it apart from other local clients.
      'Set-Cookie': [
        `${guard.cookieName}=${encodeURIComponent(guard.token)}; HttpOnly; SameSite=Strict; Path=/`,
        sessions.issue(),
      ],
      'Cache-Control': 'no-store',
      ...SECURITY_HEADERS,
    });
    res.end();
    return;
  }

  if (!options.rendererDir) {
    const locale = pageLocale(req.headers['accept-language'], options.locale ?? DEFAULT_LOCALE);
    return sendText(res, 503, translator(locale)('cli:serve.notBuiltPage'), {
      'Content-Language': locale,
      Vary: 'Accept-Language',
    });
  }
  const file = await resolveStaticFile(options.rendererDir, url.pathname);
  if (!file) return sendText(res, 404, 'Not found.');
  const stat = await fs.promises.stat(file);
  res.writeHead(200, {
    'Content-Type': contentTypeFor(file),
    'Content-Length': stat.size,
    // Hashed asset names change with every build; index.html must always be fresh.
    'Cache-Control': file.endsWith('.html') ? 'no-cache' : 'private, max-age=3600',
    // A page loaded without a live session (opened again after a server restart) gets one.
    ...(file.endsWith('.html') && !sessions.sessionOf(req.headers) ? { 'Set-Cookie': sessions.issue() } : {}),
    ...SECURITY_HEADERS,
  });
  if (method === 'HEAD') return void res.end();
  fs.createReadStream(file).pipe(res);
}

function openEventStream(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  session: WorkspaceSession,
  streams: Set<http.ServerResponse>,
): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Content-Type-Options': 'nosniff',
  });
  res.write('retry: 2000\n: connected\n\n');
  streams.add(res);
  const unsubscribe = session.onDidEvent((event) => {
    res.write(`event: ${event.name}\ndata: ${JSON.stringify(event.payload)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), SSE_HEARTBEAT_MS);
  const stop = () => {
    clearInterval(heartbeat);
    unsubscribe();
    streams.delete(res);
  };
  req.on('close', stop);
  res.on('close', stop);
}

async function readBody(req: http.IncomingMessage, limit: number): Promise<{ bytes: Buffer; tooLarge: boolean }> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return { bytes: Buffer.alloc(0), tooLarge: true };
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > limit) {
      req.resume();
      return { bytes: Buffer.alloc(0), tooLarge: true };
    }
    chunks.push(chunk as Buffer);
  }
  return { bytes: Buffer.concat(chunks), tooLarge: false };
}

/** 429 with the contract's error shape, so the page's client can tell it from other failures and retry. */
function sendTooMany(res: http.ServerResponse, message: string): void {
  res.setHeader('Retry-After', '1');
  sendJson(res, 429, { ok: false, error: { code: 'UNAVAILABLE', message } });
}

function sendOutcome(res: http.ServerResponse, outcome: DispatchOutcome): void {
  sendJson(res, outcome.ok ? 200 : statusForError(outcome.error), outcome);
}

export function statusForError(error: ErrorValue): number {
  return STATUS_FOR_CODE[error.code] ?? 500;
}

function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}

/**
 * The language of a page for the browser's Accept-Language (`zh-CN,zh;q=0.9,en;q=0.8`): the first
 * by weight that we speak (any Chinese → zh-CN), else `fallback`.
 */
export function pageLocale(header: string | undefined, fallback: Locale): Locale {
  const tags = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q);
  const spoken = tags.find((t) => LOCALES.some((l) => l.split('-')[0] === t.tag.toLowerCase().split('-')[0]));
  return spoken ? resolveLocale([spoken.tag]) : fallback;
}

function sendText(res: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...SECURITY_HEADERS,
    ...headers,
  });
  res.end(`${text}\n`);
}
