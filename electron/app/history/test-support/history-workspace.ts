// Test fixture: a small OpenClaw-style workspace (MEMORY.md, memory/trips.md, sessions/) served by
// the real app core — engine, chokidar watcher and memory history — with a clock the test moves.
import { englishText } from '../../../../shared/i18n.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallArgs, CallName, CallResult } from '../../../../shared/contract.js';
import { tempPathFor } from '../../../memory/files/atomic-write.js';
import type { EngineOptions } from '../../../memory/engine-types.js';
import { createAppService, type AppService } from '../../app-service.js';

export const FIXTURE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

export interface HistoryWorkspace {
  root: string;
  workspace: string;
  dataDir: string;
  service: AppService;
  clock: { now: number };
  /** What the app core logged (background failures, fallbacks). */
  logs: readonly string[];
  call<K extends CallName>(name: K, args: CallArgs<K>): Promise<CallResult<K>>;
  /** The typed error code of a call that must fail. */
  failure(name: CallName, args: unknown): Promise<{ code: string; message: string; details?: Record<string, unknown> }>;
  write(relPath: string, text: string): void;
  /** Copies a transcript fixture into sessions/, with {{WORKSPACE}} replaced by the workspace path. */
  addTranscript(fixture: string, name: string): string;
  reopen(): Promise<void>;
  cleanup(): Promise<void>;
}

export async function openHistoryWorkspace(
  files: Record<string, string>,
  options: {
    start?: number;
    watch?: boolean;
    dataDir?: string;
    /** How the engine opens its chokidar watcher (a test counts the watchers opened). */
    openWatcher?: EngineOptions['openWatcher'];
  } = {},
): Promise<HistoryWorkspace> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-history-'));
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(path.join(workspace, 'sessions'), { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), text);
  }
  const dataDir = options.dataDir ?? path.join(root, 'data');
  const clock = { now: options.start ?? Date.now() };
  const logs: string[] = [];
  const open = async (): Promise<AppService> => {
    const service = await createAppService({
      dataDir,
      overrides: {
        embedder: null,
        openclawHome: path.join(root, 'openclaw-home'),
        ...(options.openWatcher ? { openWatcher: options.openWatcher } : {}),
      },
      log: (m) => logs.push(englishText(m)),
      watch: options.watch ?? true,
      now: () => clock.now,
      validateResults: true,
    });
    await service.open(workspace, { isSample: false });
    await service.session.whenSynced();
    await service.history.whenIdle();
    return service;
  };
  const fx: HistoryWorkspace = {
    root,
    workspace,
    dataDir,
    service: await open(),
    clock,
    logs,
    async call(name, args) {
      const outcome = await fx.service.dispatcher.handle(name, args);
      if (!outcome.ok) throw new Error(`${name} failed: ${outcome.error.code} ${outcome.error.message}`);
      return outcome.result as never;
    },
    async failure(name, args) {
      const outcome = await fx.service.dispatcher.handle(name, args);
      if (outcome.ok) throw new Error(`${name} unexpectedly succeeded`);
      return outcome.error;
    },
    write(relPath, text) {
      // Replaced whole (as editors and the agent's write tool do), so the watcher never reads half a file.
      const abs = path.join(workspace, relPath);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      const temp = tempPathFor(abs);
      fs.writeFileSync(temp, text);
      fs.renameSync(temp, abs);
    },
    addTranscript(fixture, name) {
      const text = fs.readFileSync(path.join(FIXTURE_DIR, fixture), 'utf8').replaceAll('{{WORKSPACE}}', workspace);
      fs.writeFileSync(path.join(workspace, 'sessions', name), text);
      return `sessions/${name}`;
    },
    async reopen() {
      await fx.service.close();
      fx.service = await open();
    },
    async cleanup() {
      await fx.service.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  return fx;
}
