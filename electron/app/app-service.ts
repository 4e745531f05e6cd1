// The one app core both hosts run: serve mode (cli/commands/serve-command.ts) and the desktop
// app's engine host (engine-host/engine-host.ts). It composes the settings, the workspace session
// (engine + watcher + events) and the contract dispatcher, and reopens the engine when the model
// settings change. What differs between hosts is injected: how a workspace is opened (fixed, or
// the OS folder dialog), where deleted files go (app trash, or the OS trash).
import { type Log, logLine } from '../../shared/log-line.js';
import { isAgentWorkspace } from './agent-workspaces.js';
import { defaultOpenclawHome } from '../memory/workspace/session-sources.js';
import { messageOf } from '../../shared/errors.js';
import type { ApiDispatcher, WorkspaceInfo } from '../../shared/contract.js';
import type { EngineOptions } from '../memory/engine-types.js';
import { AgentActivityStore } from './agent/agent-activity-store.js';
import { createApiDispatcher } from './api-dispatcher.js';
import { sampleCopyDir } from './default-workspace.js';
import { DraftStore } from './draft-store.js';
import { engineOptionsFromSettings, type EngineOptionsContext } from './engine-options.js';
import { DoctorService } from './doctor/doctor-service.js';
import { SearchGate } from './search-gate.js';
import { HistoryService } from './history/history-service.js';
import { createSecretPurge } from './secret-purge.js';
import { JudgmentStore } from './judgment-store.js';
import { buildModelCatalog } from './model-catalog.js';
import { createModelProgressReporter } from './model-progress.js';
import { openEngine } from './open-engine.js';
import { createOsTrash } from './os-trash.js';
import { SettingsStore, settingsPathFor } from './settings-store.js';
import { WorkspaceSession } from './workspace-session.js';
import { createWorkspaceOpener } from './workspace-opener.js';
import { loadOpenclawConfig } from '../memory/workspace/openclaw-config.js';
import { agentEmbedderOffer } from './agent-embedder-offer.js';
import type { KeyStore } from '../../shared/key-store.js';
import { EndpointKeyVault } from './keys/endpoint-key-vault.js';

export interface AppServiceOptions {
  dataDir: string;
  /** How the settings become engine options (sessions, OpenClaw home, native binding, download answer). */
  context?: Omit<EngineOptionsContext, 'dataDir'>;
  /**
   * Engine options that win over the settings: the CLI's --db, and its --model when given (a
   * model named on the command line is not reopened when the model settings change).
   */
  overrides?: Partial<Omit<EngineOptions, 'workspaceDir' | 'dataDir'>>;
  /** The desktop app: "Open workspace…" shows this dialog. Without it the workspace is fixed (serve mode). */
  showFolderDialog?: () => Promise<string | null>;
  /** The desktop app: deletions go to the OS trash. Without it they go to the app's trash folder. */
  trashItem?: (absPath: string) => Promise<void>;
  /** Check every result against the contract (tests, development builds). */
  validateResults?: boolean;
  /** The desktop app can ask before a download ('ask'); serve mode and the CLI cannot. */
  canAskBeforeDownload?: boolean;
  /** Background failures (initial sync, watcher start, reopen after a model change). */
  log: Log;
  /** Watch the workspace (the app, serve mode, mcp); one-shot CLI commands do not. Default true. */
  watch?: boolean;
  /** The clock the memory history stamps versions with (tests turn it back). */
  now?: () => number;
  /** The desktop app's OS keychain (Electron safeStorage, through main); serve mode has none. */
  keyStore?: KeyStore;
}

export interface AppService {
  readonly settings: SettingsStore;
  readonly session: WorkspaceSession;
  /** Agent access counts and the search log (shared with the MCP server and the CLI through the data dir). */
  readonly activity: AgentActivityStore;
  readonly dispatcher: ApiDispatcher;
  /** Every version of every memory file, who made each change (kept in the data dir). */
  readonly history: HistoryService;
  /** The memory doctor: findings computed in the background after indexing and after edits. */
  readonly doctor: DoctorService;
  /** Searches in flight, which the doctor's background pass stops for. */
  readonly searches: SearchGate;
  /** Opens a workspace (the first one, or a switch) and starts indexing it in the background. */
  open(workspaceDir: string, options: { isSample: boolean }): Promise<WorkspaceInfo>;
  close(): Promise<void>;
}

