// Who may talk to serve mode. Three independent checks, in this order:
//  1. Host must name this server (127.0.0.1/localhost/[::1] or the explicit --host, with our port):
//     a DNS-rebinding page reaches us under its own host name and is refused here (403).
//  2. Origin, when the browser sends one, must be this server: no other site's page may call us (403).
//  3. The session token, from the HttpOnly cookie, the X-Memlens-Token header or `?token=` (401).
import { timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import type { IncomingHttpHeaders } from 'node:http';
import { TOKEN_HEADER } from '../../shared/contract.js';

export interface GuardConfig {
  token: string;
  /** Host header values (host:port, lowercase) that name this server. */
  allowedHosts: ReadonlySet<string>;
  cookieName: string;
}

export type GuardResult =
  { ok: true; via: 'cookie' | 'header' | 'query' } | { ok: false; status: 401 | 403; reason: string };

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The Host header values this server answers to, for a bind address and port. */
export function allowedHostsFor(bindHost: string, port: number): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  const bare = bindHost.replace(/^\[|\]$/g, '');
  if (bare === '0.0.0.0' || bare === '::') {
    // Listening everywhere: every address of this machine names it.
    for (const addresses of Object.values(os.networkInterfaces())) {
      for (const address of addresses ?? [])
        names.add(address.family === 'IPv6' ? `[${address.address}]` : address.address);
    }
    names.add(os.hostname().toLowerCase());
  } else {
    names.add(bare.includes(':') ? `[${bare}]` : bare.toLowerCase());
  }
  return new Set([...names].map((name) => `${name}:${port}`));
}

/** Cookies are not per-port: two servers on one machine must not overwrite each other's token. */
export function cookieNameFor(port: number): string {
  return `memlens_token_${port}`;
}

export function checkRequest(
  request: { url?: string; headers: IncomingHttpHeaders },
  config: GuardConfig,
): GuardResult {
  const host = (request.headers.host ?? '').toLowerCase();
  if (!config.allowedHosts.has(host))
    return { ok: false, status: 403, reason: `Host ${host || '(none)'} is not this server.` };
  const origin = request.headers.origin;
  if (origin !== undefined && !originMatches(origin, config.allowedHosts)) {
    return { ok: false, status: 403, reason: `Origin ${origin} may not call this server.` };
  }
  const cookie = parseCookies(request.headers.cookie)[config.cookieName];
  if (cookie !== undefined && tokensEqual(cookie, config.token)) return { ok: true, via: 'cookie' };
  const header = request.headers[TOKEN_HEADER] ?? bearer(request.headers.authorization);
  if (typeof header === 'string' && tokensEqual(header, config.token)) return { ok: true, via: 'header' };
  const query = tokenFromUrl(request.url);
  if (query !== null && tokensEqual(query, config.token)) return { ok: true, via: 'query' };
  return { ok: false, status: 401, reason: 'A valid token is required: open the URL memlens serve printed.' };
}

function originMatches(origin: string, allowedHosts: ReadonlySet<string>): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && allowedHosts.has(url.host.toLowerCase());
  } catch {
    // `Origin: null` (sandboxed frames, file://) is nobody we know.
    return false;
  }
}

function bearer(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}

export function tokenFromUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, 'http://x').searchParams.get('token');
  } catch {
    return null;
  }
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/** Constant-time, so the token cannot be guessed one byte at a time from response timings. */
function tokensEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
