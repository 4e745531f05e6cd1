// Finds every file Memory Lens indexes: root memory files, memory/**/*.md, the
// four-layer folders, configured extra paths, and session transcripts from the workspace, from
// OpenClaw agents folders inside and beside it, and from each `--sessions DIR` (session-sources.ts).
// Symlinks are followed only while they stay inside the folder being walked.
import { statSync } from 'node:fs';
import type { Dirent, Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MemorySource } from '../../../shared/domain.js';
import type { AgentDbRef, AgentDbTranscript } from './agent-db-source.js';
import { isTempFileName } from '../files/atomic-write.js';
import { MAX_PATH_DEPTH } from '../files/path-limits.js';
import { ROOT_LAYER_DIRS, ROOT_MEMORY_FILES } from '../../../shared/memory-scope.js';
import { hasIgnoredFolder, isIgnoredPath, isMarkdownName, isSessionFileName } from './ignore-rules.js';
import type { WorkspaceScope } from './workspace-scope.js';
import {
  agentsFolders,
  listAgentSessionFolders,
  sessionDirName,
  sessionFolderFor,
  type DiscoverOptions,
} from './session-sources.js';

import { attachRecordedKinds } from './session-store-kinds.js';
import type { SessionKind } from '../../../shared/session-kind.js';
export { isIgnoredPath } from './ignore-rules.js';

export type { DiscoverOptions };

export interface DiscoveredFile {
  /** Workspace-relative, or virtual `sessions/<agent>/<file>` / `extra/<name>/<file>`. */
  path: string;
  absPath: string;
  source: MemorySource;
  size: number;
  mtimeMs: number;
  /** Agent id (or session folder name) for sessions found outside the workspace. */
  agentId?: string;
  /** Set for a transcript read from an agent database; absPath is then the database file. */
  agentDb?: AgentDbRef;
  /** A legacy transcript's kind as its folder's sessions.json records it (session-store-kinds.ts). */
  recordedKind?: SessionKind;
}

export interface WatchRoot {
  dir: string;
  /** Walk sub-folders (Markdown trees) or only the folder itself (session folders). */
  recursive: boolean;
  source: MemorySource | 'workspace';
  /** Prefix of the virtual paths of files under `dir` ('' for the workspace itself). */
  virtualPrefix: string;
  agentId?: string;
}

/** Folders the watcher should watch, with the virtual-path prefix of their files. */
export function watchRoots(opts: DiscoverOptions): WatchRoot[] {
  const workspace = path.resolve(opts.workspaceDir);
  const roots: WatchRoot[] = [{ dir: workspace, recursive: true, source: 'workspace', virtualPrefix: '' }];
  for (const folder of agentsFolders(opts)) {
    roots.push({ dir: folder.dir, recursive: true, source: 'sessions', virtualPrefix: 'sessions/' });
  }
  for (const dir of opts.sessionDirs ?? []) {
    const name = sessionDirName(dir);
    roots.push({
      dir: path.resolve(workspace, dir),
      recursive: false,
      source: 'sessions',
      virtualPrefix: `sessions/${name}/`,
      agentId: name,
    });
  }
  for (const extra of opts.extraPaths ?? []) {
    const abs = path.resolve(workspace, extra);
    if (isLexicallyInside(workspace, abs)) continue;
    roots.push({ dir: abs, recursive: true, source: 'memory', virtualPrefix: `extra/${path.basename(abs)}/` });
  }
  return roots;
}

/**
 * Virtual or workspace-relative path → absolute path, or null when it maps nowhere. Lexical but
 * for one stat per agents folder (which folder has an agent); callers that open the file still
 * resolve it with realpath containment.
 */
export function resolveVirtualPath(opts: DiscoverOptions, virtualPath: string): string | null {
  const segments = virtualPath
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.');
  if (segments.length === 0 || segments.includes('..') || virtualPath.includes('\0') || path.isAbsolute(virtualPath))
    return null;
  const workspace = path.resolve(opts.workspaceDir);
  if (segments[0] === 'sessions' && segments.length === 3) {
    const [, name, file] = segments as [string, string, string];
    const folder = sessionFolderFor(opts, name);
    if (folder) return path.join(folder, file);
  }
  if (segments[0] === 'extra' && segments.length >= 2) {
    for (const extra of opts.extraPaths ?? []) {
      const abs = path.resolve(workspace, extra);
      if (isLexicallyInside(workspace, abs) || path.basename(abs) !== segments[1]) continue;
      // A configured file maps to itself; a folder maps to a file inside it.
      return segments.length === 2 ? abs : path.join(abs, ...segments.slice(2));
    }
  }
  return path.join(workspace, ...segments);
}

