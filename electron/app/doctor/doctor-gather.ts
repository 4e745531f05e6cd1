// Gathers the doctor's input from the open engine (memory files, their dates and hashes, index
// state, the bootstrap budget) and the agent's searches: our MCP/search log and the agent's own
// memory_search / memory_get calls read from its transcripts.
import type { ContextArgs } from '../../../shared/domain.js';
import { MemoryLensError } from '../../../shared/errors.js';
import { isRootMemoryPath } from '../../../shared/memory-scope.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import { extractMemoryCalls, jsonlRecords, SEARCH_TOOLS } from '../../memory/parse/memory-tool-calls.js';
import type { WorkspaceActivity } from '../agent/agent-activity-store.js';
import type { DoctorFile, DoctorInput, IndexProblem, Retrieval } from './doctor-input.js';

export interface GatherOptions {
  /** The OpenClaw agent whose limits and transcripts count (`--agent`); default every agent. */
  agent?: string;
  /** "What if the cap were…": the budget finding under other limits (as `memlens context --limits`). */
  limits?: ContextArgs['limits'];
  now?: number;
  /** Lets a caller give way between files (the background pass yields to searches). */
  yieldEvery?: () => Promise<void>;
}

export async function gatherDoctorInput(
  engine: MemoryEngineApi,
  activity: WorkspaceActivity | null,
  options: GatherOptions = {},
): Promise<DoctorInput> {
  const listed = await engine.listFiles();
  const files: DoctorFile[] = [];
  const indexProblems: IndexProblem[] = [];
  for (const entry of listed) {
    if (entry.source !== 'memory') continue;
    if (entry.indexState === 'skipped' || entry.indexState === 'failed')
      indexProblems.push({
        path: entry.path,
        kind: entry.indexState,
        reason: entry.indexError ?? 'no reason recorded',
      });
    if (entry.checksum && !entry.checksum.ok)
      indexProblems.push({
        path: entry.path,
        kind: 'checksum',
        reason: `frontmatter says ${entry.checksum.declared.slice(0, 12)}…, the body hashes to ${entry.checksum.actual.slice(0, 12)}…`,
      });
    const content = await engine.readFile(entry.path).catch((error: unknown) => {
      if (error instanceof MemoryLensError) return null;
      throw error;
    });
    await options.yieldEvery?.();
    if (!content || content.window || content.readOnly) continue;
    files.push({
      path: entry.path,
      text: content.text,
      hash: content.hash,
      date: entry.date?.date ?? null,
      dateSource: entry.date?.source ?? null,
      bootstrap: isRootMemoryPath(entry.path),
    });
  }
  const contextArgs: ContextArgs = {};
  if (options.agent) contextArgs.agent = options.agent;
  if (options.limits) contextArgs.limits = options.limits;
  const context = await engine.context(contextArgs).catch(() => null);
  const memoryBudget = context?.files.find((f) => f.name === 'MEMORY.md' && f.exists) ?? null;

  const retrievals: Retrieval[] = [];
  let count = 0;
  let since: number | null = null;
  const counted = (at: number) => {
    count++;
    since = since === null ? at : Math.min(since, at);
  };
  if (activity && options.agent === undefined) {
    for (const summary of activity.listSearches().entries) {
      const entry = activity.getSearch(summary.id);
      if (!entry) continue;
      counted(entry.at);
      for (const r of entry.response.results)
        retrievals.push({ at: entry.at, path: r.path, startLine: r.startLine, endLine: r.endLine });
    }
  }
  for (const session of listed) {
    if (session.source !== 'sessions') continue;
    if (options.agent !== undefined && session.agentId !== options.agent) continue;
    const text = await engine.readTranscriptJsonl(session.path).catch(() => '');
    await options.yieldEvery?.();
    for (const call of extractMemoryCalls(jsonlRecords(text).records)) {
      const at = call.at ?? session.mtimeMs;
      if (SEARCH_TOOLS.has(call.tool)) counted(at);
      for (const hit of call.outcome.hits)
        if (hit.startLine !== null && hit.endLine !== null)
          retrievals.push({ at, path: hit.path, startLine: hit.startLine, endLine: hit.endLine });
    }
  }
  return {
    workspaceDir: engine.workspaceDir,
    files,
    knownPaths: new Set(listed.map((f) => f.path)),
    now: options.now ?? Date.now(),
    searches: { count, since, retrievals },
    memoryBudget,
    indexProblems,
  };
}
