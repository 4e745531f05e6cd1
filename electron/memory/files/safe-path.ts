// Every path from outside (renderer, CLI, MCP, HTTP) is resolved inside the workspace with
// realpath + containment, or refused with a typed error.
import fs from 'node:fs/promises';
import path from 'node:path';
import { MemoryLensError } from '../../../shared/errors.js';
import { assertPathWithinLimits } from './path-limits.js';

/** Percent-decoded, forward-slash form of a relative path; throws for anything that could escape. */
export function normalizeRelPath(relPath: string): string {
  if (typeof relPath !== 'string' || relPath.trim() === '') throw new MemoryLensError('INVALID_ARGUMENT', 'A path is required.');
  let decoded = relPath;
  // Decode repeatedly so %252e%252e cannot hide a `..` behind two layers.
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(decoded); i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      throw new MemoryLensError('INVALID_ARGUMENT', `Path is not valid percent-encoding: ${relPath}`);
    }
  }
  if (decoded.includes('\0')) throw new MemoryLensError('OUT_OF_ROOT', 'Path contains a NUL character.');
  if (decoded.includes('\\')) throw new MemoryLensError('OUT_OF_ROOT', `Backslashes are not allowed in paths: ${relPath}`);
  if (path.posix.isAbsolute(decoded) || path.win32.isAbsolute(decoded) || /^[a-z]:/i.test(decoded)) {
    throw new MemoryLensError('OUT_OF_ROOT', `Absolute paths are not allowed: ${relPath}`);
  }
  const segments = decoded.split('/');
  if (segments.includes('..')) throw new MemoryLensError('OUT_OF_ROOT', `Path leaves the workspace: ${relPath}`);
  const clean = segments.filter((s) => s !== '' && s !== '.').join('/');
  if (clean === '') throw new MemoryLensError('INVALID_ARGUMENT', 'A path is required.');
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
  const root = await fs.realpath(workspaceDir);
  const target = path.join(root, ...clean.split('/'));
  if (!isInside(root, target)) throw new MemoryLensError('OUT_OF_ROOT', `Path leaves the workspace: ${relPath}`);
  // Walk up to the nearest existing ancestor (the target itself for existing files).
  let existing = target;
  let rest: string[] = [];
  for (;;) {
    try {
      const real = await fs.realpath(existing);
      if (!isInside(root, real)) throw new MemoryLensError('OUT_OF_ROOT', `Path resolves outside the workspace through a symlink: ${relPath}`);
      return rest.length === 0 ? real : path.join(real, ...rest);
    } catch (error) {
      if (error instanceof MemoryLensError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      // A dangling symlink must not be created through: refuse when the link itself exists.
      const link = await fs.lstat(existing).catch(() => null);
      if (link?.isSymbolicLink()) throw new MemoryLensError('OUT_OF_ROOT', `Path goes through a dangling symlink: ${relPath}`);
      if (existing === root) return target;
      rest = [path.basename(existing), ...rest];
      existing = path.dirname(existing);
    }
  }
}

const MEMORY_GET_ROOT_FILES = new Set(['MEMORY.md', 'memory.md', 'USER.md']);

/**
 * memory_get's rules: MEMORY.md, memory.md, USER.md, memory/**\/*.md and configured
 * extra paths (workspace-relative files or folders); `.md` only. Containment is checked separately
 * by resolveInWorkspace.
 */
export function assertMemoryGetPath(relPath: string, extraPaths: string[] = []): void {
  const clean = normalizeRelPath(relPath);
  if (!clean.toLowerCase().endsWith('.md')) {
    throw new MemoryLensError('NOT_ALLOWED', `memory_get reads Markdown memory files only (.md): ${relPath}`);
  }
  if (MEMORY_GET_ROOT_FILES.has(clean) || clean.startsWith('memory/')) return;
  for (const extra of extraPaths) {
    if (path.isAbsolute(extra)) continue;
    let extraClean: string;
    try {
      extraClean = normalizeRelPath(extra.replace(/\\/g, '/'));
    } catch {
      continue;
    }
    if (clean === extraClean || clean.startsWith(`${extraClean.replace(/\/$/, '')}/`)) return;
  }
  throw new MemoryLensError(
    'NOT_ALLOWED',
    `memory_get only reads MEMORY.md, memory.md, USER.md, memory/**/*.md and configured extra paths: ${relPath}`,
  );
}
