// The one place the CLI constructs the engine.
import { MemoryEngine } from '../memory/engine.js';
import type { EngineOptions, MemoryEngineApi } from '../memory/engine-types.js';

export async function openEngine(options: EngineOptions): Promise<MemoryEngineApi> {
  return MemoryEngine.open(options);
}
