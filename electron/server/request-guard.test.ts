import { describe, expect, it } from 'vitest';
import { allowedHostsFor, checkRequest, cookieNameFor, parseCookies } from './request-guard.js';

const token = 'A'.repeat(32);
const config = { token, allowedHosts: allowedHostsFor('127.0.0.1', 4848), cookieName: cookieNameFor(4848) };

describe('request guard', () => {
  it('names this server by loopback names with its port only', () => {
    expect([...allowedHostsFor('127.0.0.1', 4848)].sort()).toEqual(['127.0.0.1:4848', '[::1]:4848', 'localhost:4848']);
    expect(allowedHostsFor('::1', 80).has('[::1]:80')).toBe(true);
    expect(allowedHostsFor('192.168.1.20', 9000).has('192.168.1.20:9000')).toBe(true);
  });

  it('checks Host before Origin before the token', () => {
    expect(
      checkRequest({ headers: { host: 'evil.test:4848', origin: 'http://evil.test:4848' } }, config),
    ).toMatchObject({ ok: false, status: 403 });
    expect(checkRequest({ headers: { host: '127.0.0.1:4848', origin: 'http://evil.test' } }, config)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(checkRequest({ headers: { host: '127.0.0.1:4848' } }, config)).toMatchObject({ ok: false, status: 401 });
  });

  it('accepts the token from the cookie, the header, a bearer, or the query', () => {
    const host = '127.0.0.1:4848';
    expect(checkRequest({ headers: { host, cookie: `other=1; memlens_token_4848=${token}` } }, config)).toEqual({
      ok: true,
      via: 'cookie',
    });
    expect(checkRequest({ headers: { host, 'x-memlens-token': token } }, config)).toEqual({ ok: true, via: 'header' });
    expect(checkRequest({ headers: { host, authorization: `Bearer ${token}` } }, config)).toEqual({
      ok: true,
      via: 'header',
    });
    expect(checkRequest({ url: `/?token=${token}`, headers: { host } }, config)).toEqual({ ok: true, via: 'query' });
  });

  it('does not accept another port’s cookie, a prefix of the token, or a longer one', () => {
    const host = '127.0.0.1:4848';
    expect(checkRequest({ headers: { host, cookie: `memlens_token_4849=${token}` } }, config).ok).toBe(false);
    expect(checkRequest({ headers: { host, 'x-memlens-token': token.slice(0, 31) } }, config).ok).toBe(false);
    expect(checkRequest({ headers: { host, 'x-memlens-token': `${token}A` } }, config).ok).toBe(false);
  });

  it('parses cookies leniently', () => {
    expect(parseCookies('a=1; b = two ; c=%41; bad; =x')).toEqual({ a: '1', b: 'two', c: 'A' });
  });
});
