// Messages between Electron main and the engine host (a utilityProcess, so SQLite indexing never
// runs on the main process's thread). Main forwards the renderer's already sender-checked calls;
// the host validates and runs them with the same dispatcher as serve mode, streams the contract's
// events back, and asks main for what only main can do: the folder dialog, the OS trash, the download question.
import type { MessageRef } from '../../shared/i18n.js';
import type { ContractEvent, DispatchOutcome, WorkspaceInfo } from '../../shared/contract.js';
import type { ErrorValue } from '../../shared/errors.js';

export interface EngineHostInit {
  /** The app's data folder; default app-paths.ts defaultDataDir(). */
  dataDir?: string;
  /** resources/sample-workspace, or null. */
  sampleSource: string | null;
  /** better-sqlite3 built for Electron's ABI. */
  nativeBinding?: string;
  /** Check results against the contract (development builds). */
  validateResults: boolean;
}

export type MainToHost =
  | { type: 'init'; init: EngineHostInit }
  | { type: 'call'; id: number; method: string; args: unknown }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; error: ErrorValue }
  | { type: 'shutdown' };

export type HostRequest =
  | { kind: 'chooseFolder' }
  | { kind: 'trashItem'; absPath: string }
  /** The model is not on disk and the settings say 'ask': may it be downloaded? Answered true/false. */
  | { kind: 'confirmModelDownload'; modelId: string }
  /** The OS keychain (safeStorage lives in main only): null when usable, else why not. */
  | { kind: 'keychainStatus' }
  /** Answered with the sealed bytes; the plain key crosses only this process boundary, never to the renderer. */
  | { kind: 'keychainEncrypt'; plain: string }
  | { kind: 'keychainDecrypt'; sealed: Uint8Array };

export type HostToMain =
  | { type: 'ready'; workspace: WorkspaceInfo }
  | { type: 'fatal'; error: ErrorValue }
  | { type: 'result'; id: number; outcome: DispatchOutcome }
  | { type: 'event'; event: ContractEvent }
  | ({ type: 'request'; id: number } & HostRequest)
  | { type: 'log'; line: MessageRef }
  | { type: 'closed' };

/** One end of a message channel: Electron's parentPort/UtilityProcess, or an in-memory pair. */
export interface PortLike<In, Out> {
  post(message: Out): void;
  onMessage(listener: (message: In) => void): void;
}

/** Two connected in-process ends (structured-cloned like a real port): tests and the in-main fallback. */
export function createPortPair(): { main: PortLike<HostToMain, MainToHost>; host: PortLike<MainToHost, HostToMain> } {
  const toMain: ((message: HostToMain) => void)[] = [];
  const toHost: ((message: MainToHost) => void)[] = [];
  return {
    main: {
      post: (message) => queueMicrotask(() => toHost.forEach((l) => l(structuredClone(message)))),
      onMessage: (listener) => void toMain.push(listener),
    },
    host: {
      post: (message) => queueMicrotask(() => toMain.forEach((l) => l(structuredClone(message)))),
      onMessage: (listener) => void toHost.push(listener),
    },
  };
}
