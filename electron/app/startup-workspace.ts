// The workspace the desktop app opens at start: the last one, else ~/.openclaw/workspace, else a
// private copy of the bundled sample — and the sample again if the last one cannot be opened now
// (an unplugged drive must not keep the app from starting).
import { type Log, logLine } from '../../shared/log-line.js';
import type { SettingsStore } from './settings-store.js';
import { chooseWorkspace, ensureSampleCopy } from './default-workspace.js';
import type { WorkspaceSession } from './workspace-session.js';

export async function openStartupWorkspace(
  session: WorkspaceSession,
  settings: SettingsStore,
  options: { dataDir: string; sampleSource: string | null; openclawHome?: string; log: Log },
): Promise<void> {
  const choice = await chooseWorkspace({
    lastWorkspace: settings.get().lastWorkspace,
    sampleSource: options.sampleSource,
    dataDir: options.dataDir,
    ...(options.openclawHome ? { openclawHome: options.openclawHome } : {}),
  });
  try {
    await session.open(choice.dir, { isSample: choice.isSample });
  } catch (error) {
    if (!options.sampleSource || choice.isSample) throw error;
    options.log(logLine('log:startupFallback', error, { dir: choice.dir }));
    await session.open(await ensureSampleCopy(options.sampleSource, options.dataDir), { isSample: true });
  }
  await settings.recordWorkspace(session.info().workspaceDir, { recent: false });
}
