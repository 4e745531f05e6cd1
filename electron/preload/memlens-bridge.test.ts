import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CALL_NAMES, EVENT_NAMES, EVENTS, ipcChannelFor, ipcEventChannelFor } from '../../shared/contract.js';
import { createMemlensBridge, type IpcRendererLike } from './memlens-bridge.js';

/** An ipcRenderer stand-in that records invokes and emits events like Electron does (event first). */
function fakeIpcRenderer() {
  const emitter = new EventEmitter();
  const invoked: { channel: string; args: unknown[] }[] = [];
  const ipc: IpcRendererLike & { emit(channel: string, payload: unknown): void } = {
    invoke: async (channel, ...args) => {
      invoked.push({ channel, args });
      return { ok: true, result: null };
    },
    on: (channel, listener) => emitter.on(channel, listener),
    removeListener: (channel, listener) => emitter.removeListener(channel, listener),
    emit: (channel, payload) => emitter.emit(channel, { sender: 'secret-ipc-event', ports: [] }, payload),
  };
  return { ipc, invoked, emitter };
}

describe('preload bridge (window.memlens)', () => {
  it('has exactly one method per contract call and one subscribe per event, and is frozen', () => {
    const bridge = createMemlensBridge(fakeIpcRenderer().ipc);
    const expected = [...CALL_NAMES, ...EVENT_NAMES.map((e) => EVENTS[e].subscribe)].sort();
    expect(Object.keys(bridge).sort()).toEqual(expected);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.values(bridge).every((v) => typeof v === 'function')).toBe(true);
  });

  it('invokes each call on its own channel with one argument object', async () => {
    const { ipc, invoked } = fakeIpcRenderer();
    const bridge = createMemlensBridge(ipc) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const name of CALL_NAMES) await bridge[name]?.({ path: 'MEMORY.md' }, 'extra', 'ignored');
    await bridge.listFiles?.();
    expect(invoked.map((i) => i.channel)).toEqual([...CALL_NAMES.map(ipcChannelFor), ipcChannelFor('listFiles')]);
    expect(invoked.every((i) => i.args.length === 1)).toBe(true);
    expect(invoked.at(-1)?.args).toEqual([{}]);
  });

  it('passes listeners the payload only, never the IPC event, and unsubscribes', () => {
    const { ipc, emitter } = fakeIpcRenderer();
    const bridge = createMemlensBridge(ipc);
    const seen: unknown[][] = [];
    const unsubscribe = bridge.onDidChangeFile((...args: unknown[]) => seen.push(args));
    ipc.emit(ipcEventChannelFor('fileChanged'), { path: 'MEMORY.md', change: 'changed', hash: null });
    expect(seen).toEqual([[{ path: 'MEMORY.md', change: 'changed', hash: null }]]);
    unsubscribe();
    unsubscribe();
    ipc.emit(ipcEventChannelFor('fileChanged'), { path: 'USER.md', change: 'changed', hash: null });
    expect(seen).toHaveLength(1);
    expect(emitter.listenerCount(ipcEventChannelFor('fileChanged'))).toBe(0);
  });

  it('refuses a non-function listener', () => {
    const bridge = createMemlensBridge(fakeIpcRenderer().ipc);
    expect(() => (bridge.onDidChangeStatus as unknown as (x: unknown) => void)('alert(1)')).toThrow(TypeError);
  });
});