/** What a walk noticed besides memory files. */
export interface DiscoverySink {
  /** Absolute paths of temp files of interrupted saves (files/atomic-write.ts), for clean-up. */
  tempFiles: string[];
}

export async function discoverFiles(scope: WorkspaceScope, sink?: DiscoverySink): Promise<DiscoveredFile[]> {
  const opts = scope.where;
  const root = await fs.realpath(opts.workspaceDir);
  // Where a symlink really leads must be memory by the same rules as a path asked for.
  const accepts: RealPathCheck = (realPath) => scope.refusal(realPath, 'index') === null;
  const candidates: Candidate[] = [];
  const add = (files: FoundFile[], source: MemorySource, relPrefix = '', agentId?: string): void => {
    for (const file of files) candidates.push({ rel: relPrefix + file.rel, real: file.real, source, agentId });
  };

  // One listing of the root serves the root files and the layer folders. It also keeps the names
  // as listed on disk: a case-insensitive file system would otherwise report MEMORY.md for memory.md.
  const rootEntries = new Map((await readDirSafe(root)).map((entry) => [entry.name, entry]));
  if (sink)
    for (const [name, entry] of rootEntries)
      if (entry.isFile() && isTempFileName(name)) sink.tempFiles.push(joinName(root, name));
  for (const name of ROOT_MEMORY_FILES) {
    const entry = rootEntries.get(name);
    if (!entry) continue;
    const abs = joinName(root, name);
    const real = entry.isSymbolicLink() ? await realInside(root, abs) : abs;
    if (real && (real === abs || accepts(relativeTo(root, real)))) add([{ rel: name, real }], 'memory');
  }
  for (const dir of ROOT_LAYER_DIRS) {
    const entry = rootEntries.get(dir);
    if (!entry || (!entry.isDirectory() && !entry.isSymbolicLink())) continue;
    const abs = joinName(root, dir);
    add(
      await walkMarkdown({ dir: root, prefix: '', accepts }, abs, dir, entry.isSymbolicLink() ? undefined : abs, sink),
      'memory',
    );
  }
  for (const extra of opts.extraPaths ?? []) add(await discoverExtraPath(root, extra, accepts), 'memory');

  add(await listSessionFiles({ dir: root, prefix: '', accepts }, path.join(root, 'sessions')), 'sessions', 'sessions/');
  // --sessions folders, then agents inside and beside the workspace; each agent id once.
  for (const source of await listAgentSessionFolders(opts)) {
    if (!source.included) continue;
    add(
      await listSessionFiles({ dir: source.dir, prefix: `sessions/${source.agentId}/`, accepts }, source.dir),
      'sessions',
      `sessions/${source.agentId}/`,
      source.agentId,
    );
  }
  const found = await statCandidates(candidates);
  await attachRecordedKinds(found);
  const databases = scope.agentDatabases;
  if (!databases) return found;
  // A session in an agent database and as a legacy JSONL file is listed once: the database's is live.
  databases.refresh();
  const fromDatabases = databases.files();
  const inDatabases = new Set(fromDatabases.map((f) => f.path));
  return [...found.filter((f) => !inDatabases.has(f.path)), ...fromDatabases.map(agentDbDiscovered)];
}

/**
 * Discovery's order over (virtual) paths: root files, then the layer folders, then extra paths,
 * then transcripts, each folder walked in name order. A file reached by several names is listed
 * under the first; a single-path reindex keeps the same name by asking this order.
 */
