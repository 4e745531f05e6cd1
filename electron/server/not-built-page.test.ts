// `memlens serve` with no UI to serve answers `/` with a page that says so: in the browser's
// Accept-Language when it is one we speak (any Chinese → zh-CN), else in serve's own --lang.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiDispatcher } from '../app/api-dispatcher.js';
import { openTempWorkspace, type TempWorkspace } from '../app/test-support/temp-workspace.js';
import { TOKEN_HEADER } from '../../shared/contract.js';
import { MemoryLensError } from '../../shared/errors.js';
import { pageLocale, startHttpServer, type RunningServer } from './http-server.js';

let fx: TempWorkspace;
const servers: RunningServer[] = [];

beforeAll(async () => {
  fx = await openTempWorkspace({ watch: false });
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await fx?.cleanup();
});

async function serve(locale?: 'en' | 'zh-CN'): Promise<RunningServer> {
  const dispatcher = createApiDispatcher({
    session: fx.session,
    settings: fx.settings,
    activity: fx.activity,
    openWorkspace: async () => {
      throw new MemoryLensError('NOT_ALLOWED', 'serve mode');
    },
  });
  const server = await startHttpServer({
    dispatcher,
    session: fx.session,
    rendererDir: null,
    host: '127.0.0.1',
    port: 0,
    ...(locale ? { locale } : {}),
  });
  servers.push(server);
  return server;
}

/** The page, as a browser that holds the token gets it. */
function page(server: RunningServer, acceptLanguage?: string): Promise<{ status: number; lang: string; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${server.port}`, [TOKEN_HEADER]: server.token };
    if (acceptLanguage) headers['accept-language'] = acceptLanguage;
    http
      .get({ host: '127.0.0.1', port: server.port, path: '/', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            lang: String(res.headers['content-language']),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      })
      .on('error', reject);
  });
}

const CHINESE = '界面还没有构建。请运行 `npm run build:renderer`（或 `npm run serve`），然后重新加载此页。\n';
const ENGLISH = 'The renderer is not built. Run `npm run build:renderer` (or `npm run serve`), then reload.\n';

describe('the "not built" page', () => {
  it('is in Chinese for a Chinese browser, in English for an English one, whatever serve speaks', async () => {
    const english = await serve('en');
    expect(await page(english, 'zh-CN,zh;q=0.9,en;q=0.8')).toEqual({ status: 503, lang: 'zh-CN', body: CHINESE });
    expect(await page(english, 'zh-TW')).toMatchObject({ lang: 'zh-CN', body: CHINESE });
    const chinese = await serve('zh-CN');
    expect(await page(chinese, 'en-US,en;q=0.9')).toEqual({ status: 503, lang: 'en', body: ENGLISH });
  });

  it('is in serve’s --lang when the browser asks for no language we speak, or none', async () => {
    const chinese = await serve('zh-CN');
    expect(await page(chinese, 'fr-FR,de;q=0.5')).toMatchObject({ lang: 'zh-CN', body: CHINESE });
    expect(await page(chinese)).toMatchObject({ lang: 'zh-CN', body: CHINESE });
    expect(await page(await serve())).toMatchObject({ lang: 'en', body: ENGLISH });
  });

  it('reads Accept-Language by weight, skipping q=0', () => {
    expect(pageLocale('fr;q=0.9, zh;q=0.5, en;q=0.7', 'zh-CN')).toBe('en');
    expect(pageLocale('en;q=0, zh-Hans;q=0.1', 'en')).toBe('zh-CN');
    expect(pageLocale('*', 'zh-CN')).toBe('zh-CN');
    expect(pageLocale(undefined, 'en')).toBe('en');
  });
});
