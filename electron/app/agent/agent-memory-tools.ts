// memory_search and memory_get for agents, independent of transport (the MCP server carries them).
// OpenClaw 2026.9.6's result shapes plus a `breakdown` per result; every call counts the accesses
// it hands out, and every search lands in the replay log. A bad argument or path comes back as a
// typed error outcome, never a throw: an agent must always get an answer it can read.
import { loggedResponse } from './logged-response.js';
import { withSourceLine } from '../../../shared/snippet-source.js';
import type { AgentCaller, SearchOptions, SearchResponse, SearchResult } from '../../../shared/domain.js';
import { toErrorValue, type ErrorCode } from '../../../shared/errors.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import { toBoundaryError } from '../../memory/files/fs-errors.js';
import type { WorkspaceActivity } from './agent-activity-store.js';
import { MEMORY_GET_MAX_LINES, boundedExcerpt, type BoundedExcerpt } from './bounded-excerpt.js';
import {
  describeArgIssues,
  MemoryContextArgsSchema,
  MemoryGetArgsSchema,
  MemorySearchArgsSchema,
} from './agent-tool-specs.js';
import { citationFor } from '../../../shared/citation.js';
import type { ContextReport } from '../../../shared/domain.js';
import { DEFAULT_LOCALE, localText, translator, type Locale } from '../../../shared/i18n.js';
import { OUR_MEMORY_FILES } from '../../../shared/memory-scope.js';
import type { TFunction } from 'i18next';

/** What a tool call returns: the payload (serialised for the agent) and whether it failed. */
export interface ToolOutcome<T = Record<string, unknown>> {
  isError: boolean;
  payload: T;
}

/** One memory_search hit as the agent sees it (OpenClaw's fields, plus `breakdown`). */
export interface AgentSearchHit {
  path: string;
  startLine: number;
  endLine: number;
  score: number;
  snippet: string;
  source: SearchResult['source'];
  corpus: SearchResult['source'];
  citation: string;
  breakdown: SearchResult['breakdown'];
}

export interface AgentMemoryToolsDeps {
  /** The engine currently serving the workspace. */
  engine(): MemoryEngineApi;
  /** Access counts and the search log of that workspace. */
  activity(): WorkspaceActivity;
  /**
   * Resolves true once the first index of the workspace is complete, false if it is still running
   * when the caller stops waiting (then results come from what is indexed so far, marked stale).
   */
  ready(): Promise<boolean>;
  /** Search options from the server's command line (decay, MMR, sources, boost, weights, defaults). */
  defaults: Omit<SearchOptions, 'query'>;
  /** The language of the sentences in the answers (memlens mcp: --lang / MEMLENS_LANG); English by default. */
  locale?: Locale;
  now?: () => number;
}

export interface AgentMemoryTools {
  memorySearch(rawArgs: unknown, caller: AgentCaller): Promise<ToolOutcome>;
  memoryGet(rawArgs: unknown): Promise<ToolOutcome>;
  /** The bootstrap budget (the `context` call) for the workspace, numbers only. */
  memoryContext(rawArgs: unknown): Promise<ToolOutcome>;
}

