// What agents did with the open file: how often each of its chunks was retrieved (search results
// and memory_get reads, counted by the MCP server), and, for a transcript, saving it as a memory
// file the way OpenClaw's session-memory hook would.
import type { StateCreator } from 'zustand';
import type { MemlensApi } from '../../../../../shared/contract';
import type { FileAccess, SavedSessionMemory } from '../../../../../shared/domain';
import { shownError, type ShownMessage } from '../../../lib/error-message';
import { Latest, slicePatch } from '../../../lib/slice-state';

export type AgentAccessPort = Pick<MemlensApi, 'fileAccess' | 'saveSessionMemory'>;

export interface AgentAccessSlice {
  agentAccess: {
    /** The file `access` describes (null before the first load). */
    path: string | null;
    access: FileAccess | null;
    error: ShownMessage | null;
    sessionSave: {
      /** The transcript being (or last) saved. */
      path: string | null;
      status: 'idle' | 'saving' | 'done' | 'error';
      saved: SavedSessionMemory | null;
      error: ShownMessage | null;
    };
  };
  loadFileAccess(path: string): Promise<void>;
  saveSessionAsMemory(path: string, messages?: number): Promise<SavedSessionMemory | null>;
}

export const initialAgentAccessState: AgentAccessSlice['agentAccess'] = {
  path: null,
  access: null,
  error: null,
  sessionSave: { path: null, status: 'idle', saved: null, error: null },
};

export function createAgentAccessSlice(
  port: AgentAccessPort,
): StateCreator<AgentAccessSlice, [], [], AgentAccessSlice> {
  const loads = new Latest();
  return (set) => {
    const patch = slicePatch(set, 'agentAccess');
    return {
      agentAccess: initialAgentAccessState,

      async loadFileAccess(path) {
        const mine = loads.next();
        try {
          const access = await port.fileAccess({ path });
          if (loads.isCurrent(mine)) patch({ path, access, error: null });
        } catch (error) {
          if (loads.isCurrent(mine)) patch({ path, access: null, error: shownError(error) });
        }
      },

      async saveSessionAsMemory(path, messages) {
        patch({ sessionSave: { path, status: 'saving', saved: null, error: null } });
        try {
          const saved = await port.saveSessionMemory(messages !== undefined ? { path, messages } : { path });
          patch({ sessionSave: { path, status: 'done', saved, error: null } });
          return saved;
        } catch (error) {
          patch({ sessionSave: { path, status: 'error', saved: null, error: shownError(error) } });
          return null;
        }
      },
    };
  };
}
