// OpenClaw's agents beside the open workspace: their workspaces (the switcher), and for the open
// one its agent databases — notices, sessions, and the agent's own index against the files.
import type { StateCreator } from 'zustand';
import type { AgentDatabasesReport, AgentIndexChunk, AgentWorkspace } from '../../../../../shared/agent-db-schemas';
import type { MemlensApi } from '../../../../../shared/contract';
import { shownError, type ShownMessage } from '../../../lib/error-message';
import { Latest, slicePatch } from '../../../lib/slice-state';

export type AgentsPort = Pick<MemlensApi, 'agentDatabases' | 'agentWorkspaces' | 'agentIndexChunks' | 'openWorkspace'>;

export interface AgentsSlice {
  agents: {
    report: AgentDatabasesReport | null;
    workspaces: AgentWorkspace[];
    error: ShownMessage | null;
    /** The agent's chunks of the file open in the editor (for the gutter). */
    chunks: { path: string; chunks: AgentIndexChunk[] } | null;
  };
  loadAgents(): Promise<void>;
  loadAgentChunks(path: string | null): Promise<void>;
  /** Opens another agent's workspace; the workspaceChanged event reloads the window's state. */
  switchAgentWorkspace(workspace: string): Promise<void>;
}

export const initialAgentsState: AgentsSlice['agents'] = { report: null, workspaces: [], error: null, chunks: null };

/** Files in the agent's index that do not match the files: what the stale-index banner counts. */
export function agentIndexBehind(
  report: AgentDatabasesReport | null,
): { stale: number; missing: number; extra: number } | null {
  if (!report) return null;
  const sum = { stale: 0, missing: 0, extra: 0 };
  for (const db of report.databases) {
    if (!db.index) continue;
    sum.stale += db.index.counts.stale;
    sum.missing += db.index.counts.missing;
    sum.extra += db.index.counts.extra;
  }
  return sum.stale + sum.missing + sum.extra > 0 ? sum : null;
}

export function createAgentsSlice(port: AgentsPort): StateCreator<AgentsSlice, [], [], AgentsSlice> {
  const reports = new Latest();
  const chunkLoads = new Latest();
  return (set, get) => {
    const patch = slicePatch(set, 'agents');
    return {
      agents: initialAgentsState,
      async loadAgents() {
        const mine = reports.next();
        try {
          const [report, listed] = await Promise.all([port.agentDatabases(), port.agentWorkspaces()]);
          if (reports.isCurrent(mine)) patch({ report, workspaces: listed.agents, error: null });
        } catch (error) {
          if (reports.isCurrent(mine)) patch({ error: shownError(error) });
        }
      },
      async loadAgentChunks(path) {
        const mine = chunkLoads.next();
        if (!path || !(get().agents.report?.databases.some((d) => d.index) ?? false)) {
          patch({ chunks: null });
          return;
        }
        try {
          const chunks = await port.agentIndexChunks({ path });
          if (chunkLoads.isCurrent(mine)) patch({ chunks: { path, chunks } });
        } catch {
          if (chunkLoads.isCurrent(mine)) patch({ chunks: null });
        }
      },
      async switchAgentWorkspace(workspace) {
        try {
          await port.openWorkspace({ path: workspace });
        } catch (error) {
          patch({ error: shownError(error) });
        }
      },
    };
  };
}