export function createAgentMemoryTools(deps: AgentMemoryToolsDeps): AgentMemoryTools {
  const now = deps.now ?? Date.now;
  const locale = deps.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  // English answers stay byte for byte what they were: the engine's English is already in `message`.
  const local = <V extends { message: string; messageId?: string; params?: Record<string, string | number> }>(
    value: V,
  ): string => (locale === DEFAULT_LOCALE ? value.message : localText(t, value));
  const searchFailure = (code: ErrorCode, message: string) => searchFailureIn(t, code, message);
  const getFailure = (path: string, code: ErrorCode, message: string) => getFailureIn(t, path, code, message);
  return {
    async memorySearch(rawArgs, caller) {
      const parsed = MemorySearchArgsSchema.safeParse(rawArgs ?? {});
      if (!parsed.success)
        return searchFailure('INVALID_ARGUMENT', describeArgIssues('memory_search', parsed.error, rawArgs, t));
      const args = parsed.data;
      const options: SearchOptions = { ...deps.defaults, query: args.query };
      if (args.maxResults !== undefined) options.maxResults = args.maxResults;
      if (args.minScore !== undefined) options.minScore = args.minScore;
      if (args.corpus === 'memory' || args.corpus === 'sessions') options.sources = [args.corpus];
      else if (args.corpus === 'all') delete options.sources;

      const complete = await deps.ready();
      let response: SearchResponse;
      try {
        response = await deps.engine().search(options);
      } catch (error) {
        const value = toErrorValue(toBoundaryError(error));
        return searchFailure(value.code, local(value));
      }
      const at = now();
      const activity = deps.activity();
      // The breakdowns above show the counts before this access; the next search sees it.
      activity.recordAccess(
        response.results.map((r) => ({ path: r.path, hash: r.chunkHash, startLine: r.startLine, endLine: r.endLine })),
        at,
      );
      activity.logSearch({
        at,
        caller,
        query: args.query,
        mode: response.mode,
        options,
        response: loggedResponse(response),
      });

      const payload: Record<string, unknown> = {
        results: response.results.map(toAgentHit),
        provider: response.provider,
        model: response.model,
        fallback: response.fallback,
        // OpenClaw's "auto": citations unless the session is a group or channel; an MCP client is neither.
        citations: 'auto',
        mode: response.mode,
      };
      if (response.modeReason) payload.modeReason = response.modeReason;
      if (response.notices.length > 0)
        payload.notices =
          locale === DEFAULT_LOCALE ? response.notices : response.notices.map((n) => ({ ...n, message: local(n) }));
      if (!complete) {
        const progress = deps.engine().status().progress;
        payload.stale = true;
        payload.warning = t('cli:mcp.tool.stale', {
          progress: progress
            ? t('cli:mcp.tool.staleProgress', { done: progress.filesDone, total: progress.filesTotal })
            : '',
        });
        payload.action = t('cli:mcp.tool.staleAction');
      }
      return { isError: false, payload };
    },

    async memoryGet(rawArgs) {
      const rawPath =
        typeof (rawArgs as { path?: unknown } | null)?.path === 'string' ? (rawArgs as { path: string }).path : '';
      const parsed = MemoryGetArgsSchema.safeParse(rawArgs ?? {});
      if (!parsed.success)
        return getFailure(rawPath, 'INVALID_ARGUMENT', describeArgIssues('memory_get', parsed.error, rawArgs, t));
      const args = parsed.data;
      const from = args.from ?? 1;
      const wanted = Math.min(args.lines ?? MEMORY_GET_MAX_LINES, MEMORY_GET_MAX_LINES);
      const engine = deps.engine();
      let read;
      try {
        read = await engine.get(args.path, from, wanted);
      } catch (error) {
        const value = toErrorValue(toBoundaryError(error));
        if (value.code === 'NOT_FOUND')
          return { isError: true, payload: { status: 'not_found', text: '', path: args.path, error: local(value) } };
        return getFailure(args.path, value.code, local(value));
      }
      // The engine clamps `from` to the last line; OpenClaw answers past the end with nothing.
      if (from > read.totalLines) {
        return {
          isError: false,
          payload: { status: 'ok', text: '', path: read.path, from, lines: 0 } satisfies BoundedExcerpt,
        };
      }
      const selected = read.text === '' && read.lines === 0 ? [] : read.text.split('\n');
      const excerpt = boundedExcerpt({
        path: read.path,
        from: read.from,
        selected,
        moreLinesAfter: read.from - 1 + read.lines < read.totalLines,
      });
      if (excerpt.lines > 0)
        await recordLinesRead(
          engine,
          deps.activity(),
          read.path,
          excerpt.from,
          excerpt.from + excerpt.lines - 1,
          now(),
        );
      return { isError: false, payload: { ...excerpt } };
    },

    async memoryContext(rawArgs) {
      const parsed = MemoryContextArgsSchema.safeParse(rawArgs ?? {});
      if (!parsed.success)
        return {
          isError: true,
          payload: { error: describeArgIssues('memory_context', parsed.error, rawArgs, t), code: 'INVALID_ARGUMENT' },
        };
      try {
        const report = await deps.engine().context(parsed.data);
        return { isError: false, payload: { ...(locale === DEFAULT_LOCALE ? report : reportIn(t, report)) } };
      } catch (error) {
        const value = toErrorValue(toBoundaryError(error));
        return { isError: true, payload: { error: local(value), code: value.code } };
      }
    },
  };
}

