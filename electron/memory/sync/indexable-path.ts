// Which single paths are memory: the watcher and the engine's own writes reindex one file without
// re-walking the workspace, so they need discovery's rules for one path (workspace/discover.ts),
// and the mapping from an absolute path under a watch root to its (virtual) index path.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MemorySource } from '../../../shared/domain.js';
import type { DiscoverOptions, DiscoveredFile, WatchRoot } from '../workspace/discover.js';
import { agentDbDiscovered, ROOT_LAYER_DIRS, ROOT_MEMORY_FILES, resolveVirtualPath } from '../workspace/discover.js';
import { isExcludedAgent, sessionFolderFor } from '../workspace/session-sources.js';
import { isIgnoredPath, isMarkdownName, isSessionFileName } from '../workspace/ignore-rules.js';

/** The source a (virtual) path is indexed as, or null when discovery would not pick it up. */
export function indexableSource(opts: DiscoverOptions, relPath: string): MemorySource | null {
  const segments = relPath.split('/');
  const base = segments[segments.length - 1] ?? '';
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  if (segments[0] === 'sessions') {
    if (!isSessionFileName(base)) return null;
    if (segments.length === 2) return 'sessions';
    if (segments.length !== 3) return null;
    const name = segments[1]!;
    if (isExcludedAgent(opts, name)) return null;
    return sessionFolderFor(opts, name) !== null || opts.agentDatabases?.lookup(relPath) ? 'sessions' : null;
  }
  if (isIgnoredPath(relPath) || !isMarkdownName(base)) return null;
  if (segments.length === 1 && ROOT_MEMORY_FILES.includes(base)) return 'memory';
  if (segments.length > 1 && ROOT_LAYER_DIRS.includes(segments[0]!)) return 'memory';
  const workspace = path.resolve(opts.workspaceDir);
  for (const extra of opts.extraPaths ?? []) {
    const abs = path.resolve(workspace, extra);
    const inside = path.relative(workspace, abs);
    const prefix = inside.startsWith('..') || path.isAbsolute(inside) ? `extra/${path.basename(abs)}` : inside.split(path.sep).join('/');
    if (relPath === prefix || relPath.startsWith(`${prefix}/`)) return 'memory';
  }
  return null;
}

/** Virtual index path of an absolute path under a watch root, or null when it is not memory. */
export function virtualPathFor(opts: DiscoverOptions, root: WatchRoot, absPath: string): string | null {
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
  return indexableSource(opts, candidate) ? candidate : null;
}

/** Whether chokidar should descend into / report `absPath` at all (keeps inotify watches few). */
export function isWatchIrrelevant(opts: DiscoverOptions, roots: readonly WatchRoot[], absPath: string): boolean {
  let relevant = false;
  for (const root of roots) {
    const rel = path.relative(root.dir, absPath).split(path.sep).join('/');
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    if (rel === '') return false;
    if (isIgnoredPath(rel)) continue;
    const parts = rel.split('/');
    if (root.source === 'workspace') {
      const first = parts[0]!;
      const extraInside = (opts.extraPaths ?? []).some((extra) => {
        const r = path.relative(root.dir, path.resolve(root.dir, extra)).split(path.sep).join('/');
        return !r.startsWith('..') && !path.isAbsolute(r) && (r === rel || r.startsWith(`${rel}/`) || rel.startsWith(`${r}/`));
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
 * Stat one (virtual) path as discovery would have found it: resolved, contained (a symlink may
 * not lead out of its folder), a regular file. Null when it is gone or not memory.
 */
export async function discoverOne(opts: DiscoverOptions, relPath: string): Promise<DiscoveredFile | null> {
  const source = indexableSource(opts, relPath);
  if (!source) return null;
  const inDatabase = source === 'sessions' ? opts.agentDatabases?.lookup(relPath) : null;
  if (inDatabase) return agentDbDiscovered(inDatabase);
  const abs = resolveVirtualPath(opts, relPath);
  if (!abs) return null;
  const real = await fs.realpath(abs).catch(() => null);
  if (!real) return null;
  const boundary = await fs.realpath(containmentRoot(opts, relPath, abs)).catch(() => null);
  if (!boundary) return null;
  const inside = path.relative(boundary, real);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return null;
  const stat = await fs.stat(real).catch(() => null);
  if (!stat?.isFile()) return null;
  const file: DiscoveredFile = { path: relPath, absPath: real, source, size: stat.size, mtimeMs: stat.mtimeMs };
  const parts = relPath.split('/');
  if (source === 'sessions' && parts.length === 3) file.agentId = parts[1]!;
  return file;
}

/** The folder a path must stay inside: the workspace, its session folder, or its extra path. */
function containmentRoot(opts: DiscoverOptions, relPath: string, abs: string): string {
  const parts = relPath.split('/');
  if (parts[0] === 'sessions' && parts.length === 3) return path.dirname(abs);
  if (parts[0] === 'extra') {
    for (const extra of opts.extraPaths ?? []) {
      const extraAbs = path.resolve(opts.workspaceDir, extra);
      if (path.basename(extraAbs) === parts[1]) return parts.length === 2 ? path.dirname(extraAbs) : extraAbs;
    }
  }
  return opts.workspaceDir;
}
