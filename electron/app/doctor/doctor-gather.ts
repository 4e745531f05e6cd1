// Gathers the doctor's input (memory files, their dates and hashes, index state, the agent's own
// index, the bootstrap budget) and the agent's searches: our MCP/search log and the agent's
// transcripts, read here and parsed for its memory_search / memory_get calls by the finders. The
// same code reads through the open engine (the CLI, a pass whose worker failed) or through the
// worker's own read-only connections (doctor-reads.ts), so both give the same input.
import type { ContextArgs } from '../../../shared/domain.js';
import { MemoryLensError } from '../../../shared/errors.js';
import { isRootMemoryPath } from '../../../shared/memory-scope.js';
import type { DoctorReads, DoctorSearchLog } from './doctor-reads.js';
import type { AgentIndexInput, DoctorFile, DoctorInput, IndexProblem, Retrieval } from './doctor-input.js';
import { say } from './doctor-text.js';

export interface GatherOptions {
  /** The OpenClaw agent whose limits and transcripts count (`--agent`); default every agent. */
  agent?: string;
  /** "What if the cap were…": the budget finding under other limits (as `memlens context --limits`). */
  limits?: ContextArgs['limits'];
  now?: number;
  /** Lets a caller give way between batches of files (the background pass yields to searches). */
  yieldEvery?: () => Promise<void>;
}

/**
 * Files read at once. Each read is several file-system steps, and while searches keep coming each
 * step waits a turn of the event loop behind one of them: reading a batch together lets the
 * steps of the whole batch complete in the same turns (the pass over 1,000 files finishes sooner).
 * Few, though: those completions (decoding, frontmatter) run in one turn ahead of a waiting search,
 * and 16 at once made turns of 20–45 ms.
 */
const READ_BATCH = 4;

async function inBatches<T, R>(
  items: readonly T[],
  yieldEvery: (() => Promise<void>) | undefined,
  read: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += READ_BATCH) {
    out.push(...(await Promise.all(items.slice(i, i + READ_BATCH).map(read))));
    await yieldEvery?.();
  }
  return out;
}

export async function gatherDoctorInput(
  engine: DoctorReads,
  activity: DoctorSearchLog | null,
  options: GatherOptions = {},
): Promise<DoctorInput> {
  const listed = await engine.listFiles();
  const files: DoctorFile[] = [];
  const indexProblems: IndexProblem[] = [];
  const memory = listed.filter((entry) => entry.source === 'memory');
  for (const entry of memory) {
    if (entry.indexState === 'skipped' || entry.indexState === 'failed')
      indexProblems.push({
        path: entry.path,
        kind: entry.indexState,
        // The index's reason by its id when it has one (errors:indexing.*), else its stored English.
        reason: entry.indexErrorId
          ? { id: entry.indexErrorId, params: entry.indexErrorParams ?? {} }
          : (entry.indexError ?? say('finding.noReasonRecorded')),
      });
    if (entry.checksum && !entry.checksum.ok)
      indexProblems.push({
        path: entry.path,
        kind: 'checksum',
        reason: say('finding.checksumMismatch', {
          declared: entry.checksum.declared.slice(0, 12),
          actual: entry.checksum.actual.slice(0, 12),
        }),
      });
  }
  const contents = await inBatches(memory, options.yieldEvery, (entry) =>
    engine.readFile(entry.path).catch((error: unknown) => {
      if (error instanceof MemoryLensError) return null;
      throw error;
    }),
  );
  memory.forEach((entry, i) => {
    const content = contents[i];
    if (!content || content.window || content.readOnly) return;
    files.push({
      path: entry.path,
      text: content.text,
      hash: content.hash,
      date: entry.date?.date ?? null,
      dateSource: entry.date?.source ?? null,
      bootstrap: isRootMemoryPath(entry.path),
    });
  });
  const contextArgs: ContextArgs = {};
  if (options.agent) contextArgs.agent = options.agent;
  if (options.limits) contextArgs.limits = options.limits;
  const context = await engine.context(contextArgs).catch(() => null);
  const memoryBudget = context?.files.find((f) => f.name === 'MEMORY.md' && f.exists) ?? null;

  const agentDbs = await engine.agentDatabases().catch(() => null);
  const agentIndexes: AgentIndexInput[] = [];
  const unreadableAgentIndexes: { agentId: string; path: string }[] = [];
  for (const db of agentDbs?.databases ?? []) {
    if (options.agent !== undefined && db.agentId !== options.agent) continue;
    if (db.index) agentIndexes.push({ agentId: db.agentId, files: db.index.files });
    else unreadableAgentIndexes.push({ agentId: db.agentId, path: db.path });
  }

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
  const sessions = listed.filter(
    (entry) => entry.source === 'sessions' && (options.agent === undefined || entry.agentId === options.agent),
  );
  const transcripts = await inBatches(sessions, options.yieldEvery, async (session) => ({
    mtimeMs: session.mtimeMs,
    jsonl: await engine.readTranscriptJsonl(session.path).catch(() => ''),
  }));
  return {
    workspaceDir: engine.workspaceDir,
    files,
    knownPaths: new Set(listed.map((f) => f.path)),
    now: options.now ?? Date.now(),
    searches: { count, since, retrievals },
    transcripts,
    memoryBudget,
    indexProblems,
    agentIndexes,
    unreadableAgentIndexes,
  };
}
