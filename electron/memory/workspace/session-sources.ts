// Where a workspace's transcripts live. OpenClaw keeps them per agent in a state folder:
// `~/.openclaw/{workspace, agents/<id>/sessions}` — so for an opened folder we look in its own
// `sessions/`, in `agents/<id>/sessions` and `.openclaw/agents/<id>/sessions` under it (people
// copy or sync the whole state folder), and in `agents/<id>/sessions` beside it. `--sessions DIR`
// folders come first. One agent id is served by the first folder that has it; a later folder with
// the same id is listed as a duplicate, never merged (their files would share virtual paths).
import { existsSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SessionSource, SessionSourceLocation } from '../../../shared/domain.js';
import { isSessionFileName } from './ignore-rules.js';

/** The part of DiscoverOptions (discover.ts) that decides where transcripts come from. */
export interface SessionSourceOptions {
  workspaceDir: string;
  sessionDirs?: string[];
  /** Default `~/.openclaw`. */
  openclawHome?: string;
  /** Agent ids whose transcripts are left out (settings.sessions.excludedAgents). */
  excludedAgents?: string[];
  /**
   * The agents this workspace belongs to (agent-db/agent-roster.ts agentIdsForWorkspace): other
   * agents' transcripts beside it are left out. Absent: every agent found.
   */
  agentScope?: string[];
}

/** Where a workspace's files are: where transcripts come from, plus the extra Markdown folders (WorkspaceScope.where). */
export interface DiscoverOptions extends SessionSourceOptions {
  extraPaths?: string[];
}

/** A folder holding `<agent id>/sessions/` folders. */
export interface AgentsFolder {
  dir: string;
  location: Extract<SessionSourceLocation, 'agents' | 'hidden-agents' | 'beside'>;
}

export function defaultOpenclawHome(): string {
  return path.join(os.homedir(), '.openclaw');
}

/** True when the workspace is `<openclawHome>/workspace` (compared lexically, so it stays synchronous). */
export function isOpenclawWorkspace(opts: SessionSourceOptions): boolean {
  const home = opts.openclawHome ?? defaultOpenclawHome();
  return path.resolve(opts.workspaceDir) === path.resolve(home, 'workspace');
}

/** Name used in `sessions/<name>/…` for a session folder: its agent id for `agents/<id>/sessions`. */
export function sessionDirName(dir: string): string {
  const resolved = path.resolve(dir);
  const base = path.basename(resolved);
  return base === 'sessions' ? path.basename(path.dirname(resolved)) : base;
}

/** The agents folders to look in, most specific first, each once. Lexical: they may not exist. */
export function agentsFolders(opts: SessionSourceOptions): AgentsFolder[] {
  const workspace = path.resolve(opts.workspaceDir);
  const candidates: AgentsFolder[] = [
    { dir: path.join(workspace, 'agents'), location: 'agents' },
    { dir: path.join(workspace, '.openclaw', 'agents'), location: 'hidden-agents' },
    { dir: path.join(path.dirname(workspace), 'agents'), location: 'beside' },
  ];
  // A workspace elsewhere that OpenClaw was pointed at still reads its home's agents.
  if (isOpenclawWorkspace(opts))
    candidates.push({
      dir: path.join(path.resolve(opts.openclawHome ?? defaultOpenclawHome()), 'agents'),
      location: 'beside',
    });
  const seen = new Set<string>();
  return candidates.filter((c) => c.dir !== workspace && !seen.has(c.dir) && (seen.add(c.dir), true));
}

export function isExcludedAgent(opts: SessionSourceOptions, agentId: string): boolean {
  return (opts.excludedAgents ?? []).includes(agentId) || isOtherAgent(opts, agentId);
}

function isOtherAgent(opts: SessionSourceOptions, agentId: string): boolean {
  return opts.agentScope !== undefined && !opts.agentScope.includes(agentId);
}

/**
 * The folder serving virtual paths `sessions/<name>/…`: a `--sessions` folder of that name, else
 * the first agents folder that has `<name>/sessions`. One small stat per agents folder, so every
 * caller (discovery, the watcher, file reads) agrees on which folder an agent id means.
 */
export function sessionFolderFor(opts: SessionSourceOptions, name: string): string | null {
  const workspace = path.resolve(opts.workspaceDir);
  for (const dir of opts.sessionDirs ?? []) {
    if (sessionDirName(dir) === name) return path.resolve(workspace, dir);
  }
  for (const folder of agentsFolders(opts)) {
    const candidate = path.join(folder.dir, name, 'sessions');
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every folder of transcripts outside the workspace's own sessions/, included or not, in priority order. */
export async function listAgentSessionFolders(
  opts: SessionSourceOptions,
): Promise<(SessionSource & { agentId: string })[]> {
  const workspace = path.resolve(opts.workspaceDir);
  const out: (SessionSource & { agentId: string })[] = [];
  const taken = new Set<string>();
  const add = async (dir: string, agentId: string, location: SessionSourceLocation) => {
    const files = await countSessionFiles(dir);
    const source: SessionSource & { agentId: string } = { agentId, location, dir, files, included: true };
    if (taken.has(agentId)) Object.assign(source, { included: false, excludedBecause: 'duplicate-agent' });
    else if (isOtherAgent(opts, agentId)) Object.assign(source, { included: false, excludedBecause: 'other-agent' });
    else if (isExcludedAgent(opts, agentId)) Object.assign(source, { included: false, excludedBecause: 'settings' });
    taken.add(agentId);
    out.push(source);
  };
  for (const dir of opts.sessionDirs ?? []) await add(path.resolve(workspace, dir), sessionDirName(dir), 'option');
  for (const folder of agentsFolders(opts)) {
    for (const agent of await readDirSafe(folder.dir)) {
      if (!agent.isDirectory() || agent.name.startsWith('.')) continue;
      const sessions = path.join(folder.dir, agent.name, 'sessions');
      if (!existsSync(sessions)) continue;
      await add(sessions, agent.name, folder.location);
    }
  }
  return out;
}

/** What the UI lists: the workspace's own sessions/ folder (when it exists) and every agent folder. */
export async function listSessionSources(opts: SessionSourceOptions): Promise<SessionSource[]> {
  const own = path.join(path.resolve(opts.workspaceDir), 'sessions');
  const sources: SessionSource[] = [];
  if (existsSync(own))
    sources.push({
      agentId: null,
      location: 'workspace',
      dir: own,
      files: await countSessionFiles(own),
      included: true,
    });
  return [...sources, ...(await listAgentSessionFolders(opts))];
}

async function countSessionFiles(dir: string): Promise<number> {
  return (await readDirSafe(dir)).filter((entry) => !entry.isDirectory() && isSessionFileName(entry.name)).length;
}

async function readDirSafe(dir: string): Promise<Dirent[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return [];
  }
}
