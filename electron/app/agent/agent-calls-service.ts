// One list of memory calls: the agent's own (read from its transcripts), MCP clients' and people's
// (the search log), each with its outcome as the caller saw it, a diagnosis when it came back empty
// or failed, and the same query re-run in Memory Lens now. Transcripts are parsed once per
// (size, mtime); everything else is computed per request, so it always reflects the files now.
import type {
  AgentCall,
  AgentCallList,
  AgentCallsArgs,
  CallHit,
  CallOutcome,
  CallReplay,
} from '../../../shared/agent-call-types.js';
import type { AgentSearchSummary, FileListEntry, ScoreBreakdown, SearchResult } from '../../../shared/domain.js';
import { MemoryLensError, messageOf } from '../../../shared/errors.js';
import { parseSince } from '../../../shared/since-date.js';
import { diagnoseMemoryCall, type ReplayEvidence } from '../../../shared/memory-call-diagnosis.js';
import { holdsEveryWord } from '../../../shared/openclaw-keyword-rule.js';
import { SEARCH_DEFAULTS } from '../../../shared/search-defaults.js';
import { maskSecrets } from '../../../shared/secrets.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import {
  baseToolName,
  extractMemoryCalls,
  jsonlRecords,
  SEARCH_TOOLS,
  type ExtractedMemoryCall,
} from '../../memory/parse/memory-tool-calls.js';
import type { WorkspaceActivity } from './agent-activity-store.js';
import { summarizeHealth } from './agent-calls-health.js';

/** How far a diagnosis looks among the replay's candidates: enough that a chunk holding every word is among them. */
const EVIDENCE_RESULTS = 20;
/** Distinct queries re-run per list (each is one search); older calls beyond it show no replay. */
const MAX_REPLAYS = 200;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{2,}/u;

export interface AgentCallsDeps {
  engine(): MemoryEngineApi;
  activity(): WorkspaceActivity;
  now?: () => number;
}

interface ParsedTranscript {
  key: string;
  calls: ExtractedMemoryCall[];
  malformed: number;
}

interface Replayed {
  replay: CallReplay;
  asAgent: CallReplay | null;
  evidence: ReplayEvidence[];
  allWordsChunks: number;
}

export class AgentCallsService {
  /** Parsed transcripts by workspace + path, valid while size and mtime match. */
  private readonly transcripts = new Map<string, ParsedTranscript>();

  constructor(private readonly deps: AgentCallsDeps) {}

