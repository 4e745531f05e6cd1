// The built renderer as files on disk, served by serve mode (and by the desktop app's app://
// protocol handler): only files under the root, never through `..`, encoded dots or symlinks.
import fs from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Absolute path of the file a URL path names inside `rootDir`, or null when it does not exist or
 * would leave the root. `/` and extension-less routes are the single-page app's index.html.
 */
export async function resolveStaticFile(rootDir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return null;
  let root: string;
  try {
    root = await fs.realpath(rootDir);
  } catch {
    return null;
  }
  const wantsIndex = segments.length === 0 || !path.extname(segments[segments.length - 1] ?? '');
  const candidate = wantsIndex ? path.join(root, 'index.html') : path.join(root, ...segments);
  try {
    const real = await fs.realpath(candidate);
    const rel = path.relative(root, real);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
    const stat = await fs.stat(real);
    return stat.isFile() ? real : null;
  } catch {
    return null;
  }
}