export function compareDiscoveryOrder(scope: WorkspaceScope, a: string, b: string): number {
  const rank = (rel: string): number => {
    const parts = rel.split('/');
    if (parts.length === 1 && ROOT_MEMORY_FILES.includes(rel)) return ROOT_MEMORY_FILES.indexOf(rel);
    if (parts.length > 1 && ROOT_LAYER_DIRS.includes(parts[0]!)) return 10 + ROOT_LAYER_DIRS.indexOf(parts[0]!);
    const extra = scope.extraPrefixes.findIndex((prefix) => rel === prefix || rel.startsWith(`${prefix}/`));
    return extra >= 0 ? 100 + extra : 1_000_000;
  };
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return x.length - y.length;
}

export function agentDbDiscovered(file: AgentDbTranscript): DiscoveredFile {
  return {
    path: file.path,
    absPath: file.agentDb.dbPath,
    source: 'sessions',
    size: file.size,
    mtimeMs: file.mtimeMs,
    agentId: file.agentId,
    agentDb: file.agentDb,
  };
}

interface FoundFile {
  /** Workspace-relative path (or, for session folders, the file name). */
  rel: string;
  /**
   * Resolved path, contained. For an entry that is not a symlink, listed in a resolved folder, it
   * is the folder's path plus the name: no realpath per file, only per symlink.
   */
  real: string;
}

interface Candidate {
  rel: string;
  real: string;
  source: MemorySource;
  agentId: string | undefined;
}

/** Longest run of synchronous stats before yielding: the engine may share its thread with IPC. */
const STAT_SLICE_MS = 10;

/**
 * Candidates → discovered files: listed once per real file (the first path wins), stat'ed for
 * size and mtime. The stats are synchronous, in time slices: a local stat costs a few µs of CPU,
 * fs.promises.stat ~25 µs (promise, thread-pool hop), which made up most of a no-op resync.
 */
