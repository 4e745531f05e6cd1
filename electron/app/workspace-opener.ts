// openWorkspace for the desktop app. null asks the user with the OS folder dialog; a path is
// accepted only if the user chose it through that dialog before (settings.recentWorkspaces), so a
// compromised page cannot point the app at an arbitrary folder. No electron import: the dialog is
// injected.
import { MemoryLensError } from '../../shared/errors.js';
import type { WorkspaceInfo } from '../../shared/contract.js';
import type { SettingsStore } from './settings-store.js';
import type { WorkspaceSession } from './workspace-session.js';

export interface WorkspaceOpenerDeps {
  session: WorkspaceSession;
  settings: SettingsStore;
  /** Absent in serve mode: only agents' workspaces (and recent ones) can be opened there. */
  showFolderDialog?: () => Promise<string | null>;
  /** The private sample copy, so reopening it keeps its "sample" label. */
  sampleDir: string;
  /** Paths that may be opened without the dialog besides the recent ones (the agents' workspaces). */
  isAgentWorkspace?: (path: string) => boolean;
}

export function createWorkspaceOpener(
  deps: WorkspaceOpenerDeps,
): (requested: string | null) => Promise<{ opened: boolean; workspace: WorkspaceInfo }> {
  return async (requested) => {
    let dir: string;
    if (requested === null && !deps.showFolderDialog)
      throw new MemoryLensError('NOT_ALLOWED', { messageId: 'errors:workspace.noDialog' });
    if (requested === null) {
      const chosen = await deps.showFolderDialog!();
      if (!chosen) return { opened: false, workspace: deps.session.info() };
      dir = chosen;
    } else {
      // Recent folders were chosen in a dialog; serve mode (no dialog) offers the agents' workspaces only.
      const recent = deps.showFolderDialog !== undefined && deps.settings.get().recentWorkspaces.includes(requested);
      if (!recent && !deps.isAgentWorkspace?.(requested)) {
        throw new MemoryLensError('NOT_ALLOWED', { messageId: 'errors:workspace.notOffered' });
      }
      dir = requested;
    }
    const workspace = await deps.session.open(dir, { isSample: dir === deps.sampleDir });
    await deps.settings.recordWorkspace(workspace.workspaceDir, { recent: !workspace.isSample });
    return { opened: true, workspace };
  };
}
