// Which single paths are memory: the watcher and the engine's own writes reindex one file without
// re-walking the workspace, so they need discovery's rules for one path (workspace/discover.ts),
// and the mapping from an absolute path under a watch root to its (virtual) index path.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ROOT_LAYER_DIRS, ROOT_MEMORY_FILES } from '../../../shared/memory-scope.js';
import type { DiscoveredFile, WatchRoot } from '../workspace/discover.js';
import { agentDbDiscovered } from '../workspace/discover.js';
import { resolveMemoryPath } from '../workspace/memory-path.js';
import { isIgnoredPath } from '../workspace/ignore-rules.js';
import { attachRecordedKinds } from '../workspace/session-store-kinds.js';
import type { WorkspaceScope } from '../workspace/workspace-scope.js';

/** Virtual index path of an absolute path under a watch root, or null when it is not memory. */
export function virtualPathFor(scope: WorkspaceScope, root: WatchRoot, absPath: string): string | null {
  const rel = path.relative(root.dir, absPath).split(path.sep).join('/');
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  let candidate: string | null = null;
  if (root.source === 'workspace') {
    candidate = rel;
  } else if (root.source === 'sessions' && root.virtualPrefix === 'sessions/') {
    // OpenClaw agents folder: <agent>/sessions/<file> → sessions/<agent>/<file>.
    const parts = rel.split('/');
    if (parts.length === 3 && parts[1] === 'sessions') candidate = `sessions/${parts[0]}/${parts[2]}`;
  } else if (root.source === 'sessions') {
    if (rel !== '' && !rel.includes('/')) candidate = root.virtualPrefix + rel;
  } else {
    candidate = rel === '' ? root.virtualPrefix.replace(/\/$/, '') : root.virtualPrefix + rel;
  }
  if (candidate === null || candidate === '') return null;
  return scope.sourceOf(candidate) ? candidate : null;
}

/** Whether chokidar should descend into / report `absPath` at all (keeps inotify watches few). */
export function isWatchIrrelevant(scope: WorkspaceScope, roots: readonly WatchRoot[], absPath: string): boolean {
  let relevant = false;
  for (const root of roots) {
    const rel = path.relative(root.dir, absPath).split(path.sep).join('/');
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    if (rel === '') return false;
    if (isIgnoredPath(rel)) continue;
    const parts = rel.split('/');
    if (root.source === 'workspace') {
      const first = parts[0]!;
      const extraInside = (scope.where.extraPaths ?? []).some((extra) => {
        const r = path.relative(root.dir, path.resolve(root.dir, extra)).split(path.sep).join('/');
        return (
          !r.startsWith('..') &&
          !path.isAbsolute(r) &&
          (r === rel || r.startsWith(`${rel}/`) || rel.startsWith(`${r}/`))
        );
      });
      if (ROOT_MEMORY_FILES.includes(first) || ROOT_LAYER_DIRS.includes(first) || extraInside) relevant = true;
      else if (first === 'sessions' && parts.length <= 2) relevant = true;
    } else if (root.source === 'sessions' && root.virtualPrefix === 'sessions/') {
      if (parts.length === 1 || (parts.length >= 2 && parts[1] === 'sessions' && parts.length <= 3)) relevant = true;
    } else if (root.source === 'sessions') {
      if (parts.length === 1) relevant = true;
    } else {
      relevant = true;
    }
    if (relevant) return false;
  }
  return true;
}

/**
 * Stat one (virtual) path as discovery would have found it: by the one rule for paths
 * (workspace/memory-path.ts), so a symlink is followed only to a memory file in its folder, and a
 * regular file. Null when it is gone or not memory.
 */
export async function discoverOne(
  scope: WorkspaceScope,
  relPath: string,
): Promise<(DiscoveredFile & { realPath?: string }) | null> {
  // A transcript in an agent database has no file: the database listing is its discovery.
  const inDatabase = scope.agentDatabases?.lookup(relPath);
  if (inDatabase) return agentDbDiscovered(inDatabase);
  const resolved = await resolveMemoryPath(scope, relPath, 'index', 'disk').catch(() => null);
  if (!resolved?.exists) return null;
  const source = scope.sourceOf(resolved.path)!;
  const stat = await fs.stat(resolved.abs).catch(() => null);
  if (!stat?.isFile()) return null;
  const file: DiscoveredFile & { realPath?: string } = {
    path: resolved.path,
    absPath: resolved.abs,
    source,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    // Through a symlink: the name the file has where it really is, which discovery may list instead.
    ...(resolved.realPath !== resolved.path ? { realPath: resolved.realPath } : {}),
  };
  const parts = resolved.path.split('/');
  if (source === 'sessions' && parts.length === 3) file.agentId = parts[1]!;
  if (source === 'sessions') await attachRecordedKinds([file]);
  return file;
}
