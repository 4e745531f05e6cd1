// The agents' workspaces the switcher offers, and the rule that lets openWorkspace open one of them
// by path: a path is accepted only if it is, at the time of the call, one this listing returns —
// an agent's workspace named by openclaw.json, or a `workspace-<id>` folder in the same state folder.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AgentWorkspace } from '../../shared/agent-db-schemas.js';
import { readAgentRoster, stateDirsFor } from '../memory/agent-db/agent-roster.js';
import { AGENT_DB_FILE } from '../memory/agent-db/agent-db-paths.js';

export function listAgentWorkspaces(currentWorkspace: string, openclawHome: string): AgentWorkspace[] {
  const current = path.resolve(currentWorkspace);
  const out: AgentWorkspace[] = [];
  const seen = new Set<string>();
  const add = (entry: Omit<AgentWorkspace, 'current'>) => {
    const key = path.resolve(entry.workspace);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ...entry, workspace: key, current: key === current });
  };
  for (const stateDir of stateDirsFor(currentWorkspace, openclawHome)) {
    const roster = readAgentRoster(stateDir);
    // A folder is an OpenClaw state folder when it has a config or an agents/ folder.
    if (!roster.configPath && !isDir(path.join(stateDir, 'agents'))) continue;
    for (const agent of roster.agents) {
      if (!agent.workspaceExists) continue;
      add({
        agentId: agent.id,
        workspace: agent.workspace,
        stateDir,
        from: agent.workspaceFrom,
        isDefault: agent.isDefault,
        hasDatabase: agent.dbExists,
      });
    }
    for (const name of safeList(stateDir)) {
      const match = /^workspace-([a-z0-9][a-z0-9_-]{0,63})$/i.exec(name);
      if (!match || !isDir(path.join(stateDir, name))) continue;
      const id = match[1]!.toLowerCase();
      add({
        agentId: id,
        workspace: path.join(stateDir, name),
        stateDir,
        from: 'found',
        isDefault: false,
        hasDatabase: isFile(path.join(stateDir, 'agents', id, 'agent', AGENT_DB_FILE)),
      });
    }
  }
  return out;
}

/** Whether openWorkspace may open `requested` by path: it must be one of the agents' workspaces listed now. */
export function isAgentWorkspace(requested: string, currentWorkspace: string, openclawHome: string): boolean {
  const wanted = path.resolve(requested);
  return listAgentWorkspaces(currentWorkspace, openclawHome).some((a) => a.workspace === wanted);
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

function isDir(p: string): boolean {
  return statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function isFile(p: string): boolean {
  return statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
}
