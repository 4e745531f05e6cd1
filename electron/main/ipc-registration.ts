// Electron's half of the contract: one ipcMain.handle channel per call, generated from the
// dispatcher (which serves exactly the contract), each guarded by the sender check and then
// validated by the dispatcher like any serve-mode request. Answers are outcome values
// ({ok, result} | {ok:false, error}) because Electron drops an Error's fields on the way back.
// Takes ipcMain as a parameter (type-only electron import) so tests can list the channels.
import type { IpcMainInvokeEvent } from 'electron';
import { ipcChannelFor, type CallName } from '../../shared/contract.js';
import type { ApiDispatcher, DispatchOutcome } from '../../shared/contract.js';
import { checkIpcSender, type SenderRefusal } from './sender-guard.js';

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** The channels main registers: exactly one per contract call. */
export function ipcChannelsFor(methods: readonly CallName[]): string[] {
  return methods.map(ipcChannelFor);
}

export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  dispatcher: ApiDispatcher,
  trustedWebContentsIds: () => ReadonlySet<number>,
  onRefused: (channel: string, refusal: SenderRefusal) => void,
): { channels: string[]; dispose(): void } {
  const channels: string[] = [];
  for (const method of dispatcher.methods) {
    const channel = ipcChannelFor(method);
    ipcMain.handle(channel, async (event, ...args): Promise<DispatchOutcome> => {
      const verdict = checkIpcSender(event, trustedWebContentsIds());
      if (!verdict.ok) {
        onRefused(channel, verdict);
        return { ok: false, error: { code: 'NOT_ALLOWED', message: 'This frame may not call Memory Lens.' } };
      }
      // The preload sends exactly one argument object; anything else is malformed.
      if (args.length > 1)
        return { ok: false, error: { code: 'INVALID_ARGUMENT', message: `${method}: expected one argument object` } };
      return dispatcher.handle(method, args[0]);
    });
    channels.push(channel);
  }
  return {
    channels,
    dispose: () => channels.forEach((channel) => ipcMain.removeHandler(channel)),
  };
}
