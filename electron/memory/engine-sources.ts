// Where one workspace's memory comes from: its folder, the session folders and extra paths the
// options name, and OpenClaw's agent databases beside it (the agents whose workspace it is).
import { AgentDatabases } from './agent-db/agent-databases.js';
import { agentIdsForWorkspace } from './agent-db/agent-roster.js';
import type { EngineOptions } from './engine-types.js';
import type { DiscoverOptions } from './workspace/discover.js';
import { defaultOpenclawHome } from './workspace/session-sources.js';

export interface WorkspaceSources {
  discover: DiscoverOptions;
  /** OpenClaw's agent databases beside this workspace: their transcripts and the agent's own index. */
  agentDbs: AgentDatabases;
}

export function workspaceSources(options: EngineOptions, workspaceDir: string): WorkspaceSources {
  const discover: DiscoverOptions = {
    workspaceDir,
    sessionDirs: options.sessionDirs ?? [],
    extraPaths: options.extraPaths ?? [],
    excludedAgents: options.excludedAgents ?? [],
    ...(options.openclawHome ? { openclawHome: options.openclawHome } : {}),
  };
  const scope = agentIdsForWorkspace(workspaceDir, options.openclawHome ?? defaultOpenclawHome());
  if (scope) discover.agentScope = scope;
  const agentDbs = new AgentDatabases(discover, {
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    ...(options.agentDbOptions ?? {}),
  });
  discover.agentDatabases = agentDbs;
  return { discover, agentDbs };
}
