// What the app:// protocol answers for a URL: a file from the built renderer (contained: no `..`,
// encoded dots or symlinks out of it) with the strict CSP, or a 404. No electron import, so it is
// unit-tested with real files.
import fs from 'node:fs/promises';
import { SECURITY_HEADERS } from '../web/content-security-policy.js';
import { contentTypeFor, resolveStaticFile } from '../web/static-files.js';
import { APP_HOST, APP_SCHEME } from './app-origin.js';

export interface AppResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

export async function answerAppRequest(rendererDir: string, rawUrl: string): Promise<AppResponse> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return notFound();
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return notFound();
  // The raw path, not URL's normalised one: `%2e%2e` must be seen (and refused) as written.
  const rawPath = rawUrl.slice(`${APP_SCHEME}://${APP_HOST}`.length).split(/[?#]/)[0] ?? '/';
  const file = await resolveStaticFile(rendererDir, rawPath || '/');
  if (!file) return notFound();
  return {
    status: 200,
    headers: { 'Content-Type': contentTypeFor(file), 'Cache-Control': 'no-cache', ...SECURITY_HEADERS },
    body: await fs.readFile(file),
  };
}

function notFound(): AppResponse {
  return {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS },
    body: Buffer.from('Not found\n'),
  };
}
