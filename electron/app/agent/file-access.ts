// A file's access counts as the file view shows them: each counted chunk where it is now (found
// by its text hash among the file's indexed chunks) or, when its text is gone, where it was.
import type { FileAccess } from '../../../shared/domain.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import type { WorkspaceActivity } from './agent-activity-store.js';

export async function fileAccessOf(
  engine: MemoryEngineApi,
  activity: WorkspaceActivity,
  cleanPath: string,
): Promise<FileAccess> {
  const stored = activity.fileAccess(cleanPath);
  if (stored.length === 0) return { path: cleanPath, total: 0, lastAccessAt: null, ranges: [] };
  const current = await engine.chunksOf(cleanPath).catch(() => []);
  const byHash = new Map(current.map((c) => [c.hash, c]));
  const ranges = stored
    .map((s) => {
      const now = byHash.get(s.hash);
      return {
        startLine: now?.startLine ?? s.startLine,
        endLine: now?.endLine ?? s.endLine,
        count: s.count,
        lastAccessAt: s.lastAccessAt,
        current: now !== undefined,
        chunkHash: s.hash,
      };
    })
    .sort((a, b) => a.startLine - b.startLine || a.endLine - b.endLine);
  return {
    path: cleanPath,
    total: ranges.reduce((sum, r) => sum + r.count, 0),
    lastAccessAt: Math.max(...ranges.map((r) => r.lastAccessAt)),
    ranges,
  };
}