async function statCandidates(candidates: Candidate[]): Promise<DiscoveredFile[]> {
  const found: DiscoveredFile[] = [];
  const seen = new Set<string>();
  let sliceStart = performance.now();
  for (let i = 0; i < candidates.length; i++) {
    if (i % 64 === 63 && performance.now() - sliceStart > STAT_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
    const candidate = candidates[i]!;
    const { real } = candidate;
    if (seen.has(real)) continue;
    const stat = statOrNull(real);
    if (!stat?.isFile()) continue;
    seen.add(real);
    const file: DiscoveredFile = {
      path: candidate.rel,
      absPath: real,
      source: candidate.source,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
    };
    if (candidate.agentId !== undefined) file.agentId = candidate.agentId;
    found.push(file);
  }
  return found;
}

function statOrNull(absPath: string): Stats | null {
  try {
    return statSync(absPath, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null; // EACCES, ELOOP, ENOTDIR: not a file we can index
  }
}

async function readDirSafe(dir: string): Promise<Dirent[]> {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** `dir` + separator + `name` for a resolved folder and a bare entry name (path.join without normalising). */
function joinName(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

function isLexicallyInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Realpath of `abs` if it stays inside `boundary`, else null (symlink escapes, missing files). */
async function realInside(boundary: string, abs: string): Promise<string | null> {
  const real = await fs.realpath(abs).catch(() => null);
  return real && isLexicallyInside(boundary, real) ? real : null;
}

/** Whether a real location, as a path of its boundary's kind (`prefix` + relative path), is memory. */
type RealPathCheck = (realPath: string) => boolean;

/** The folder a walk must stay inside, the path prefix of its files, and the rule for where links lead. */
interface Boundary {
  dir: string;
  prefix: string;
  accepts: RealPathCheck;
}

function relativeTo(dir: string, real: string): string {
  return path.relative(dir, real).split(path.sep).join('/');
}

/**
 * Markdown files under `dir` (recursively); symlinks only while they stay inside the boundary and
 * lead to memory by their real location (the boundary's rule), each real folder once (a symlink
 * loop ends where it began), and no deeper than MAX_PATH_DEPTH. `knownReal` is `dir`'s resolved
 * path when the caller already knows it (a plain sub-folder of a resolved folder), which saves a
 * realpath per folder. Folders are walked one after another, in name order, so which path of a
 * folder reachable twice (through a symlink) is listed is stable.
 */
async function walkMarkdown(
  bound: Boundary,
  dir: string,
  relDir: string,
  knownReal?: string,
  sink?: DiscoverySink,
): Promise<FoundFile[]> {
  if (hasIgnoredFolder(relDir)) return [];
  const boundary = bound.dir;
  const out: FoundFile[] = [];
  const visited = new Set<string>();
  // `linked`: this folder was reached through a symlink, so its files' real paths differ from their names.
  const walk = async (
    folder: string,
    rel: string,
    real: string | undefined,
    depth: number,
    linked: boolean,
  ): Promise<void> => {
    const realDir = real ?? (await realInside(boundary, folder));
    if (!realDir || visited.has(realDir)) return;
    // A link into a hidden or vendored folder (`.git`, node_modules) leads to nothing that is memory.
    if (linked && hasIgnoredFolder(bound.prefix + relativeTo(boundary, realDir))) return;
    visited.add(realDir);
    const entries = await readDirSafe(realDir);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // Entries of this folder sit `depth + 1` segments below the walk's root path.
    const canDescend = depth + 1 < MAX_PATH_DEPTH;
    for (const entry of entries) {
      // The folders above were checked on the way down: only this entry's name is new.
      if (isIgnoredPath(entry.name)) {
        if (sink && entry.isFile() && isTempFileName(entry.name)) sink.tempFiles.push(joinName(realDir, entry.name));
        continue;
      }
      const entryRel = `${rel}/${entry.name}`;
      const abs = joinName(realDir, entry.name);
      if (entry.isSymbolicLink()) {
        const target = await realInside(boundary, abs);
        if (!target) continue;
        const stat = statOrNull(target);
        if (stat?.isDirectory()) {
          if (canDescend) await walk(abs, entryRel, target, depth + 1, true);
        } else if (
          stat?.isFile() &&
          isMarkdownName(entry.name) &&
          bound.accepts(bound.prefix + relativeTo(boundary, target))
        ) {
          out.push({ rel: entryRel, real: target });
        }
      } else if (entry.isDirectory()) {
        if (canDescend) await walk(abs, entryRel, abs, depth + 1, linked);
      } else if (
        entry.isFile() &&
        isMarkdownName(entry.name) &&
        (!linked || bound.accepts(bound.prefix + relativeTo(boundary, abs)))
      ) {
        out.push({ rel: entryRel, real: abs });
      }
    }
  };
  await walk(dir, relDir, knownReal, relDir.split('/').length, knownReal === undefined);
  return out;
}

/** Session transcripts directly in `dir` (not recursive), contained in the boundary. */
async function listSessionFiles(bound: Boundary, dir: string): Promise<FoundFile[]> {
  const realBoundary = await fs.realpath(bound.dir).catch(() => null);
  if (!realBoundary) return [];
  const realDir = await realInside(realBoundary, dir);
  if (!realDir) return [];
  const out: FoundFile[] = [];
  const entries = await readDirSafe(realDir);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (!isSessionFileName(entry.name)) continue;
    const abs = joinName(realDir, entry.name);
    const real = entry.isSymbolicLink() ? await realInside(realBoundary, abs) : abs;
    if (real && (real === abs || bound.accepts(bound.prefix + relativeTo(realBoundary, real))))
      out.push({ rel: entry.name, real });
  }
  return out;
}

/** A configured extra path: a .md file or a folder of them; may lie outside the workspace by the user's choice. */
async function discoverExtraPath(root: string, extra: string, accepts: RealPathCheck): Promise<FoundFile[]> {
  const abs = path.resolve(root, extra);
  const real = await fs.realpath(abs).catch(() => null);
  if (!real) return [];
  const inside = isLexicallyInside(root, real);
  const relBase = inside ? path.relative(root, real).split(path.sep).join('/') : `extra/${path.basename(abs)}`;
  const stat = statOrNull(real);
  if (!stat) return [];
  if (stat.isFile()) return isMarkdownName(path.basename(real)) ? [{ rel: relBase || path.basename(real), real }] : [];
  if (!stat.isDirectory()) return [];
  // Inside the workspace the workspace is the boundary; outside, the configured folder itself is.
  const bound: Boundary = inside ? { dir: root, prefix: '', accepts } : { dir: real, prefix: `${relBase}/`, accepts };
  return walkMarkdown(bound, real, relBase, real);
}
