// The real engine, opened keyword-only for benchmarks and the CMRC evaluation: index and data
// folder in a scratch directory, an empty OpenClaw home so ~/.openclaw is never read.
import path from 'node:path';
import { MemoryEngine } from '../electron/memory/engine.js';
import type { MemoryEngineApi } from '../electron/memory/engine-types.js';
import type { IndexSessionOptions } from '../electron/memory/search/sqlite/index-session.js';

export async function openKeywordEngine(
  workspaceDir: string,
  stateDir: string,
  indexSession?: IndexSessionOptions,
): Promise<MemoryEngineApi> {
  return MemoryEngine.open({
    ...(indexSession ? { indexSession } : {}),
    workspaceDir,
    dbPath: path.join(stateDir, 'index.sqlite'),
    dataDir: stateDir,
    openclawHome: path.join(stateDir, 'openclaw-home'),
    embedder: null,
  });
}
