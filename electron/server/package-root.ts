// Finds the project folder (where renderer-dist/ and resources/ live) from a module's own URL, so
// the same code works from TypeScript sources (vitest) and from the compiled dist/ tree.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

export function bundledSampleWorkspace(root: string | null): string | null {
  if (!root) return null;
  const dir = path.join(root, 'resources', 'sample-workspace');
  return fs.existsSync(dir) ? dir : null;
}
