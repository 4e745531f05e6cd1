// One workspace's scope, built once when the workspace opens: which paths are memory, by name and
// place, for every use (scan, watch, editor, memory_get, save, rename), which source each is
// indexed as, the extra paths, and the one sentence that says what a use allows. The name rules it
// shares with OpenClaw's own scope sit in shared/memory-scope.ts; this adds the places (extra
// paths, session folders, agent databases). A path from outside is checked twice with it: as asked
// for, and as where it really leads (memory-path.ts), so a symlink cannot turn `.env` into
// `memory/envlink.md`.
import path from 'node:path';
import { isBootstrapFileName } from '../../../shared/bootstrap-profiles.js';
import type { MemorySource } from '../../../shared/domain.js';
import {
  ALLOWED_PATHS,
  isOpenclawMemoryPath,
  type AllowedRule,
  ROOT_LAYER_DIRS,
  ROOT_MEMORY_FILES,
  type PathUse,
} from '../../../shared/memory-scope.js';
import type { AgentDbSource } from './agent-db-source.js';
import { isIgnoredPath, isMarkdownName, isSessionFileName } from './ignore-rules.js';
import { isExcludedAgent, sessionFolderFor, type DiscoverOptions } from './session-sources.js';

export type { PathUse };

/** Why a path may not be used: the kind of refusal and what the use does allow, for the message. */
export interface PathRefusal {
  kind: 'hidden' | 'not-memory' | 'read-only' | 'not-markdown';
  allowed: string;
  /** `allowed` by message id (`errors:scope.allowed.<rule>`); null when no sentence is named. */
  rule: AllowedRule | null;
}

export class WorkspaceScope {
  /** Where the files are: the workspace, session folders, extra paths, agents. Frozen. */
  readonly where: Readonly<DiscoverOptions>;
  /** The path prefix of each configured extra path: workspace-relative inside it, `extra/<name>` outside. */
  readonly extraPrefixes: readonly string[];

  /**
   * `agentDatabases`: OpenClaw's agent databases beside the workspace (agent-db/agent-databases.ts),
   * whose transcripts have virtual paths but no file; absent, only files on disk are in scope.
   */
  constructor(
    where: DiscoverOptions,
    readonly agentDatabases?: AgentDbSource,
  ) {
    this.where = Object.freeze({ ...where });
    this.extraPrefixes = extraPrefixesOf(where);
  }

  /** The sentence that says which paths `use` allows (refusals, tool descriptions, help). */
  allowed(use: PathUse): string {
    return ALLOWED_PATHS[use];
  }

  /** The source a (virtual) path is indexed as, or null when discovery would not pick it up. */
  sourceOf(relPath: string): MemorySource | null {
    const segments = relPath.split('/');
    const base = segments[segments.length - 1] ?? '';
    if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
    if (segments[0] === 'sessions') {
      if (!isSessionFileName(base)) return null;
      if (segments.length === 2) return 'sessions';
      if (segments.length !== 3) return null;
      const name = segments[1]!;
      if (isExcludedAgent(this.where, name)) return null;
      return sessionFolderFor(this.where, name) !== null || this.agentDatabases?.lookup(relPath) ? 'sessions' : null;
    }
    if (isIgnoredPath(relPath) || !isMarkdownName(base)) return null;
    if (segments.length === 1 && ROOT_MEMORY_FILES.includes(base)) return 'memory';
    if (segments.length > 1 && ROOT_LAYER_DIRS.includes(segments[0]!)) return 'memory';
    return this.isExtraPath(relPath) ? 'memory' : null;
  }

  /** Why the clean (virtual or workspace-relative) path `rel` may not be used for `use`; null when it may. */
  refusal(rel: string, use: PathUse): PathRefusal | null {
    const refuse = (kind: PathRefusal['kind']): PathRefusal => {
      const rule: AllowedRule = use === 'get' && kind === 'not-markdown' ? 'getMarkdown' : use;
      return {
        kind,
        allowed: rule === 'getMarkdown' ? 'memory_get reads Markdown memory files only (.md)' : ALLOWED_PATHS[rule],
        rule,
      };
    };
    const source = this.sourceOf(rel);
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
    if (use === 'get')
      return ROOT_MEMORY_FILES.includes(rel) || rel.split('/')[0] === 'memory' || this.isExtraPath(rel)
        ? null
        : refuse('not-memory');
    // Extra paths outside the workspace are the user's to read, not the app's to write.
    return rel.startsWith('extra/') ? refuse('not-memory') : null;
  }

  /** Whether a path lies in a configured extra path. */
  isExtraPath(relPath: string): boolean {
    return this.extraPrefixes.some((prefix) => relPath === prefix || relPath.startsWith(`${prefix}/`));
  }

  /**
   * Whether history keeps versions of this path: our memory files in the workspace (not
   * transcripts, not extra paths outside it) and the bootstrap files the agent reads at start.
   */
  keepsHistory(relPath: string): boolean {
    if (isBootstrapFileName(relPath)) return true;
    return this.sourceOf(relPath) === 'memory' && !relPath.startsWith('extra/');
  }

  /**
   * Whether the workspace's one watcher reports this path without indexing it: the bootstrap files,
   * whose versions history keeps though search never reads them.
   */
  watchedUnindexed(relPath: string): boolean {
    return this.keepsHistory(relPath) && this.sourceOf(relPath) === null;
  }

  /**
   * Whether OpenClaw 2026.9.6's own memory_search scans this path: its scope, not ours (no legacy
   * `memory.md`, no layer folders beyond memory/, no extra paths of ours).
   */
  openclawScans(relPath: string): boolean {
    return isOpenclawMemoryPath(relPath);
  }
}

function extraPrefixesOf(where: DiscoverOptions): string[] {
  const workspace = path.resolve(where.workspaceDir);
  return (where.extraPaths ?? []).map((extra) => {
    const abs = path.resolve(workspace, extra);
    const inside = path.relative(workspace, abs);
    return inside.startsWith('..') || path.isAbsolute(inside)
      ? `extra/${path.basename(abs)}`
      : inside.split(path.sep).join('/');
  });
}
