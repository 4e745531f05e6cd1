// `memlens serve` in a checkout whose UI was never built (someone ran only `npm run build:node`,
// or installed without scripts): build it once, here, instead of serving a page that says it is
// missing. A packaged install ships renderer-dist/ and never gets here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TFunction } from 'i18next';
import { DEFAULT_LOCALE, translator } from '../../../shared/i18n.js';
import { builtRendererDir } from '../../app/app-paths.js';

export interface EnsureRendererIo {
  stderr(text: string): void;
}

/** renderer-dist/ of the package, built first when it is missing and the checkout can build it; `t` words what it says. */
export function ensureBuiltRenderer(
  root: string | null,
  io: EnsureRendererIo,
  t: TFunction = translator(DEFAULT_LOCALE),
): string | null {
  const built = builtRendererDir(root);
  if (built || !root) return built;
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const config = path.join(root, 'vite.renderer.config.ts');
  if (!fs.existsSync(vite) || !fs.existsSync(config)) return null;
  io.stderr(`memlens serve: ${t('cli:serve.buildingUi')}\n`);
  const result = spawnSync(process.execPath, [vite, 'build', '--config', config, '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    io.stderr(`memlens serve: ${t('cli:serve.uiBuildFailed')}\n${result.stderr ?? ''}\n`);
    return null;
  }
  return builtRendererDir(root);
}