/** Counts one access of every indexed chunk that overlaps the lines read. */
async function recordLinesRead(
  engine: MemoryEngineApi,
  activity: WorkspaceActivity,
  path: string,
  first: number,
  last: number,
  at: number,
): Promise<void> {
  try {
    const chunks = await engine.chunksOf(path);
    const touched = chunks.filter((c) => c.startLine <= last && c.endLine >= first);
    activity.recordAccess(
      touched.map((c) => ({ path, hash: c.hash, startLine: c.startLine, endLine: c.endLine })),
      at,
    );
  } catch {
    // The index is being rebuilt or repaired: the read succeeded, the count is what is lost.
  }
}

/** OpenClaw appends the citation to the snippet (`Source: path#L3-L9`) when citations are on. */
export function toAgentHit(result: SearchResult): AgentSearchHit {
  const citation = result.citation ?? citationFor(result.path, result.startLine, result.endLine);
  return {
    path: result.path,
    startLine: result.startLine,
    endLine: result.endLine,
    score: result.score,
    snippet: withSourceLine(result.snippet, citation),
    source: result.source,
    corpus: result.source,
    citation,
    breakdown: result.breakdown,
  };
}

/** The context report with its sentences (limits, agent choice, file notes, notes) in `t`'s language; ids kept. */
function reportIn(t: TFunction, report: ContextReport): ContextReport {
  const limit = (l: ContextReport['limits']['perFile']) => ({
    ...l,
    detail: localText(t, { message: l.detail, messageId: l.detailId, params: l.detailParams }),
  });
  return {
    ...report,
    agent: {
      ...report.agent,
      how: localText(t, { message: report.agent.how, messageId: report.agent.howId, params: report.agent.howParams }),
    },
    limits: { ...report.limits, perFile: limit(report.limits.perFile), total: limit(report.limits.total) },
    files: report.files.map((f) => ({
      ...f,
      note: f.note === null ? null : localText(t, { message: f.note, messageId: f.noteId, params: f.noteParams }),
    })),
    notes: report.notes.map((note, i) => localText(t, { message: note, ...report.noteRefs?.[i] })),
  };
}

/** OpenClaw's "unavailable" shape, so an agent prompted for it tells the user. */
function searchFailureIn(t: TFunction, code: ErrorCode, message: string): ToolOutcome {
  const invalid = code === 'INVALID_ARGUMENT';
  return {
    isError: true,
    payload: {
      results: [],
      ...(invalid ? {} : { disabled: true, unavailable: true }),
      error: message,
      code,
      warning: t(invalid ? 'cli:mcp.tool.invalidSearch' : 'cli:mcp.tool.unavailable'),
      action: t(
        invalid
          ? 'cli:mcp.tool.fixArguments'
          : code === 'INDEX_CORRUPT'
            ? 'cli:mcp.tool.rebuilding'
            : 'cli:mcp.tool.retry',
      ),
    },
  };
}

/** Refused paths also say what memory_get does read, so the agent can correct itself. */
function getFailureIn(t: TFunction, path: string, code: ErrorCode, message: string): ToolOutcome {
  const error =
    code === 'OUT_OF_ROOT' || code === 'NOT_ALLOWED'
      ? `${/[.。]$/.test(message) ? message : `${message}.`} ${t('cli:mcp.tool.getReads', { files: OUR_MEMORY_FILES })}`
      : message;
  return { isError: true, payload: { path, text: '', status: 'error', code, error } };
}
