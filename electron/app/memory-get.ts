// memory_get without an engine: the file read under the engine's own path rules
// (workspace/workspace-scope.ts, workspace/memory-path.ts), so `memlens get` opens no index,
// search code or model.
import type { MemoryGetResult } from '../../shared/domain.js';
import type { EngineOptions } from '../memory/engine-types.js';
import { memoryGet } from '../memory/workspace/file-io.js';
import { WorkspaceScope } from '../memory/workspace/workspace-scope.js';

export function getMemoryLines(
  options: Pick<EngineOptions, 'workspaceDir' | 'sessionDirs' | 'extraPaths' | 'excludedAgents'>,
  relPath: string,
  from?: number,
  lines?: number,
): Promise<MemoryGetResult> {
  const scope = new WorkspaceScope({
    workspaceDir: options.workspaceDir,
    sessionDirs: options.sessionDirs ?? [],
    extraPaths: options.extraPaths ?? [],
    excludedAgents: options.excludedAgents ?? [],
  });
  return memoryGet(scope, relPath, from, lines);
}
