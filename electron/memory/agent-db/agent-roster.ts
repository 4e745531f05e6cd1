// The agents OpenClaw knows about and where each one's workspace and database are, read from
// openclaw.json the way OpenClaw 2026.9.6 resolves them (docs/concepts/multi-agent.md):
// `agents.entries.<id>.workspace` (2026.9; `agents.list` before), else `agents.defaults.workspace`
// (`<it>/<id>` for the non-default agents), else `<state>/workspace` for the default agent and
// `<state>/workspace-<id>` for the others; the database is `<state>/agents/<id>/agent/`.
import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSON5 from 'json5';
import { agentEntries, normalizeAgentId } from '../workspace/openclaw-config.js';
import { AGENT_DB_FILE } from './agent-db-paths.js';

export interface RosterAgent {
  id: string;
  workspace: string;
  /** Where the workspace path came from. */
  workspaceFrom: 'config' | 'defaults' | 'convention';
  dbPath: string;
  isDefault: boolean;
  workspaceExists: boolean;
  dbExists: boolean;
}

export interface AgentRoster {
  stateDir: string;
  configPath: string | null;
  agents: RosterAgent[];
}

/** Hand-written configs are small; anything bigger is not read. */
const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

function expandHome(input: string, home: string): string {
  if (input === '~') return home;
  if (input.startsWith('~/') || input.startsWith('~\\')) return path.join(home, input.slice(2));
  return path.resolve(input);
}

function readConfig(file: string): Record<string, unknown> | null {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size > MAX_CONFIG_BYTES) return null;
    const parsed: unknown = JSON5.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The roster of the state folder `stateDir`. `~` in configured paths is the home folder whose
 * `.openclaw` the state folder is (so a copied state folder resolves its own paths).
 */
export function readAgentRoster(
  stateDir: string,
  homeDir: string = path.basename(stateDir) === '.openclaw' ? path.dirname(stateDir) : os.homedir(),
): AgentRoster {
  const configPath = path.join(stateDir, 'openclaw.json');
  const config = readConfig(configPath);
  const entries = agentEntries(config);
  const agentsBlock =
    config && typeof config.agents === 'object' && config.agents !== null
      ? (config.agents as Record<string, unknown>)
      : {};
  const defaults =
    typeof agentsBlock.defaults === 'object' && agentsBlock.defaults !== null
      ? (agentsBlock.defaults as Record<string, unknown>)
      : {};
  const defaultsWorkspace =
    typeof defaults.workspace === 'string' && defaults.workspace.trim()
      ? expandHome(defaults.workspace.trim(), homeDir)
      : null;
  const ids = entries.length > 0 ? [...new Set(entries.map((e) => normalizeAgentId(e.id)))] : ['main'];
  const marked = entries.find((e) => e.entry.default === true);
  const defaultId = marked ? normalizeAgentId(marked.id) : ids[0]!;
  const agents = ids.map((id): RosterAgent => {
    const entry = entries.find((e) => normalizeAgentId(e.id) === id)?.entry;
    const isDefault = id === defaultId;
    let workspace: string;
    let workspaceFrom: RosterAgent['workspaceFrom'];
    if (typeof entry?.workspace === 'string' && entry.workspace.trim()) {
      workspace = expandHome(entry.workspace.trim(), homeDir);
      workspaceFrom = 'config';
    } else if (defaultsWorkspace) {
      workspace = isDefault ? defaultsWorkspace : path.join(defaultsWorkspace, id);
      workspaceFrom = 'defaults';
    } else {
      workspace = path.join(stateDir, isDefault ? 'workspace' : `workspace-${id}`);
      workspaceFrom = 'convention';
    }
    const agentDir =
      typeof entry?.agentDir === 'string' && entry.agentDir.trim()
        ? expandHome(entry.agentDir.trim(), homeDir)
        : path.join(stateDir, 'agents', id, 'agent');
    const dbPath = path.join(agentDir, AGENT_DB_FILE);
    return {
      id,
      workspace,
      workspaceFrom,
      dbPath,
      isDefault,
      workspaceExists: statSync(workspace, { throwIfNoEntry: false })?.isDirectory() ?? false,
      dbExists: statSync(dbPath, { throwIfNoEntry: false })?.isFile() ?? false,
    };
  });
  return { stateDir, configPath: config ? configPath : null, agents };
}

/** The state folders a workspace may belong to: the one it sits in (`<state>/workspace*`), then OpenClaw's home. */
export function stateDirsFor(workspaceDir: string, openclawHome: string): string[] {
  const beside = path.dirname(path.resolve(workspaceDir));
  return [...new Set([beside, path.resolve(openclawHome)])];
}

/** Agents whose workspace is `workspaceDir`, per the first state folder whose config names it; null when none does. */
export function agentsOfWorkspace(workspaceDir: string, openclawHome: string): string[] | null {
  const target = path.resolve(workspaceDir);
  for (const stateDir of stateDirsFor(workspaceDir, openclawHome)) {
    const roster = readAgentRoster(stateDir);
    if (!roster.configPath) continue;
    const ids = roster.agents.filter((a) => path.resolve(a.workspace) === target).map((a) => a.id);
    if (ids.length > 0) return ids;
  }
  return null;
}

/**
 * Agent ids whose database belongs to this workspace: those openclaw.json gives this workspace;
 * else by OpenClaw's folder names (`workspace-<id>`); else every agent found beside it, as the
 * JSONL discovery does.
 */
export function agentIdsForWorkspace(workspaceDir: string, openclawHome: string): string[] | null {
  const configured = agentsOfWorkspace(workspaceDir, openclawHome);
  if (configured) return configured;
  const match = /^workspace-([a-z0-9][a-z0-9_-]{0,63})$/i.exec(path.basename(path.resolve(workspaceDir)));
  return match ? [match[1]!.toLowerCase()] : null;
}
