// Which paths are memory, by name and place: one set of rules for the scan, the
// watcher and every call that takes a path. A path from outside is checked twice with them: as
// asked for, and as where it really leads (memory-path.ts), so a symlink cannot turn `.env` into
// `memory/envlink.md`.
import path from 'node:path';
import { isBootstrapFileName } from '../../../shared/bootstrap-profiles.js';
import type { MemorySource } from '../../../shared/domain.js';
import { isIgnoredPath, isMarkdownName, isSessionFileName } from './ignore-rules.js';
import { isExcludedAgent, sessionFolderFor, type DiscoverOptions } from './session-sources.js';

/** Evergreen files at the workspace root. */
export const ROOT_MEMORY_FILES: readonly string[] = ['MEMORY.md', 'memory.md', 'USER.md'];
/** The four-layer folders (daily, conversations, summaries/weekly, summaries/monthly), also recognised at the root of a workspace that is itself a memory folder. */
export const ROOT_LAYER_DIRS: readonly string[] = ['memory', 'conversations', 'facts', 'tasks', 'summaries'];

/** What a path is wanted for; each use allows a little more or less than the next. */
export type PathUse =
  /** Scanned and watched into the index. */
  | 'index'
  /** Opened in the editor: memory, transcripts, bootstrap files. */
  | 'read'
  /** OpenClaw's memory_get: MEMORY.md, memory.md, USER.md, memory/**\/*.md, extra paths. */
  | 'get'
  /** Saved or created: Markdown memory files and bootstrap files. */
  | 'write'
  /** Renamed, deleted, checksum accepted: Markdown memory files. */
  | 'edit';

/** Why a path may not be used: the kind of refusal and what the use does allow, for the message. */
export interface PathRefusal {
  kind: 'hidden' | 'not-memory' | 'read-only' | 'not-markdown';
  allowed: string;
}

const ALLOWED: Record<PathUse, string> = {
  index: 'Memory Lens indexes memory files and session transcripts only',
  read: 'Memory Lens opens memory files, bootstrap files and session transcripts only',
  get: 'memory_get only reads MEMORY.md, memory.md, USER.md, memory/**/*.md and configured extra paths',
  write:
    'Only Markdown memory files can be written (MEMORY.md, memory.md, USER.md, memory/**/*.md and the layer folders; saving also reaches AGENTS.md, SOUL.md and the other bootstrap files)',
  edit: 'Only Markdown memory files can be renamed or deleted (MEMORY.md, memory.md, USER.md, memory/**/*.md and the layer folders)',
};

/** Why the clean (virtual or workspace-relative) path `rel` may not be used for `use`; null when it may. */
export function pathRefusal(opts: DiscoverOptions, rel: string, use: PathUse): PathRefusal | null {
  const refuse = (kind: PathRefusal['kind']): PathRefusal => ({
    kind,
    allowed:
      use === 'get' && kind === 'not-markdown' ? 'memory_get reads Markdown memory files only (.md)' : ALLOWED[use],
  });
  const source = indexableSource(opts, rel);
  if (source === null) {
    if ((use === 'read' || use === 'write') && isBootstrapFileName(rel)) return null;
    if (isIgnoredPath(rel)) return refuse('hidden');
    return refuse(
      use !== 'index' && use !== 'read' && !rel.toLowerCase().endsWith('.md') ? 'not-markdown' : 'not-memory',
    );
  }
  if (use === 'index' || use === 'read') return null;
  if (source === 'sessions') return refuse(use === 'get' ? 'not-memory' : 'read-only');
  if (!rel.toLowerCase().endsWith('.md')) return refuse('not-markdown');
  if (use === 'get') {
    const first = rel.split('/')[0]!;
    const isExtra = extraPrefixes(opts).some((prefix) => rel === prefix || rel.startsWith(`${prefix}/`));
    return ROOT_MEMORY_FILES.includes(rel) || first === 'memory' || isExtra ? null : refuse('not-memory');
  }
  // Extra paths outside the workspace are the user's to read, not the app's to write.
  return rel.startsWith('extra/') ? refuse('not-memory') : null;
}

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
  for (const prefix of extraPrefixes(opts)) if (relPath === prefix || relPath.startsWith(`${prefix}/`)) return 'memory';
  return null;
}

/** The path prefix of each configured extra path: workspace-relative inside it, `extra/<name>` outside. */
export function extraPrefixes(opts: DiscoverOptions): string[] {
  const workspace = path.resolve(opts.workspaceDir);
  return (opts.extraPaths ?? []).map((extra) => {
    const abs = path.resolve(workspace, extra);
    const inside = path.relative(workspace, abs);
    return inside.startsWith('..') || path.isAbsolute(inside)
      ? `extra/${path.basename(abs)}`
      : inside.split(path.sep).join('/');
  });
}