  async list(args: AgentCallsArgs = {}): Promise<AgentCallList> {
    const engine = this.deps.engine();
    const now = (this.deps.now ?? Date.now)();
    const since = args.since === undefined ? null : parseSince(args.since, new Date(now));
    const files = await engine.listFiles();
    const byPath = new Map(files.map((f) => [f.path, f]));
    const sessions = files.filter(
      (f) => f.source === 'sessions' && (args.agent === undefined || f.agentId === args.agent),
    );

    let malformed = 0;
    const calls: AgentCall[] = [];
    for (const file of sessions) {
      const parsed = await this.transcript(engine, file);
      malformed += parsed.malformed;
      for (const c of parsed.calls) calls.push(fromTranscript(file, c, now));
    }
    if (args.agent === undefined)
      calls.push(...withoutEchoes(this.deps.activity().listSearches().entries.map(fromLog), calls));

    calls.sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || (b.line ?? 0) - (a.line ?? 0));
    // Every call is diagnosed: the health summary covers the last 30 days whatever `since` shows.
    await this.replayAndDiagnose(engine, calls, byPath);
    const kept = calls.filter((c) => since === null || Date.parse(c.time) >= since);
    const limited = args.limit === undefined ? kept : kept.slice(0, args.limit);
    return {
      calls: limited,
      health: summarizeHealth(calls, now),
      sessionsRead: sessions.length,
      malformedRecords: malformed,
    };
  }

  private async transcript(engine: MemoryEngineApi, file: FileListEntry): Promise<ParsedTranscript> {
    const cacheKey = `${engine.workspaceDir}\u0000${file.path}`;
    const key = `${file.size}:${file.mtimeMs}`;
    const cached = this.transcripts.get(cacheKey);
    if (cached?.key === key) return cached;
    let parsed: ParsedTranscript;
    try {
      const { records, malformed } = await readRecords(engine, file.path);
      parsed = { key, calls: extractMemoryCalls(records), malformed };
    } catch (error) {
      // A transcript deleted or unreadable between the listing and the read has no calls to show.
      if (error instanceof MemoryLensError && error.code === 'NOT_FOUND') parsed = { key, calls: [], malformed: 0 };
      // A typed cause already names the file in words each language has; anything else is wrapped.
      else if (error instanceof MemoryLensError && error.ref) throw new MemoryLensError('UNAVAILABLE', error.ref);
      else
        throw new MemoryLensError('UNAVAILABLE', {
          messageId: 'errors:agent.readFailed',
          params: { path: file.path, cause: messageOf(error) },
        });
    }
    this.transcripts.set(cacheKey, parsed);
    return parsed;
  }

  /** Re-runs each distinct query (memory files, the caller's limits) and diagnoses what came back empty from the same run. */
  private async replayAndDiagnose(
    engine: MemoryEngineApi,
    calls: AgentCall[],
    files: ReadonlyMap<string, FileListEntry>,
  ): Promise<void> {
    const replays = new Map<string, Promise<Replayed | null>>();
    const texts = new Map<string, Promise<string[] | null>>();
    const linesOf = (path: string) => {
      if (!texts.has(path))
        texts.set(
          path,
          engine.readFile(path).then(
            (f) => f.text.split('\n'),
            () => null,
          ),
        );
      return texts.get(path)!;
    };
    for (const call of calls) {
      const minScore = numberArg(call.arguments.minScore) ?? SEARCH_DEFAULTS.minScore;
      const maxResults = numberArg(call.arguments.maxResults) ?? SEARCH_DEFAULTS.maxResults;
      let replayed: Replayed | null = null;
      if (SEARCH_TOOLS.has(baseToolName(call.tool)) && call.query && call.query.trim() !== '') {
        const key = JSON.stringify([call.query, minScore, maxResults]);
        if (!replays.has(key) && replays.size < MAX_REPLAYS)
          replays.set(key, replay(engine, call.query, minScore, maxResults, files, linesOf));
        replayed = (await replays.get(key)) ?? null;
      }
      call.replay = replayed?.replay ?? null;
      call.replayAsAgent = replayed?.asAgent ?? null;
      call.diagnosis = diagnoseMemoryCall({
        tool: baseToolName(call.tool),
        path: typeof call.arguments.path === 'string' ? call.arguments.path : null,
        outcome: call.outcome,
        callAt: Date.parse(call.time),
        minScore,
        keywordOnly: call.outcome.provider === 'none' || call.outcome.mode === 'fts-only',
        replay: replayed?.evidence ?? null,
        maxResults,
        allWordsChunks: replayed?.allWordsChunks ?? null,
        cjkRuns: call.query !== null && CJK_RUN.test(call.query),
      });
    }
  }
}

async function replay(
  engine: MemoryEngineApi,
  query: string,
  minScore: number,
  maxResults: number,
  files: ReadonlyMap<string, FileListEntry>,
  linesOf: (path: string) => Promise<string[] | null>,
): Promise<Replayed | null> {
  try {
    // Memory files only, as OpenClaw's memory_search: a transcript would find the question itself.
    // One run: the replay is its results and the diagnosis reads its candidates, so they agree.
    const { response: ours, candidates } = await engine.rankedSearch(
      { query, minScore, maxResults, sources: ['memory'] },
      EVIDENCE_RESULTS,
    );
    const asAgent = await engine.search({ query, minScore, maxResults, profile: 'openclaw' }).catch(() => null);
    let allWordsChunks = 0;
    for (const c of candidates) {
      const lines = await linesOf(c.path);
      if (lines && holdsEveryWord(query, lines.slice(c.startLine - 1, c.endLine).join('\n'))) allWordsChunks += 1;
    }
    return {
      replay: {
        profile: 'memory-lens',
        count: ours.results.length,
        mode: ours.mode,
        hits: ours.results.map(toHit),
        keptBelowMinScore: ours.results.some((r) => r.score < minScore),
        allWordsChunks,
      },
      asAgent: asAgent && {
        profile: 'openclaw',
        count: asAgent.results.length,
        mode: asAgent.mode,
        hits: asAgent.results.map(toHit),
        keptBelowMinScore: asAgent.results.some((r) => r.score < minScore),
        allWordsChunks,
      },
      evidence: candidates.map((c) => {
        // A listed chunk is named by the lines its result shows (a region of merged chunks).
        const shown = c.listedAt === null ? c : ours.results[c.listedAt - 1]!;
        return {
          path: c.path,
          startLine: shown.startLine,
          endLine: shown.endLine,
          score: c.listedAt === null ? c.breakdown.final : shown.breakdown.final,
          listedAt: c.listedAt,
          coverage: coverageOf(c.breakdown),
          pathDate: pathDateOf(files.get(c.path)),
        };
      }),
      allWordsChunks,
    };
  } catch {
    // The index is being rebuilt or the query is refused: the call is still listed, without a replay.
    return null;
  }
}

