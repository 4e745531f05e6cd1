// Which workspace the window shows (its folder and whether it is the bundled sample): the header
// names it, and a switch to another folder resets what the window holds.
import type { StateCreator } from 'zustand';
import type { WorkspaceInfo } from '../../../shared/domain';

export interface WorkspaceSlice {
  workspace: { info: WorkspaceInfo | null };
  setWorkspaceInfo(info: WorkspaceInfo | null): void;
}

export const createWorkspaceSlice: StateCreator<WorkspaceSlice, [], [], WorkspaceSlice> = (set) => ({
  workspace: { info: null },
  setWorkspaceInfo: (info) => set({ workspace: { info } }),
});
