// Finds every file Memory Lens indexes (DESIGN §1): root memory files, memory/**/*.md, the
// four-layer folders, configured extra paths, and session transcripts from the workspace, from
// OpenClaw's agents folder (for an OpenClaw workspace) and from each `--sessions DIR`.
// Symlinks are followed only while they stay inside the folder being walked.
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MemorySource } from '../../../shared/domain.js';
import { isIgnoredPath, isMarkdownName, isSessionFileName } from './ignore-rules.js';

export { isIgnoredPath } from './ignore-rules.js';

export interface DiscoverOptions {
  workspaceDir: string;
  sessionDirs?: string[];
  extraPaths?: string[];
  /** Default `~/.openclaw`. */
  openclawHome?: string;
}

export interface DiscoveredFile {
  /** Workspace-relative, or virtual `sessions/<agent>/<file>` / `extra/<name>/<file>`. */
  path: string;
  absPath: string;
  source: MemorySource;
  size: number;
  mtimeMs: number;
  /** Agent id (or session folder name) for sessions found outside the workspace. */
  agentId?: string;
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

const ROOT_MEMORY_FILES = ['MEMORY.md', 'memory.md', 'USER.md'];
/** Seed 001's layer folders, also recognised at the root of a workspace that is itself a memory folder. */
const ROOT_LAYER_DIRS = ['memory', 'conversations', 'facts', 'tasks', 'summaries'];

export function defaultOpenclawHome(): string {
  return path.join(os.homedir(), '.openclaw');
}

/** True when the workspace is `<openclawHome>/workspace` (compared lexically, so it stays synchronous). */
export function isOpenclawWorkspace(opts: DiscoverOptions): boolean {
  const home = opts.openclawHome ?? defaultOpenclawHome();
  return path.resolve(opts.workspaceDir) === path.resolve(home, 'workspace');
}

/** Name used in `sessions/<name>/…` for a session folder: its agent id for `agents/<id>/sessions`. */
export function sessionDirName(dir: string): string {
  const resolved = path.resolve(dir);
  const base = path.basename(resolved);
  return base === 'sessions' ? path.basename(path.dirname(resolved)) : base;
}

/**
 * Whether a workspace-relative path (forward slashes) is one discovery would list, by name alone:
 * lets the watcher drop events for README.md, images, lock files and the like without a rescan.
 * Extra paths are matched by prefix; symlink containment is still checked by discovery.
 */
export function isCandidatePath(relPath: string, extraPaths: string[] = []): boolean {
  if (isIgnoredPath(relPath)) return false;
  const segments = relPath.split('/');
  const base = segments[segments.length - 1] ?? '';
  if (segments.length === 1) return ROOT_MEMORY_FILES.includes(base) || extraPaths.some((e) => e.replace(/^\.\//, '') === relPath);
  if (segments[0] === 'sessions') return segments.length === 2 && isSessionFileName(base);
  if (!isMarkdownName(base)) return false;
  if (ROOT_LAYER_DIRS.includes(segments[0]!)) return true;
  return extraPaths.some((extra) => {
    const clean = extra.replace(/^\.\//, '').replace(/\/+$/, '');
    return !path.isAbsolute(clean) && (relPath === clean || relPath.startsWith(`${clean}/`));
  });
}

/** Folders the watcher should watch, with the virtual-path prefix of their files. */
export function watchRoots(opts: DiscoverOptions): WatchRoot[] {
  const workspace = path.resolve(opts.workspaceDir);
  const roots: WatchRoot[] = [{ dir: workspace, recursive: true, source: 'workspace', virtualPrefix: '' }];
  if (isOpenclawWorkspace(opts)) {
    const agentsDir = path.join(path.resolve(opts.openclawHome ?? defaultOpenclawHome()), 'agents');
    roots.push({ dir: agentsDir, recursive: true, source: 'sessions', virtualPrefix: 'sessions/' });
  }
  for (const dir of opts.sessionDirs ?? []) {
    const name = sessionDirName(dir);
    roots.push({ dir: path.resolve(workspace, dir), recursive: false, source: 'sessions', virtualPrefix: `sessions/${name}/`, agentId: name });
  }
  for (const extra of opts.extraPaths ?? []) {
    const abs = path.resolve(workspace, extra);
    if (isLexicallyInside(workspace, abs)) continue;
    roots.push({ dir: abs, recursive: true, source: 'memory', virtualPrefix: `extra/${path.basename(abs)}/` });
  }
  return roots;
}

/**
 * Virtual or workspace-relative path → absolute path, or null when it maps nowhere. Lexical only
 * (no I/O): callers that open the file still resolve it with realpath containment.
 */
export function resolveVirtualPath(opts: DiscoverOptions, virtualPath: string): string | null {
  const segments = virtualPath.replace(/\\/g, '/').split('/').filter((s) => s !== '' && s !== '.');
  if (segments.length === 0 || segments.includes('..') || virtualPath.includes('\0') || path.isAbsolute(virtualPath)) return null;
  const workspace = path.resolve(opts.workspaceDir);
  if (segments[0] === 'sessions' && segments.length === 3) {
    const [, name, file] = segments as [string, string, string];
    for (const dir of opts.sessionDirs ?? []) {
      if (sessionDirName(dir) === name) return path.join(path.resolve(workspace, dir), file);
    }
    if (isOpenclawWorkspace(opts)) {
      return path.join(path.resolve(opts.openclawHome ?? defaultOpenclawHome()), 'agents', name, 'sessions', file);
    }
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

export async function discoverFiles(opts: DiscoverOptions): Promise<DiscoveredFile[]> {
  const root = await fs.realpath(opts.workspaceDir);
  const found: DiscoveredFile[] = [];
  const seen = new Set<string>();
  const add = async (absPath: string, relPath: string, source: MemorySource, agentId?: string): Promise<void> => {
    const real = await fs.realpath(absPath).catch(() => null);
    if (!real || seen.has(real)) return;
    const stat = await fs.stat(real).catch(() => null);
    if (!stat?.isFile()) return;
    seen.add(real);
    const file: DiscoveredFile = { path: relPath, absPath: real, source, size: stat.size, mtimeMs: stat.mtimeMs };
    if (agentId !== undefined) file.agentId = agentId;
    found.push(file);
  };

  for (const name of ROOT_MEMORY_FILES) {
    const abs = path.join(root, name);
    // Case-insensitive file systems report MEMORY.md for memory.md: keep the name as listed on disk.
    if (await existsInside(root, abs, name)) await add(abs, name, 'memory');
  }
  for (const dir of ROOT_LAYER_DIRS) {
    for (const file of await walkMarkdown(root, path.join(root, dir), dir)) await add(file.abs, file.rel, 'memory');
  }
  for (const extra of opts.extraPaths ?? []) {
    for (const file of await discoverExtraPath(root, extra)) await add(file.abs, file.rel, 'memory');
  }

  for (const file of await listSessionFiles(root, path.join(root, 'sessions'))) await add(file, `sessions/${path.basename(file)}`, 'sessions');
  if (isOpenclawWorkspace(opts)) {
    const agentsDir = path.join(opts.openclawHome ?? defaultOpenclawHome(), 'agents');
    for (const agent of await readDirSafe(agentsDir)) {
      if (!agent.isDirectory() || agent.name.startsWith('.')) continue;
      const sessionsDir = path.join(agentsDir, agent.name, 'sessions');
      for (const file of await listSessionFiles(sessionsDir, sessionsDir)) {
        await add(file, `sessions/${agent.name}/${path.basename(file)}`, 'sessions', agent.name);
      }
    }
  }
  for (const dir of opts.sessionDirs ?? []) {
    const abs = path.resolve(root, dir);
    const name = sessionDirName(abs);
    for (const file of await listSessionFiles(abs, abs)) await add(file, `sessions/${name}/${path.basename(file)}`, 'sessions', name);
  }
  return found;
}

interface FoundFile {
  abs: string;
  rel: string;
}

async function readDirSafe(dir: string): Promise<Dirent[]> {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
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

async function existsInside(root: string, abs: string, name: string): Promise<boolean> {
  if (!(await realInside(root, abs))) return false;
  const names = await fs.readdir(root).catch(() => [] as string[]);
  return names.includes(name);
}

/** Markdown files under `dir` (recursively); symlinks only while they stay inside `boundary`. */
async function walkMarkdown(boundary: string, dir: string, relDir: string, visited = new Set<string>()): Promise<FoundFile[]> {
  const realDir = await realInside(boundary, dir);
  if (!realDir || visited.has(realDir)) return [];
  visited.add(realDir);
  const out: FoundFile[] = [];
  const entries = await readDirSafe(realDir);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const rel = `${relDir}/${entry.name}`;
    if (isIgnoredPath(rel)) continue;
    const abs = path.join(realDir, entry.name);
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      const real = await realInside(boundary, abs);
      if (!real) continue;
      const stat = await fs.stat(real).catch(() => null);
      isDir = stat?.isDirectory() ?? false;
      isFile = stat?.isFile() ?? false;
    }
    if (isDir) out.push(...(await walkMarkdown(boundary, abs, rel, visited)));
    else if (isFile && isMarkdownName(entry.name)) out.push({ abs, rel });
  }
  return out;
}

/** Session transcripts directly in `dir` (not recursive), contained in `boundary`. */
async function listSessionFiles(boundary: string, dir: string): Promise<string[]> {
  const realBoundary = await fs.realpath(boundary).catch(() => null);
  if (!realBoundary) return [];
  const realDir = await realInside(realBoundary, dir);
  if (!realDir) return [];
  const out: string[] = [];
  const entries = await readDirSafe(realDir);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (!isSessionFileName(entry.name)) continue;
    const abs = path.join(realDir, entry.name);
    if (entry.isSymbolicLink() && !(await realInside(realBoundary, abs))) continue;
    out.push(abs);
  }
  return out;
}

/** A configured extra path: a .md file or a folder of them; may lie outside the workspace by the user's choice. */
async function discoverExtraPath(root: string, extra: string): Promise<FoundFile[]> {
  const abs = path.resolve(root, extra);
  const real = await fs.realpath(abs).catch(() => null);
  if (!real) return [];
  const inside = isLexicallyInside(root, real);
  // Inside the workspace the workspace is the boundary; outside, the configured folder itself is.
  const boundary = inside ? root : (await fs.stat(real).catch(() => null))?.isDirectory() ? real : path.dirname(real);
  const relBase = inside ? path.relative(root, real).split(path.sep).join('/') : `extra/${path.basename(abs)}`;
  const stat = await fs.stat(real).catch(() => null);
  if (!stat) return [];
  if (stat.isFile()) return isMarkdownName(path.basename(real)) ? [{ abs: real, rel: relBase || path.basename(real) }] : [];
  if (!stat.isDirectory()) return [];
  return walkMarkdown(boundary, real, relBase);
}
