// The one place a host constructs the engine: the CLI's one-shot commands, the workspace session
// of serve mode and of the desktop engine host. Hosts import this, not the engine's class.
import { MemoryEngine } from '../memory/engine.js';
import type { EngineOptions, MemoryEngineApi } from '../memory/engine-types.js';
import type { AgentActivityStore } from './agent/agent-activity-store.js';

/** With an activity store, every breakdown carries the chunk's agent access counts. */
export function openEngine(options: EngineOptions, activity?: AgentActivityStore): Promise<MemoryEngineApi> {
  return MemoryEngine.open(
    activity ? { ...options, accessStats: activity.workspace(options.workspaceDir).accessStats } : options,
  );
}
