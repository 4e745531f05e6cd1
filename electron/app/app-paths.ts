// Where the app's files are: the package folder (renderer-dist/, resources/), found from a
// module's own URL so the same code works from TypeScript sources (vitest) and from the compiled
// dist/ tree; and the data directory, where indexes, settings, models and the trash live — never
// the workspace (users sync workspaces with git/Dropbox; an index there would churn and conflict).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding memory-lens's package.json, or null when this code runs outside it. */
export function findPackageRoot(fromUrl: string = import.meta.url): string | null {
  let dir = path.dirname(fileURLToPath(fromUrl));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        if ((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'memory-lens') return dir;
      } catch {
        // Not ours; keep walking up.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** `renderer-dist/` when it has been built, else null. */
export function builtRendererDir(root: string | null): string | null {
  if (!root) return null;
  const dir = path.join(root, 'renderer-dist');
  return fs.existsSync(path.join(dir, 'index.html')) ? dir : null;
}

/** `resources/sample-workspace` when the package ships it, else null. */
export function bundledSampleWorkspace(root: string | null): string | null {
  if (!root) return null;
  const dir = path.join(root, 'resources', 'sample-workspace');
  return fs.existsSync(dir) ? dir : null;
}

/** `MEMLENS_DATA_DIR` overrides the platform default (tests and portable setups use it). */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.MEMLENS_DATA_DIR) return path.resolve(env.MEMLENS_DATA_DIR);
  const home = os.homedir();
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Memory Lens');
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'Memory Lens');
  // XDG says a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg =
    env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : path.join(home, '.local', 'share');
  return path.join(xdg, 'memory-lens');
}

/** The app's version from its package.json ("0.0.0" outside the package). */
export function appVersion(root: string | null = findPackageRoot()): string {
  if (!root) return '0.0.0';
  try {
    return (
      (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0'
    );
  } catch {
    return '0.0.0';
  }
}
