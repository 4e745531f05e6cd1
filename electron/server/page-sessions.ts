// Who a request comes from, for the fairness limits (client-gate.ts). Every local process is
// 127.0.0.1, so the address cannot tell the page from a script flooding the server. The page
// gets a session of its own when it is opened through the printed URL (an HttpOnly cookie);
// requests that carry a live session are limited per session, everything else per address and
// way of authenticating — so no other local client can use up the page's share.
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parseCookies } from './request-guard.js';

/** Sessions kept: a page per tab and reload; the oldest is forgotten first (it then counts by address). */
const MAX_SESSIONS = 256;

export class PageSessions {
  private readonly live = new Set<string>();
  readonly cookieName: string;

  constructor(port: number) {
    this.cookieName = `memlens_session_${port}`;
  }

  /** A new session id and its Set-Cookie value (HttpOnly: the page's script never sees it). */
  issue(): string {
    const id = randomBytes(18).toString('base64url');
    this.live.add(id);
    if (this.live.size > MAX_SESSIONS) this.live.delete(this.live.values().next().value!);
    return `${this.cookieName}=${id}; HttpOnly; SameSite=Strict; Path=/`;
  }

  /** The live session a request carries, or null. */
  sessionOf(headers: IncomingHttpHeaders): string | null {
    const id = parseCookies(headers.cookie)[this.cookieName];
    return id !== undefined && this.live.has(id) ? id : null;
  }

  /** The key the limits count by: the page's session, else the address and how the token came. */
  clientKey(headers: IncomingHttpHeaders, remoteAddress: string | undefined, via: string): string {
    const session = this.sessionOf(headers);
    return session ? `session:${session}` : `${via}:${remoteAddress ?? 'unknown'}`;
  }
}
