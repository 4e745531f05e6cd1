// Where one workspace's memory comes from: its folder, the session folders and extra paths the
// options name, and OpenClaw's agent databases beside it (the agents whose workspace it is) —
// gathered once into the workspace's one scope.
import { AgentDatabases } from './agent-db/agent-databases.js';
import { agentIdsForWorkspace } from './agent-db/agent-roster.js';
import type { EngineOptions } from './engine-types.js';
import { defaultOpenclawHome, type DiscoverOptions } from './workspace/session-sources.js';
import { WorkspaceScope } from './workspace/workspace-scope.js';

export interface WorkspaceSources {
  scope: WorkspaceScope;
  /** OpenClaw's agent databases beside this workspace: their transcripts and the agent's own index. */
  agentDbs: AgentDatabases;
}

export function workspaceSources(options: EngineOptions, workspaceDir: string): WorkspaceSources {
  const agentScope = agentIdsForWorkspace(workspaceDir, options.openclawHome ?? defaultOpenclawHome());
  const where: DiscoverOptions = {
    workspaceDir,
    sessionDirs: options.sessionDirs ?? [],
    extraPaths: options.extraPaths ?? [],
    excludedAgents: options.excludedAgents ?? [],
    ...(options.openclawHome ? { openclawHome: options.openclawHome } : {}),
    ...(agentScope ? { agentScope } : {}),
  };
  const agentDbs = new AgentDatabases(where, {
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    ...(options.agentDbOptions ?? {}),
  });
  return { scope: new WorkspaceScope(where, agentDbs), agentDbs };
}
