// Main's handle on the engine host: an ApiDispatcher (so registerIpcHandlers does not care where
// the engine runs) that forwards calls over the port, answers the host's requests (folder dialog,
// OS trash, model download question) and relays the contract's events.
import { said, type MessageRef } from '../../shared/i18n.js';
import {
  CALL_NAMES,
  type ApiDispatcher,
  type ContractEventListener,
  type DispatchOutcome,
  type WorkspaceInfo,
} from '../../shared/contract.js';
import { toErrorValue, type ErrorValue } from '../../shared/errors.js';
import type { HostRequest, HostToMain, MainToHost, PortLike } from '../engine-host/engine-host-protocol.js';
import { keyStoreReason, type KeyStore } from '../../shared/key-store.js';

export interface EngineHostServices {
  chooseFolder(): Promise<string | null>;
  trashItem(absPath: string): Promise<void>;
  confirmModelDownload(modelId: string): Promise<boolean>;
  log(line: MessageRef): void;
  /** Electron's safeStorage (safe-storage-key-store.ts); without it the host is told there is no keychain. */
  keyStore?: KeyStore;
}

const NO_KEYCHAIN = keyStoreReason('windowNoKeychain');

export class EngineHostClient implements ApiDispatcher {
  readonly methods = CALL_NAMES;
  /** Resolves with the first workspace once the host opened it; rejects if it could not. */
  readonly ready: Promise<WorkspaceInfo>;
  private nextId = 1;
  private readonly pending = new Map<number, (outcome: DispatchOutcome) => void>();
  private readonly listeners = new Set<ContractEventListener>();
  private gone: ErrorValue | null = null;
  private onClosed: (() => void) | null = null;

  constructor(
    private readonly port: PortLike<HostToMain, MainToHost>,
    private readonly services: EngineHostServices,
  ) {
    let resolveReady!: (workspace: WorkspaceInfo) => void;
    let rejectReady!: (error: ErrorValue) => void;
    this.ready = new Promise((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    port.onMessage((message) => {
      switch (message.type) {
        case 'ready':
          resolveReady(message.workspace);
          break;
        case 'fatal':
          rejectReady(message.error);
          break;
        case 'result':
          this.pending.get(message.id)?.(message.outcome);
          this.pending.delete(message.id);
          break;
        case 'event':
          for (const listener of [...this.listeners]) listener(message.event);
          break;
        case 'request':
          void this.answer(message.id, message);
          break;
        case 'log':
          services.log(message.line);
          break;
        case 'closed':
          this.onClosed?.();
          break;
      }
    });
  }

  handle(method: string, rawArgs: unknown): Promise<DispatchOutcome> {
    if (this.gone) return Promise.resolve({ ok: false, error: this.gone });
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.pending.set(id, resolve);
      this.port.post({ type: 'call', id, method, args: rawArgs ?? {} });
    });
  }

  onDidEvent(listener: ContractEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The host process died (`exitCode` as Electron gives it): every waiting and future call fails with UNAVAILABLE. */
  markGone(exitCode: number | null): void {
    this.gone = { code: 'UNAVAILABLE', ...said('errors:engineGone', { code: String(exitCode) }) };
    for (const resolve of this.pending.values()) resolve({ ok: false, error: this.gone });
    this.pending.clear();
  }

  shutdown(timeoutMs = 5000): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.onClosed = () => {
        clearTimeout(timer);
        resolve();
      };
      this.port.post({ type: 'shutdown' });
    });
  }

  private async answerValue(request: HostRequest): Promise<unknown> {
    switch (request.kind) {
      case 'chooseFolder':
        return this.services.chooseFolder();
      case 'trashItem':
        return this.services.trashItem(request.absPath);
      case 'confirmModelDownload':
        return this.services.confirmModelDownload(request.modelId);
      case 'keychainStatus':
        return this.services.keyStore ? this.services.keyStore.unavailableReason() : NO_KEYCHAIN;
      case 'keychainEncrypt':
        return this.keyStore().encrypt(request.plain);
      case 'keychainDecrypt':
        return this.keyStore().decrypt(request.sealed);
    }
  }

  private keyStore(): KeyStore {
    if (!this.services.keyStore) throw new Error(NO_KEYCHAIN);
    return this.services.keyStore;
  }

  private async answer(id: number, request: HostRequest): Promise<void> {
    try {
      const value = await this.answerValue(request);
      this.port.post({ type: 'reply', id, ok: true, value: value ?? null });
    } catch (error) {
      this.port.post({ type: 'reply', id, ok: false, error: toErrorValue(error) });
    }
  }
}