/** A transcript's records, window by window for one too large to read whole. */
async function readRecords(engine: MemoryEngineApi, path: string): Promise<ReturnType<typeof jsonlRecords>> {
  const first = await engine.readFile(path);
  if (!first.window) return jsonlRecords(first.text);
  const all: ReturnType<typeof jsonlRecords> = { records: [], malformed: 0 };
  let page = first;
  for (;;) {
    const part = jsonlRecords(page.text, page.window!.startLine);
    all.records.push(...part.records);
    all.malformed += part.malformed;
    if (page.window!.endByte >= page.window!.totalBytes || page.window!.endByte <= page.window!.startByte) return all;
    page = await engine.readFile(path, { offset: page.window!.endByte });
    if (!page.window) return all;
  }
}

function fromTranscript(file: FileListEntry, c: ExtractedMemoryCall, now: number): AgentCall {
  return {
    id: `${file.path}#${c.line}${c.toolCallId ? `:${c.toolCallId}` : ''}`,
    source: 'transcript',
    client: null,
    agentId: file.agentId ?? null,
    tool: c.tool,
    // A record without a timestamp is dated by its transcript (mtime) rather than left out.
    time: new Date(c.at ?? (Number.isFinite(file.mtimeMs) ? file.mtimeMs : now)).toISOString(),
    session: { path: file.path, title: file.title ?? null },
    line: c.line,
    resultLine: c.resultLine,
    query: c.query,
    arguments: c.arguments,
    outcome: c.outcome,
    next: c.next,
    diagnosis: null,
    replay: null,
    replayAsAgent: null,
    logId: null,
  };
}

function fromLog(s: AgentSearchSummary): AgentCall {
  const outcome: CallOutcome = {
    kind: s.resultCount > 0 ? 'results' : 'empty',
    count: s.resultCount,
    reason: null,
    mode: s.mode,
    provider: null,
    action: null,
    hits: s.topPath ? [{ path: s.topPath, startLine: null, endLine: null, score: null }] : [],
  };
  return {
    id: `log:${s.id}`,
    // The CLI logs only when a person asks it to (memlens search --log): those are people's searches.
    source: s.caller.kind === 'mcp' ? 'mcp' : 'person',
    client: s.caller.client,
    agentId: null,
    tool: 'memory_search',
    time: new Date(s.at).toISOString(),
    session: null,
    line: null,
    resultLine: null,
    query: s.query,
    arguments: { query: s.query },
    outcome,
    next: null,
    diagnosis: null,
    replay: null,
    replayAsAgent: null,
    logId: s.id,
  };
}

/** An OpenClaw agent calling Memory Lens over MCP leaves the call in its transcript too. */
const ECHO_WINDOW_MS = 60_000;

/**
 * Logged MCP searches that are the same call as a transcript's `<server>__memory_search` (same
 * query, within a minute) are left out: the transcript's entry already shows it, as the agent saw it.
 */
export function withoutEchoes(logged: readonly AgentCall[], transcript: readonly AgentCall[]): AgentCall[] {
  // The log keeps a query's secrets masked (agent-activity-store.ts) and the transcript keeps them
  // raw: the two are compared masked.
  const viaMcp = transcript
    .filter((c) => c.tool !== baseToolName(c.tool) && c.query !== null)
    .map((c) => ({ time: c.time, query: maskSecrets(c.query!) }));
  return logged.filter((l) => {
    if (l.source !== 'mcp' || l.query === null) return true;
    const query = maskSecrets(l.query);
    return !viaMcp.some(
      (t) => t.query === query && Math.abs(Date.parse(t.time) - Date.parse(l.time)) <= ECHO_WINDOW_MS,
    );
  });
}

function toHit(r: SearchResult): CallHit {
  return { path: r.path, startLine: r.startLine, endLine: r.endLine, score: r.score, source: r.source };
}

function coverageOf(breakdown: ScoreBreakdown): number | null {
  const k = breakdown.keyword;
  if (!k || !k.termCount) return breakdown.vector && !('unavailable' in breakdown.vector) ? null : 0;
  return k.matchedTerms.length / k.termCount;
}

function pathDateOf(file: FileListEntry | undefined): string | null {
  return file?.date?.source === 'path' ? file.date.date.slice(0, 10) : null;
}

function numberArg(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
