// Test fixture: a temp copy of the sample workspace with an "outside" folder next to it and
// symlinks that point out of the workspace, served by a real engine (no mocks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AgentActivityStore, type WorkspaceActivity } from '../agent/agent-activity-store.js';
import { AgentCallsService } from '../agent/agent-calls-service.js';
import {
  createAgentMemoryTools,
  type AgentMemoryTools,
  type AgentMemoryToolsDeps,
} from '../agent/agent-memory-tools.js';
import { SettingsStore, settingsPathFor } from '../settings-store.js';
import { bundledSampleWorkspace, findPackageRoot } from '../app-paths.js';
import { openEngine } from '../open-engine.js';
import { WorkspaceSession } from '../workspace-session.js';

export interface TempWorkspace {
  root: string;
  workspace: string;
  /** A folder beside the workspace that no call may read or touch. */
  outside: string;
  dataDir: string;
  settings: SettingsStore;
  session: WorkspaceSession;
  /** Access counts and the agent search log, as the app keeps them (engine breakdowns carry the counts). */
  activityStore: AgentActivityStore;
  activity(): WorkspaceActivity;
  /** The agent's calls over this workspace, as the app reads them, with the clock at `now` (ms). */
  agentCalls(now: number): AgentCallsService;
  /** memory_search and memory_get over this workspace, index ready, OpenClaw's defaults unless overridden. */
  agentTools(overrides?: Partial<AgentMemoryToolsDeps>): AgentMemoryTools;
  /** Every file under root (workspace + outside), path → contents, for "nothing touched" checks. */
  snapshot(): Map<string, string>;
  cleanup(): Promise<void>;
}

/** `from`: a fixture workspace to copy instead of the bundled sample. */
export async function openTempWorkspace(options: { watch?: boolean; from?: string } = {}): Promise<TempWorkspace> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-shell-'));
  const sample = options.from ?? bundledSampleWorkspace(findPackageRoot());
  if (!sample) throw new Error('resources/sample-workspace is missing');
  const workspace = path.join(root, 'workspace');
  fs.cpSync(sample, workspace, { recursive: true });
  const outside = path.join(root, 'outside');
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'secret.md'), '# secret outside the workspace\n');
  fs.symlinkSync(outside, path.join(workspace, 'memory', 'link'), 'dir');
  fs.writeFileSync(
    path.join(outside, 'secret.jsonl'),
    '{"type":"message","message":{"role":"user","content":"secret"}}\n',
  );
  fs.symlinkSync(path.join(outside, 'secret.md'), path.join(workspace, 'memory', 'escape.md'));
  fs.mkdirSync(path.join(workspace, 'sessions'), { recursive: true });
  fs.symlinkSync(path.join(outside, 'secret.jsonl'), path.join(workspace, 'sessions', 'escape.jsonl'));
  fs.symlinkSync(outside, path.join(workspace, 'sessions', 'link'), 'dir');
  const dataDir = path.join(root, 'data');
  const settings = await SettingsStore.open(settingsPathFor(dataDir));
  const activityStore = AgentActivityStore.open({ dataDir });
  const session = new WorkspaceSession({
    openEngine: (engineOptions) => openEngine(engineOptions, activityStore),
    engineOptions: () => ({ dataDir, embedder: null, openclawHome: path.join(root, 'openclaw-home') }),
    watch: options.watch ?? false,
  });
  await session.open(workspace, { isSample: false });
  await session.whenSynced();
  return {
    root,
    workspace,
    outside,
    dataDir,
    settings,
    session,
    activityStore,
    activity: () => activityStore.workspace(session.current().workspaceDir),
    agentCalls: (now) =>
      new AgentCallsService({
        engine: () => session.current(),
        activity: () => activityStore.workspace(session.current().workspaceDir),
        now: () => now,
      }),
    agentTools: (overrides = {}) =>
      createAgentMemoryTools({
        engine: () => session.current(),
        activity: () => activityStore.workspace(session.current().workspaceDir),
        ready: async () => true,
        defaults: {},
        ...overrides,
      }),
    snapshot: () => snapshotTree(root, [dataDir]),
    cleanup: async () => {
      await session.close();
      activityStore.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

function snapshotTree(root: string, skip: string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (skip.includes(full)) continue;
      if (entry.isSymbolicLink()) files.set(full, `-> ${fs.readlinkSync(full)}`);
      else if (entry.isDirectory()) walk(full);
      else files.set(full, fs.readFileSync(full, 'utf8'));
    }
  };
  walk(root);
  return files;
}
