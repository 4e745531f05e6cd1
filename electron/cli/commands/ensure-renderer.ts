// `memlens serve` in a checkout whose UI was never built (someone ran only `npm run build:node`,
// or installed without scripts): build it once, here, instead of serving a page that says it is
// missing. A packaged install ships renderer-dist/ and never gets here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { builtRendererDir } from '../../app/app-paths.js';

export interface EnsureRendererIo {
  stderr(text: string): void;
}

/** renderer-dist/ of the package, built first when it is missing and the checkout can build it. */
export function ensureBuiltRenderer(root: string | null, io: EnsureRendererIo): string | null {
  const built = builtRendererDir(root);
  if (built || !root) return built;
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const config = path.join(root, 'vite.renderer.config.ts');
  if (!fs.existsSync(vite) || !fs.existsSync(config)) return null;
  io.stderr('memlens serve: the UI is not built yet; building it once (renderer-dist/)…\n');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', config, '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    io.stderr(`memlens serve: building the UI failed; serving the API only.\n${result.stderr ?? ''}\n`);
    return null;
  }
  return builtRendererDir(root);
}
