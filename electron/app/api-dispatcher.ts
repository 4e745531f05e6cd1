// The contract's calls over the engine, independent of transport: serve mode's HTTP routes and
// Electron's IPC handlers both end here. Every call is size-checked and validated against the
// contract's zod schema before anything runs; every failure leaves as a typed ErrorValue.
// Plain Node: never imports electron (the desktop shell injects what differs, e.g. the OS trash).
import type { z } from 'zod';
import {
  CALLS,
  CALL_NAMES,
  isCallName,
  type ApiDispatcher,
  type CallName,
  type CallResult,
  type ParsedCallArgs,
  type WorkspaceInfo,
} from '../../shared/contract.js';
import { MemoryLensError, toErrorValue } from '../../shared/errors.js';
import { carriedIssues } from '../../shared/request-issues.js';
import { toBoundaryError } from '../memory/files/fs-errors.js';
import type { ModelCatalog } from '../../shared/domain.js';
import type { SecretPurge } from '../../shared/history-schemas.js';
import { normalizeRelPath } from '../memory/files/safe-path.js';
import type { WorkspaceActivity } from './agent/agent-activity-store.js';
import { AgentCallsService } from './agent/agent-calls-service.js';
import { fileAccessOf } from './agent/file-access.js';
import { saveWorkspaceSession } from './agent/save-session-memory.js';
import { defaultOpenclawHome, listSessionSources } from '../memory/workspace/session-sources.js';
import { listAgentWorkspaces } from './agent-workspaces.js';
import type { DraftStore } from './draft-store.js';
import type { DoctorService } from './doctor/doctor-service.js';
import type { SearchGate } from './search-gate.js';
import type { HistoryService } from './history/history-service.js';
import { YOU_IN_APP } from './history/author-evidence.js';
import { DISPLAY_TREATMENT, maskDisplay } from './display-secrets.js';
import { findMatches } from './find-matches.js';
import { fixSecret, listSecrets } from './secrets-list.js';
import type { JudgmentStore } from './judgment-store.js';
import type { SettingsStore } from './settings-store.js';
import type { WorkspaceSession } from './workspace-session.js';
import type { AgentEmbedderOffer } from '../../shared/embedding-endpoint-settings.js';
import { NO_KEYCHAIN_REASON } from './keys/endpoint-key-vault.js';
import type { EndpointKeyVault } from './keys/endpoint-key-vault.js';

export interface DispatcherDeps {
  session: WorkspaceSession;
  settings: SettingsStore;
  /** Access counts and the agent search log of the open workspace. */
  activity: () => WorkspaceActivity;
  /** null = ask the user. Serve mode refuses (NOT_ALLOWED); the desktop app shows a dialog. */
  openWorkspace: (path: string | null) => Promise<{ opened: boolean; workspace: WorkspaceInfo }>;
  /** The desktop app moves deletions to the OS trash; without it the engine's app trash is used. */
  trashFile?: (relPath: string, expectedHash: string) => Promise<void>;
  /** Called after settingsSet changed what the engine is opened with: the model or the excluded agents (the shell reopens it). */
  onEngineSettingsChanged?: (changed: { model: boolean; sessions: boolean }) => void;
  /** Unsaved drafts in the data dir; without it the draft calls answer UNAVAILABLE. */
  drafts?: DraftStore;
  /** 👍/👎 judgments in the data dir; without it the judgment calls answer UNAVAILABLE. */
  judgments?: JudgmentStore;
  /** The settings view's model list (it needs the data dir); without it modelCatalog answers UNAVAILABLE. */
  modelCatalog?: () => Promise<ModelCatalog>;
  /** Memory history of the open workspace; without it the history calls answer UNAVAILABLE and writes are not recorded as the app's. */
  history?: HistoryService;
  /** Purges a secret value from every copy in the data dir (secret-purge.ts); without it historyPurgeSecret answers UNAVAILABLE. */
  purgeSecret?: (args: { value: string; placeholder?: string }) => Promise<SecretPurge>;
  /** The memory doctor of the open workspace; without it the doctor calls answer UNAVAILABLE. */
  doctor?: DoctorService;
  /** Searches counted while they run, so background work (the doctor's pass) stops for them. */
  searches?: SearchGate;
  /** The endpoint openclaw.json names on this computer; without it agentEmbedderOffer answers UNAVAILABLE. */
  agentEmbedderOffer?: () => Promise<AgentEmbedderOffer>;
  /** The endpoint's key kept in the OS keychain; without it (or without a keychain) the calls say why not. */
  endpointKeys?: EndpointKeyVault;
  /** A key was stored or forgotten: the engine reopens to use it. */
  onEndpointKeyChanged?: () => void;
  /** Check every result against the contract too (tests, development); a mismatch is INTERNAL. */
  validateResults?: boolean;
}

/** What a host may be started without (`errors:notKept.*`). */
type NotKept =
  'drafts' | 'judgments' | 'modelLists' | 'histories' | 'secretPurges' | 'doctor' | 'agentEmbedder' | 'endpointKeys';

type Handlers = { [K in CallName]: (args: ParsedCallArgs<K>) => Promise<CallResult<K>> | CallResult<K> };

