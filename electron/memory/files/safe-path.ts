// Every path from outside (renderer, CLI, MCP, HTTP) is resolved inside the workspace with
// realpath + containment, or refused with a typed error.
import fs from 'node:fs/promises';
import path from 'node:path';
import { MemoryLensError } from '../../../shared/errors.js';
import { assertPathWithinLimits } from './path-limits.js';

/** Percent-decoded, forward-slash form of a relative path; throws for anything that could escape. */
export function normalizeRelPath(relPath: string): string {
  if (typeof relPath !== 'string' || relPath.trim() === '')
    throw new MemoryLensError('INVALID_ARGUMENT', { messageId: 'errors:pathRequired' });
  let decoded = relPath;
  // Decode repeatedly so %252e%252e cannot hide a `..` behind two layers.
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(decoded); i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      throw new MemoryLensError('INVALID_ARGUMENT', {
        messageId: 'errors:badPercentEncoding',
        params: { path: relPath },
      });
    }
  }
  if (decoded.includes('\0')) throw new MemoryLensError('OUT_OF_ROOT', { messageId: 'errors:path.nul' });
  if (decoded.includes('\\'))
    throw new MemoryLensError('OUT_OF_ROOT', { messageId: 'errors:path.backslash', params: { path: relPath } });
  if (path.posix.isAbsolute(decoded) || path.win32.isAbsolute(decoded) || /^[a-z]:/i.test(decoded)) {
    throw new MemoryLensError('OUT_OF_ROOT', { messageId: 'errors:path.absolute', params: { path: relPath } });
  }
  const segments = decoded.split('/');
  if (segments.includes('..'))
    throw new MemoryLensError('OUT_OF_ROOT', { messageId: 'errors:path.leaves', params: { path: relPath } });
  const clean = segments.filter((s) => s !== '' && s !== '.').join('/');
  if (clean === '') throw new MemoryLensError('INVALID_ARGUMENT', { messageId: 'errors:pathRequired' });
  assertPathWithinLimits(clean);
  return clean;
}

function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Absolute path of `relPath` inside the workspace. Existing files (and, for new files, their
 * nearest existing ancestor) are realpath'd so a symlink cannot lead out of the workspace.
 */
export async function resolveInWorkspace(workspaceDir: string, relPath: string): Promise<string> {
  const clean = normalizeRelPath(relPath);
  return (await resolveInside(workspaceDir, clean.split('/'), clean)).real;
}

/**
 * The real path of `boundary/inner…`, which must stay inside `boundary` once resolved: the target
 * itself when it exists, else its nearest existing ancestor plus the rest. `shown` names the path
 * in errors. `exists` says whether the target itself was there; `root` is the resolved boundary.
 */
export async function resolveInside(
  boundary: string,
  inner: readonly string[],
  shown: string,
): Promise<{ real: string; exists: boolean; root: string }> {
  const root = await fs.realpath(boundary);
  const target = path.join(root, ...inner);
  if (!isInside(root, target))
    throw new MemoryLensError('OUT_OF_ROOT', { messageId: 'errors:path.leaves', params: { path: shown } });
  // Walk up to the nearest existing ancestor (the target itself for existing files).
  let existing = target;
  let rest: string[] = [];
  for (;;) {
    try {
      const real = await fs.realpath(existing);
      if (!isInside(root, real))
        throw new MemoryLensError('OUT_OF_ROOT', { messageId: 'errors:path.symlinkOutside', params: { path: shown } });
      return { real: rest.length === 0 ? real : path.join(real, ...rest), exists: rest.length === 0, root };
    } catch (error) {
      if (error instanceof MemoryLensError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      // A dangling symlink must not be created through: refuse when the link itself exists.
      const link = await fs.lstat(existing).catch(() => null);
      if (link?.isSymbolicLink())
        throw new MemoryLensError('OUT_OF_ROOT', { messageId: 'errors:path.danglingSymlink', params: { path: shown } });
      if (existing === root) return { real: target, exists: false, root };
      rest = [path.basename(existing), ...rest];
      existing = path.dirname(existing);
    }
  }
}