export async function createAppService(options: AppServiceOptions): Promise<AppService> {
  const settings = await SettingsStore.open(settingsPathFor(options.dataDir));
  const overrides = options.overrides ?? {};
  const endpointKeys = await EndpointKeyVault.open(options.dataDir, options.keyStore ?? null, options.log);
  // Reopens the workspace with what the settings (or the stored key) now say; the first open's job is the host's.
  const reopen = (why: 'endpoint' | 'settings' | 'key') => {
    if (!session.isOpen()) return;
    const info = session.info();
    void session.open(info.workspaceDir, { isSample: info.isSample }).catch((error: unknown) => {
      options.log(logLine(`log:reopen.${why}`, error));
    });
  };
  const activity = AgentActivityStore.open({
    dataDir: options.dataDir,
    log: options.log,
    ...(options.context?.nativeBinding ? { nativeBinding: options.context.nativeBinding } : {}),
  });
  // Each open reads (or downloads) the model afresh; the window shows that as one progress bar.
  let reporter: ReturnType<typeof createModelProgressReporter> | null = null;
  const session: WorkspaceSession = new WorkspaceSession({
    openEngine: async (engineOptions) => {
      try {
        const engine = await openEngine(engineOptions, activity);
        const status = engine.status();
        reporter?.finish(
          status.mode === 'hybrid',
          status.modeReason === undefined
            ? undefined
            : { message: status.modeReason, messageId: status.modeReasonId, params: status.modeReasonParams },
        );
        return engine;
      } catch (error) {
        reporter?.finish(false, messageOf(error));
        throw error;
      } finally {
        reporter = null;
      }
    },
    engineOptions: () => {
      const engineOptions = {
        ...engineOptionsFromSettings(settings.get(), {
          ...options.context,
          dataDir: options.dataDir,
          storedKey: endpointKeys.current(),
        }),
        // The endpoint that was down answers now: open again with it (missing vectors get embedded).
        onEmbedderAvailable: () => reopen('endpoint'),
        ...overrides,
      };
      const embedder = engineOptions.embedder;
      if (!embedder) return engineOptions;
      const modelReporter = createModelProgressReporter(embedder.model, (payload) =>
        session.emitEvent({ name: 'modelProgress', payload }),
      );
      reporter = modelReporter;
      return {
        ...engineOptions,
        embedder: { ...embedder, onLoadProgress: (progress) => modelReporter.update(progress) },
      };
    },
    watch: options.watch ?? true,
    onBackgroundError: (error) => options.log(logLine('log:background', error)),
  });
  const history = new HistoryService({
    dataDir: options.dataDir,
    session,
    settings,
    log: options.log,
    ...(options.context?.nativeBinding ? { nativeBinding: options.context.nativeBinding } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const searches = new SearchGate();
  const doctor = new DoctorService({
    session,
    history,
    searches,
    activity: () => activity.workspace(session.current().workspaceDir),
    log: options.log,
    ...(options.context?.nativeBinding ? { nativeBinding: options.context.nativeBinding } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const dispatcher = createApiDispatcher({
    session,
    settings,
    history,
    doctor,
    searches,
    activity: () => activity.workspace(session.current().workspaceDir),
    // Serve mode has no dialog: a page (or anyone holding its token) may switch only to an agent's
    // workspace beside the open one, or a recent one (agent-workspaces.ts).
    openWorkspace: createWorkspaceOpener({
      session,
      settings,
      sampleDir: sampleCopyDir(options.dataDir),
      ...(options.showFolderDialog ? { showFolderDialog: options.showFolderDialog } : {}),
      isAgentWorkspace: (requested) => {
        const { workspaceDir, openclawHome } = session.currentOptions();
        return isAgentWorkspace(requested, workspaceDir, openclawHome ?? defaultOpenclawHome());
      },
    }),
    ...(options.trashItem ? { trashFile: createOsTrash(() => session.current().scope, options.trashItem) } : {}),
    purgeSecret: createSecretPurge({ dataDir: options.dataDir, session, history, activity, log: options.log }),
    drafts: new DraftStore(options.dataDir),
    judgments: new JudgmentStore(options.dataDir),
    modelCatalog: async () => {
      let status = null;
      try {
        status = session.current().status();
      } catch {
        // No workspace open yet: the list still shows what is installed.
      }
      return buildModelCatalog(settings.get(), options.dataDir, status, {
        canAsk: options.canAskBeforeDownload ?? false,
        fixedByCommandLine: overrides.embedder !== undefined,
      });
    },
    agentEmbedderOffer: async () => {
      const { openclawHome } = session.currentOptions();
      const loaded = await loadOpenclawConfig({ env: process.env, ...(openclawHome ? { openclawHome } : {}) });
      return agentEmbedderOffer(loaded.value, loaded.info.path ?? 'openclaw.json');
    },
    onEngineSettingsChanged: (changed) => {
      // A model named on the command line wins over the settings: nothing to reload for it.
      if (!changed.sessions && overrides.embedder !== undefined) return;
      reopen('settings');
    },
    endpointKeys,
    onEndpointKeyChanged: () => {
      if (overrides.embedder === undefined && settings.get().embedderEndpoint.enabled) reopen('key');
    },
    ...(options.validateResults ? { validateResults: true } : {}),
  });
  return {
    settings,
    session,
    activity,
    dispatcher,
    history,
    doctor,
    searches,
    open: (workspaceDir, openOptions) => session.open(workspaceDir, openOptions),
    close: async () => {
      doctor.close();
      await history.close();
      await session.close();
      activity.close();
    },
  };
}
