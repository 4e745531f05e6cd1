// Table-driven contract test: every call of shared/contract.ts is served by both transports —
// serve mode's HTTP routes and the IPC channels Electron main registers — and nothing else is.
// (http-server.test.ts also POSTs every route over real HTTP; this test covers the IPC side by
// registering on a recording ipcMain and invoking the handlers like Electron would.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, CALL_NAMES, EVENTS, httpPathFor, ipcChannelFor } from '../../shared/contract.js';
import { AgentActivityStore } from '../app/agent/agent-activity-store.js';
import { SettingsStore, settingsPathFor } from '../app/settings-store.js';
import { MemoryEngine } from '../memory/engine.js';
import type { ApiDispatcher } from '../../shared/contract.js';
import { agentEmbedderOffer } from '../app/agent-embedder-offer.js';
import { createApiDispatcher } from '../app/api-dispatcher.js';
import { HistoryService } from '../app/history/history-service.js';
import { DoctorService } from '../app/doctor/doctor-service.js';
import { DraftStore } from '../app/draft-store.js';
import { JudgmentStore } from '../app/judgment-store.js';
import { buildModelCatalog } from '../app/model-catalog.js';
import { apiRoutesOf } from '../server/http-server.js';
import { WorkspaceSession } from '../app/workspace-session.js';
import { createMemlensBridge } from '../preload/memlens-bridge.js';
import { APP_INDEX_URL } from './app-origin.js';
import { ipcChannelsFor, registerIpcHandlers, type IpcMainLike } from './ipc-registration.js';

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>;

let root: string;
let session: WorkspaceSession;
let dispatcher: ApiDispatcher;
let history: HistoryService;
let doctor: DoctorService;
const handlers = new Map<string, Handler>();
const recordingIpcMain: IpcMainLike = {
  handle: (channel, listener) => {
    if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    handlers.set(channel, listener);
  },
  removeHandler: (channel) => handlers.delete(channel),
};
const refused: string[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-ipc-'));
  fs.mkdirSync(path.join(root, 'workspace', 'memory'), { recursive: true });
  fs.writeFileSync(path.join(root, 'workspace', 'MEMORY.md'), '# Memory\n');
  const settings = await SettingsStore.open(settingsPathFor(path.join(root, 'data')));
  session = new WorkspaceSession({
    openEngine: (options) => MemoryEngine.open(options),
    engineOptions: () => ({ dataDir: path.join(root, 'data'), embedder: null, openclawHome: path.join(root, 'oc') }),
    watch: false,
  });
  await session.open(path.join(root, 'workspace'), { isSample: false });
  const dataDir = path.join(root, 'data');
  const activity = AgentActivityStore.open({ dataDir });
  history = new HistoryService({ dataDir, session, settings, log: () => undefined });
  doctor = new DoctorService({
    session,
    history,
    activity: () => activity.workspace(session.current().workspaceDir),
    log: () => undefined,
  });
  dispatcher = createApiDispatcher({
    session,
    settings,
    history,
    doctor,
    // No openclaw.json in this root: the offer says there is nothing to use.
    agentEmbedderOffer: async () => agentEmbedderOffer(null, path.join(root, 'oc', 'openclaw.json')),
    activity: () => activity.workspace(session.current().workspaceDir),
    openWorkspace: async () => ({ opened: false, workspace: session.info() }),
    drafts: new DraftStore(dataDir),
    judgments: new JudgmentStore(dataDir),
    modelCatalog: () =>
      buildModelCatalog(settings.get(), dataDir, session.current().status(), {
        canAsk: true,
        fixedByCommandLine: false,
      }),
  });
  registerIpcHandlers(
    recordingIpcMain,
    dispatcher,
    () => new Set([1]),
    (channel, reason) => refused.push(`${channel}: ${reason}`),
  );
});

afterAll(async () => {
  doctor.close();
  await history.close();
  await session.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const mainFrame = { url: APP_INDEX_URL, parent: null, detached: false };
const fakeEvent = (frame: unknown, senderId = 1) =>
  ({ sender: { id: senderId }, senderFrame: frame }) as unknown as IpcMainInvokeEvent;

describe('one contract, two transports', () => {
  it('HTTP routes = contract calls = IPC channels, nothing more', () => {
    const contract = Object.keys(CALLS).sort();
    expect(apiRoutesOf(dispatcher).sort()).toEqual(
      contract.map((name) => httpPathFor(name as keyof typeof CALLS)).sort(),
    );
    expect([...handlers.keys()].sort()).toEqual(
      contract.map((name) => ipcChannelFor(name as keyof typeof CALLS)).sort(),
    );
    expect(ipcChannelsFor(dispatcher.methods).sort()).toEqual([...handlers.keys()].sort());
  });

  it('the preload bridge exposes exactly the contract (calls + one subscribe per event)', () => {
    const bridge = createMemlensBridge({
      invoke: async () => null,
      on: () => undefined,
      removeListener: () => undefined,
    });
    expect(Object.keys(bridge).sort()).toEqual(
      [...CALL_NAMES, ...Object.values(EVENTS).map((e) => e.subscribe)].sort(),
    );
  });

  it.each(CALL_NAMES)('IPC %s is served for our main frame', async (name) => {
    const outcome = (await handlers.get(ipcChannelFor(name))?.(fakeEvent(mainFrame), {})) as {
      ok: boolean;
      error?: { code: string };
    };
    expect(typeof outcome.ok).toBe('boolean');
    if (!outcome.ok) expect(['INVALID_ARGUMENT', 'NOT_FOUND', 'NOT_ALLOWED']).toContain(outcome.error?.code);
    if (!outcome.ok && outcome.error?.code === 'NOT_ALLOWED') throw new Error(`${name} refused our own frame`);
  });

  it('refuses senders that are not our main frame before looking at arguments', async () => {
    const channel = ipcChannelFor('readFile');
    const attempts = [
      fakeEvent({ url: 'https://evil.example/', parent: null }),
      fakeEvent({ url: APP_INDEX_URL, parent: mainFrame }),
      fakeEvent({ url: 'about:blank', parent: null }),
      fakeEvent(null),
      fakeEvent(mainFrame, 99),
    ];
    for (const event of attempts) {
      const outcome = await handlers.get(channel)?.(event, { path: 'MEMORY.md' });
      expect(outcome).toEqual({
        ok: false,
        error: { code: 'NOT_ALLOWED', message: 'This frame may not call Memory Lens.' },
      });
    }
    expect(refused).toHaveLength(attempts.length);
  });

  it('validates IPC arguments with the contract like HTTP does', async () => {
    const read = handlers.get(ipcChannelFor('readFile'));
    expect(await read?.(fakeEvent(mainFrame), { path: '../etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'OUT_OF_ROOT' },
    });
    expect(await read?.(fakeEvent(mainFrame), { path: 1 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(await read?.(fakeEvent(mainFrame), { path: 'MEMORY.md' }, 'extra')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(await read?.(fakeEvent(mainFrame), { path: 'MEMORY.md' })).toMatchObject({
      ok: true,
      result: { path: 'MEMORY.md', text: '# Memory\n' },
    });
  });
});
