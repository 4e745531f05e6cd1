// Engine events → store, with the real store: what an index's flood of events costs the window
// (how many store updates, how many list reloads) and that nothing is lost by batching.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemlensApi } from '../../../shared/contract';
import { translator } from '../../../shared/i18n';
import type { FileChangeEvent, IndexProgress, IndexStatus } from '../../../shared/domain';
import { connectApiEvents, EVENT_BATCH_MS } from './connect-api-events';
import { createAppStore } from './create-app-store';

type Listener<T> = (value: T) => void;

/** The engine side of the contract: events pushed by the test, calls counted. */
function fakeEngine(statusAnswers: IndexStatus[] = []) {
  const listeners = new Map<string, Listener<unknown>[]>();
  const calls = { listFiles: 0, timeline: 0, status: 0 };
  const api = new Proxy({} as Record<string, unknown>, {
    get: (_target, name: string) => {
      if (name.startsWith('onDid')) {
        return (listener: Listener<unknown>) => {
          listeners.set(name, [...(listeners.get(name) ?? []), listener]);
          return () => undefined;
        };
      }
      if (name === 'listFiles') return async () => (calls.listFiles++, []);
      if (name === 'timeline') return async () => (calls.timeline++, []);
      if (name === 'status') return async () => (calls.status++, statusAnswers.shift() ?? status(null));
      return () => Promise.reject(new Error(`not used here: ${name}`));
    },
  }) as unknown as MemlensApi;
  const emit = (name: string, value: unknown) => listeners.get(name)?.forEach((listener) => listener(value));
  return { api, calls, emit };
}

function status(progress: IndexProgress | null, files = 0): IndexStatus {
  return {
    workspace: '/ws',
    dbPath: '/data/index.sqlite',
    files,
    chunks: files,
    bySource: { memory: { files, chunks: files }, sessions: { files: 0, chunks: 0 } },
    mode: 'fts-only',
    provider: 'none',
    model: 'none',
    dims: null,
    vectorsStored: 0,
    embeddingCacheEntries: 0,
    embeddingCacheHitRate: null,
    vectorBackend: 'none',
    watcher: 'watching',
    schemaVersion: 1,
    chunkerVersion: 1,
    lastSyncAt: null,
    errors: [],
    progress,
    lifecycle: { state: 'serving', reason: null },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connectApiEvents', () => {
  it('applies an index’s flood of events in a few store updates, keeping the latest of each', async () => {
    const engine = fakeEngine();
    const store = createAppStore(engine.api, { storage: null });
    let updates = 0;
    store.subscribe(() => updates++);
    const disconnect = connectApiEvents(engine.api, store, translator('en'));

    // One batch window's worth of what a sync sends: progress, file changes, a status.
    for (let i = 0; i < 300; i++)
      engine.emit('onDidIndexProgress', {
        phase: 'indexing',
        filesDone: i,
        filesTotal: 10_000,
      } satisfies IndexProgress);
    for (let i = 0; i < 400; i++)
      engine.emit('onDidChangeFile', {
        path: `memory/n${i % 200}.md`,
        change: 'changed',
        hash: `h${i}`,
      } satisfies FileChangeEvent);
    engine.emit('onDidChangeStatus', status({ phase: 'indexing', filesDone: 299, filesTotal: 10_000 }, 299));
    expect(updates).toBe(0);
    await vi.advanceTimersByTimeAsync(EVENT_BATCH_MS);
    // Status, progress, and the list catching up during the index (loading, loaded): not one update
    // per event (the file events touch no open document).
    expect(updates).toBeLessThanOrEqual(4);
    expect(store.getState().status.progress).toMatchObject({ phase: 'indexing', filesDone: 299 });
    expect(store.getState().status.index?.files).toBe(299);

    // The 400 file changes ask for one list and timeline reload, not 400.
    const before = { ...engine.calls };
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.calls.listFiles - before.listFiles).toBe(1);
    expect(engine.calls.timeline - before.timeline).toBe(1);
    disconnect();
  });

  it('a sync that ends inside a batch clears the progress and reloads the list', async () => {
    const engine = fakeEngine();
    const store = createAppStore(engine.api, { storage: null });
    const disconnect = connectApiEvents(engine.api, store, translator('en'));
    engine.emit('onDidIndexProgress', { phase: 'indexing', filesDone: 1, filesTotal: 2 } satisfies IndexProgress);
    await vi.advanceTimersByTimeAsync(EVENT_BATCH_MS);
    expect(store.getState().status.progress).not.toBeNull();

    const before = engine.calls.listFiles;
    engine.emit('onDidIndexProgress', { phase: 'indexing', filesDone: 2, filesTotal: 2 } satisfies IndexProgress);
    engine.emit('onDidIndexProgress', { phase: 'done', filesDone: 2, filesTotal: 2 } satisfies IndexProgress);
    await vi.advanceTimersByTimeAsync(EVENT_BATCH_MS);
    expect(store.getState().status.progress).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.calls.listFiles - before).toBe(1);
    disconnect();
  });

  it('progress that came with the first status answer, whose sync ended before the event stream connected, goes away', async () => {
    // The page asked for the status mid-sync; the 'done' event went out before its stream was there.
    const engine = fakeEngine([status({ phase: 'indexing', filesDone: 3, filesTotal: 40 }, 3), status(null, 40)]);
    const store = createAppStore(engine.api, { storage: null });
    const disconnect = connectApiEvents(engine.api, store, translator('en'));
    await store.getState().loadStatus();
    expect(store.getState().status.progress).toMatchObject({ phase: 'indexing' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getState().status.progress).toBeNull();
    expect(store.getState().status.index?.files).toBe(40);
    disconnect();
  });

  it('a status whose sync says done shows no progress bar', async () => {
    const engine = fakeEngine();
    const store = createAppStore(engine.api, { storage: null });
    const disconnect = connectApiEvents(engine.api, store, translator('en'));
    engine.emit('onDidChangeStatus', status({ phase: 'done', filesDone: 2, filesTotal: 2 }, 2));
    await vi.advanceTimersByTimeAsync(EVENT_BATCH_MS);
    expect(store.getState().status.index?.files).toBe(2);
    expect(store.getState().status.progress).toBeNull();
    disconnect();
  });

  it('does not update the store for a status that only says "still connected"', async () => {
    const engine = fakeEngine();
    const store = createAppStore(engine.api, { storage: null });
    const disconnect = connectApiEvents(engine.api, store, translator('en'));
    engine.emit('onDidChangeStatus', status(null, 5));
    await vi.advanceTimersByTimeAsync(EVENT_BATCH_MS);
    let updates = 0;
    store.subscribe(() => updates++);
    store.getState().setConnected(true);
    expect(updates).toBe(0);
    store.getState().setConnected(false);
    expect(updates).toBe(1);
    disconnect();
  });
});