export function createApiDispatcher(deps: DispatcherDeps): ApiDispatcher {
  const engine = () => deps.session.current();
  const workspaceDir = () => engine().workspaceDir;
  const need = <T>(value: T | undefined, what: NotKept): T => {
    if (value === undefined) throw new MemoryLensError('UNAVAILABLE', { messageId: `errors:notKept.${what}` });
    return value;
  };
  // Keeps parsed transcripts between calls (the view refreshes while open).
  // What a person waits for while the doctor's background pass runs: it stops while these do.
  const searching = <T>(work: () => Promise<T> | T): Promise<T> | T =>
    deps.searches ? deps.searches.during(work) : work();
  const agentCalls = new AgentCallsService({ engine, activity: () => deps.activity() });
  // The app's own writes go through the history so the versions they make say "you, in Memory Lens".
  const asApp = <T>(writes: Parameters<HistoryService['appWrite']>[0], run: () => Promise<T>): Promise<T> =>
    deps.history ? deps.history.appWrite(writes, run) : run();
  const saved = (path: string) => [{ path, write: { kind: 'save' as const, author: YOU_IN_APP } }];
  const history = () => need(deps.history, 'histories');
  const handlers: Handlers = {
    listFiles: () => engine().listFiles(),
    readFile: ({ path, offset, backward }) =>
      engine().readFile(path, { ...(offset !== undefined ? { offset } : {}), ...(backward ? { backward } : {}) }),
    saveFile: ({ path, text, expectedHash, overrideReadOnly }) =>
      asApp(saved(path), () =>
        engine().saveFile(path, text, expectedHash, { overrideReadOnly: overrideReadOnly === true }),
      ),
    acceptChecksum: ({ path, expectedHash }) => asApp(saved(path), () => engine().acceptChecksum(path, expectedHash)),
    createFile: ({ path, text }) => asApp(saved(path), () => engine().createFile(path, text)),
    renameFile: ({ from, to, expectedHash }) =>
      asApp(
        [
          { path: from, write: { kind: 'rename', author: YOU_IN_APP, toPath: to } },
          { path: to, write: { kind: 'rename', author: YOU_IN_APP, fromPath: from } },
        ],
        () => engine().renameFile(from, to, expectedHash),
      ),
    deleteFile: ({ path, expectedHash }) =>
      asApp([{ path, write: { kind: 'delete', author: YOU_IN_APP } }], async () => {
        if (deps.trashFile) {
          await deps.trashFile(path, expectedHash);
          return { path, trash: 'os' as const };
        }
        await engine().deleteFile(path, expectedHash);
        return { path, trash: 'app' as const };
      }),
    search: (options) => searching(() => engine().search(options)),
    // explainFile only looks the path up in the index, so nothing would leak; still, a path from
    // outside that names somewhere else is refused the same way as everywhere (OUT_OF_ROOT).
    explainFile: ({ path, options }) => searching(() => engine().explainFile(normalizeRelPath(path), options)),
    timeline: (query) => engine().timeline(query),
    status: () => engine().status(),
    reindex: ({ full }) => engine().sync({ full: full ?? false }),
    settingsGet: () => deps.settings.get(),
    settingsSet: async ({ patch }) => {
      const before = deps.settings.get();
      const after = await deps.settings.update(patch);
      const changed = {
        model:
          JSON.stringify(after.model) !== JSON.stringify(before.model) ||
          JSON.stringify(after.embedderEndpoint) !== JSON.stringify(before.embedderEndpoint),
        sessions: JSON.stringify(after.sessions) !== JSON.stringify(before.sessions),
      };
      if (changed.model || changed.sessions) deps.onEngineSettingsChanged?.(changed);
      return after;
    },
    openWorkspace: ({ path }) => deps.openWorkspace(path),
    readTranscript: ({ path }) => engine().readTranscript(path),
    agentDatabases: () => engine().agentDatabases(),
    agentWorkspaces: () => {
      const { workspaceDir: dir, openclawHome } = deps.session.currentOptions();
      return { agents: listAgentWorkspaces(dir, openclawHome ?? defaultOpenclawHome()) };
    },
    agentIndexChunks: ({ path }) => engine().agentIndexChunks(path),
    get: ({ path, from, lines }) => engine().get(path, from, lines),
    context: (args) => engine().context(args),
    agentSearches: ({ limit }) => deps.activity().listSearches(limit ?? 200),
    agentSearch: ({ id }) => {
      const entry = deps.activity().getSearch(id);
      if (!entry)
        throw new MemoryLensError('NOT_FOUND', {
          messageId: 'errors:agent.searchNotLogged',
          params: { id, max: deps.activity().listSearches(1).cap },
        });
      return entry;
    },
    // Listing the agent's calls replays their searches: the doctor's pass gives way to them too.
    agentCalls: (args) => searching(() => agentCalls.list(args)),
    fileAccess: ({ path }) => fileAccessOf(engine(), deps.activity(), normalizeRelPath(path)),
    saveSessionMemory: ({ path, messages }) =>
      saveWorkspaceSession(engine(), path, messages !== undefined ? { count: messages } : {}),
    workspaceInfo: () => deps.session.info(),
    listSessionSources: () => listSessionSources(engine().scope.where),
    findMatches: (args) => findMatches(engine(), { ...args, path: normalizeRelPath(args.path) }),
    draftList: () => need(deps.drafts, 'drafts').list(workspaceDir()),
    draftPut: ({ path, text, baseHash }) => need(deps.drafts, 'drafts').put(workspaceDir(), path, text, baseHash),
    draftDelete: async ({ path }) => ({ deleted: await need(deps.drafts, 'drafts').delete(workspaceDir(), path) }),
    judgmentSet: (input) => need(deps.judgments, 'judgments').set(workspaceDir(), input),
    judgmentList: ({ query }) => need(deps.judgments, 'judgments').list(workspaceDir(), query),
    judgmentExport: () => need(deps.judgments, 'judgments').export(workspaceDir()),
    modelCatalog: () => need(deps.modelCatalog, 'modelLists')(),
    secrets: () => listSecrets(engine(), deps.history),
    secretFix: (args) =>
      asApp(saved(normalizeRelPath(args.path)), () =>
        fixSecret(engine(), { ...args, path: normalizeRelPath(args.path) }),
      ),
    historyList: ({ path }) => history().list(path),
    historyVersion: ({ path, version }) => history().versionText(path, version),
    historyDiff: ({ path, from, to }) => history().diff(path, from, to),
    historyRestore: ({ path, version, expectedHash }) => history().restore(path, version, expectedHash),
    historyChanges: ({ since }) => history().changes(since),
    historyMarkSeen: ({ at }) => history().markSeen(at),
    lineOrigins: ({ path }) => history().lineOrigins(path),
    historyUsage: () => history().usage(),
    historyPurgeSecret: (args) => need(deps.purgeSecret, 'secretPurges')(args),
    doctorReport: () => need(deps.doctor, 'doctor').current(),
    doctorFix: ({ findingId, fixId }) => need(deps.doctor, 'doctor').applyFix(findingId, fixId),
    agentEmbedderOffer: () => need(deps.agentEmbedderOffer, 'agentEmbedder')(),
    retryEmbedder: () => engine().retryEmbedder(),
    endpointKeyStatus: () =>
      deps.endpointKeys?.status() ?? { available: false, unavailableReason: NO_KEYCHAIN_REASON, stored: false },
    endpointKeySet: async ({ key }) => {
      const status = await need(deps.endpointKeys, 'endpointKeys').set(key);
      deps.onEndpointKeyChanged?.();
      return status;
    },
    endpointKeyForget: async () => {
      if (!deps.endpointKeys) return { available: false, unavailableReason: NO_KEYCHAIN_REASON, stored: false };
      const status = await deps.endpointKeys.forget();
      deps.onEndpointKeyChanged?.();
      return status;
    },
  };

  return {
    methods: CALL_NAMES,
    async handle(method, rawArgs, argBytes) {
      try {
        if (!isCallName(method))
          throw new MemoryLensError('NOT_FOUND', { messageId: 'errors:request.unknownCall', params: { method } });
        const spec = CALLS[method];
        const size = argBytes ?? jsonByteLength(rawArgs);
        if (size > spec.maxArgBytes) {
          throw new MemoryLensError(
            'TOO_LARGE',
            { messageId: 'errors:request.tooLarge', params: { method, bytes: size, max: spec.maxArgBytes } },
            {
              bytes: size,
              limit: spec.maxArgBytes,
            },
          );
        }
        const parsed = (spec.args as z.ZodType).safeParse(rawArgs ?? {}, { reportInput: true });
        if (!parsed.success) {
          throw new MemoryLensError('INVALID_ARGUMENT', {
            messageId: 'errors:request.invalid',
            params: { method, issues: carriedIssues(parsed.error) },
          });
        }
        const run = handlers[method] as (args: unknown) => Promise<unknown> | unknown;
        // Each call starts on a turn of its own: calls awaited back to back in one process (a script,
        // the MCP tools, a test) would otherwise run as one microtask chain, starving timers, file
        // events and background work such as the doctor's pass (synchronous SQLite never yields).
        await new Promise((resolve) => setImmediate(resolve));
        // Display text leaves with its secrets masked (display-secrets.ts says which calls).
        const result =
          DISPLAY_TREATMENT[method] === 'mask' ? maskDisplay(await run(parsed.data)) : await run(parsed.data);
        if (deps.validateResults) {
          const checked = (spec.result as z.ZodType).safeParse(result);
          if (!checked.success) {
            throw new MemoryLensError('INTERNAL', {
              messageId: 'errors:request.badResult',
              params: { method, issues: carriedIssues(checked.error) },
            });
          }
        }
        return { ok: true, result };
      } catch (error) {
        return { ok: false, error: toErrorValue(toBoundaryError(error)) };
      }
    },
  };
}

function jsonByteLength(value: unknown): number {
  if (value === undefined) return 0;
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  } catch {
    // Cyclic or BigInt arguments cannot have come from a JSON transport; validation will refuse them.
    return 0;
  }
}
