// The one rule for a path from outside (HTTP, IPC, CLI, MCP, the watcher): normalise it, check it
// as asked for, resolve it (realpath, contained in its folder), then check where it really leads
// with the same rules (the workspace's WorkspaceScope). A link whose target fails is neither read, indexed,
// written, renamed nor deleted through, and the refusal names the real file and why.
import fs from 'node:fs/promises';
import path from 'node:path';
import { MemoryLensError } from '../../../shared/errors.js';
import type { MessageRef } from '../../../shared/i18n.js';
import { ALLOWED_PARAMS } from '../../../shared/memory-scope.js';
import { toFileSystemError } from '../files/fs-errors.js';
import { normalizeRelPath, resolveInside } from '../files/safe-path.js';
import { isMarkdownName } from './ignore-rules.js';
import { sessionFolderFor, type DiscoverOptions } from './session-sources.js';
import type { PathRefusal, PathUse, WorkspaceScope } from './workspace-scope.js';

export interface ResolvedMemoryPath {
  /** The clean path asked for (virtual for transcripts and outside extra paths). */
  path: string;
  /** Real absolute path; for a file not yet there, its real folder plus the rest of the name. */
  abs: string;
  /** Where it really leads, as a path of the same kind; differs from `path` through a symlink. */
  realPath: string;
  /** Whether the target itself exists. */
  exists: boolean;
  /**
   * For `edit`: the name itself, its folder resolved and its last part as asked. Differs from `abs`
   * when that last part is a symlink (`isLink`): delete and rename act on the link, never its target.
   */
  entry: string;
  isLink: boolean;
}

/**
 * Resolves `relPath` for `use`, or throws a typed error (INVALID_ARGUMENT, OUT_OF_ROOT,
 * NOT_ALLOWED, NOT_FOUND). A path named by the file system itself (the watcher's, the index's) is
 * taken as it is: only paths from outside are percent-decoded.
 */
export async function resolveMemoryPath(
  scope: WorkspaceScope,
  relPath: string,
  use: PathUse,
  origin: 'outside' | 'disk' = 'outside',
): Promise<ResolvedMemoryPath> {
  const clean = origin === 'outside' ? normalizeRelPath(relPath) : relPath;
  const asked = scope.refusal(clean, use);
  if (asked)
    throw new MemoryLensError(
      'NOT_ALLOWED',
      { messageId: 'errors:scope.refused', params: { ...ALLOWED_PARAMS, rule: asked.rule ?? use, path: clean } },
      { reason: asked.kind },
    );
  const place = locate(scope.where, clean);
  let resolved: { real: string; exists: boolean; root: string };
  try {
    resolved = await resolveInside(place.boundary, place.inner, clean);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new MemoryLensError('NOT_FOUND', { messageId: 'errors:noSuchFile', params: { path: clean } });
    // ELOOP (a link loop), EACCES on a folder, ENAMETOOLONG…: typed, in workspace words.
    throw toFileSystemError(error, clean, 'open');
  }
  if (place.inner.length === 0) {
    // A configured extra file is its own boundary: what it leads to must still be Markdown.
    if (!isMarkdownName(path.basename(resolved.real)))
      throw linkRefusal(clean, null, { kind: 'not-markdown', allowed: '', rule: null }, clean);
    return {
      path: clean,
      abs: resolved.real,
      realPath: clean,
      exists: resolved.exists,
      entry: resolved.real,
      isLink: false,
    };
  }
  const inner = path.relative(resolved.root, resolved.real).split(path.sep).join('/');
  const realPath = place.prefix + inner;
  if (realPath !== clean) {
    const refusal =
      inner === '' ? { kind: 'not-memory' as const, allowed: '', rule: null } : scope.refusal(realPath, use);
    if (refusal) throw linkRefusal(clean, inner === '' ? 'folder' : { path: realPath }, refusal, realPath);
  }
  // Only renames and deletes (`edit`) act on the name itself; the other uses skip the look-up.
  const entry = use === 'edit' && resolved.exists ? await entryOf(place, clean) : resolved.real;
  const isLink =
    entry !== resolved.real &&
    (
      await fs.lstat(entry).catch((error: unknown) => Promise.reject(toFileSystemError(error, clean, 'open')))
    ).isSymbolicLink();
  return {
    path: clean,
    abs: resolved.real,
    realPath,
    exists: resolved.exists,
    entry: isLink ? entry : resolved.real,
    isLink,
  };
}

/** The existing name's folder, resolved (it exists and is inside, as the name resolved), plus its last part. */
async function entryOf(place: { boundary: string; inner: string[] }, clean: string): Promise<string> {
  const folder = await resolveInside(place.boundary, place.inner.slice(0, -1), clean);
  return path.join(folder.real, place.inner[place.inner.length - 1]!);
}

/** `shown`: the path the link leads to, or only that it leads to a file (null) or a folder. */
function linkRefusal(
  clean: string,
  shown: { path: string } | 'folder' | null,
  refusal: PathRefusal,
  target: string,
): MemoryLensError {
  const params = { path: clean, kind: refusal.kind };
  const ref: MessageRef =
    shown === null || shown === 'folder'
      ? { messageId: shown ? 'errors:scope.linkToFolder' : 'errors:scope.linkToFile', params }
      : {
          messageId: 'errors:scope.link',
          params: { ...params, ...ALLOWED_PARAMS, target: shown.path, rule: refusal.rule ?? 'read' },
        };
  return new MemoryLensError('NOT_ALLOWED', ref, { reason: 'symlink-target', target });
}

/** The folder a path must stay inside, its parts below that folder, and the path prefix of that folder. */
function locate(opts: DiscoverOptions, clean: string): { boundary: string; inner: string[]; prefix: string } {
  const workspace = path.resolve(opts.workspaceDir);
  const segments = clean.split('/');
  if (segments[0] === 'sessions' && segments.length === 3) {
    const folder = sessionFolderFor(opts, segments[1]!);
    if (folder) return { boundary: folder, inner: [segments[2]!], prefix: `sessions/${segments[1]}/` };
  }
  if (segments[0] === 'extra' && segments.length >= 2) {
    for (const extra of opts.extraPaths ?? []) {
      const abs = path.resolve(workspace, extra);
      const rel = path.relative(workspace, abs);
      if ((!rel.startsWith('..') && !path.isAbsolute(rel)) || path.basename(abs) !== segments[1]) continue;
      // A configured file is its own boundary; a folder contains the files below it.
      return { boundary: abs, inner: segments.slice(2), prefix: `extra/${segments[1]}/` };
    }
  }
  return { boundary: workspace, inner: segments, prefix: '' };
}
