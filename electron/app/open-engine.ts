// The one place a host constructs the engine: the CLI's one-shot commands, the workspace session
// of serve mode and of the desktop engine host. Hosts import this, not the engine's class.
import { MemoryEngine } from '../memory/engine.js';
import type { EngineOptions, MemoryEngineApi } from '../memory/engine-types.js';

export function openEngine(options: EngineOptions): Promise<MemoryEngineApi> {
  return MemoryEngine.open(options);
}
