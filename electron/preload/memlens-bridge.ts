// The object the preload exposes as `window.memlens`, generated from the contract: one method per
// call (ipcRenderer.invoke on that call's channel), one onDidX per event returning an
// unsubscribe. The page never sees ipcRenderer or an IPC event object: listeners get the payload
// only. Takes the ipcRenderer as a parameter (type-only electron import) so it is unit-tested.
import type { IpcRendererEvent } from 'electron';
import {
  CALL_NAMES,
  EVENT_NAMES,
  EVENTS,
  ipcChannelFor,
  ipcEventChannelFor,
  type MemlensBridge,
} from '../../shared/contract.js';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): unknown;
}

export function createMemlensBridge(ipcRenderer: IpcRendererLike): MemlensBridge {
  const bridge: Record<string, unknown> = {};
  for (const name of CALL_NAMES) {
    const channel = ipcChannelFor(name);
    // Exactly one argument object crosses; extra arguments from the page are dropped here.
    bridge[name] = (args?: unknown) => ipcRenderer.invoke(channel, args ?? {});
  }
  for (const event of EVENT_NAMES) {
    const channel = ipcEventChannelFor(event);
    bridge[EVENTS[event].subscribe] = (listener: unknown) => {
      if (typeof listener !== 'function') throw new TypeError(`${EVENTS[event].subscribe} expects a function`);
      const forward = (_event: IpcRendererEvent, payload: unknown) => (listener as (payload: unknown) => void)(payload);
      ipcRenderer.on(channel, forward);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        ipcRenderer.removeListener(channel, forward);
      };
    };
  }
  return Object.freeze(bridge) as MemlensBridge;
}
