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
  showFolderDialog: () => Promise<string | null>;
  /** The private sample copy, so reopening it keeps its "sample" label. */
  sampleDir: string;
}

export function createWorkspaceOpener(deps: WorkspaceOpenerDeps): (requested: string | null) => Promise<{ opened: boolean; workspace: WorkspaceInfo }> {
  return async (requested) => {
    let dir: string;
    if (requested === null) {
      const chosen = await deps.showFolderDialog();
      if (!chosen) return { opened: false, workspace: deps.session.info() };
      dir = chosen;
    } else {
      if (!deps.settings.get().recentWorkspaces.includes(requested)) {
        throw new MemoryLensError('NOT_ALLOWED', 'Only a workspace chosen before with "Open workspace…" can be reopened by path.');
      }
      dir = requested;
    }
    const workspace = await deps.session.open(dir, { isSample: dir === deps.sampleDir });
    await deps.settings.recordWorkspace(workspace.workspaceDir, { recent: !workspace.isSample });
    return { opened: true, workspace };
  };
}
