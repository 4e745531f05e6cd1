// memlens search QUERY — the agent's memory_search from the shell, one query or a JSONL batch.
import { withSourceLine } from '../../../shared/snippet-source.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MemorySource, SearchNotice, SearchOptions } from '../../../shared/domain.js';
import { MemoryLensError, toErrorValue } from '../../../shared/errors.js';
import { englishText, localText } from '../../../shared/i18n.js';
import { indexLog, lifecycleReasonOf } from '../../../shared/index-reasons.js';
import { nestedReason } from '../../../shared/mode-reasons.js';
import type { TFunction } from 'i18next';
import type { CliIo } from '../cli-io.js';
import { SEARCH_PROFILES } from '../../../shared/search-profiles.js';
import { SEARCH_DEFAULTS } from '../../../shared/search-defaults.js';
import { expansionFromFlags } from './expansion-flags.js';
import type { WorkspaceActivity } from '../../app/agent/agent-activity-store.js';
import { loggedResponse } from '../../app/agent/logged-response.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';
import { intOption, numberOption, UsageError, usageError } from '../common-options.js';
import { formatSearchResponse } from '../format-search.js';

const SOURCES: readonly MemorySource[] = ['memory', 'sessions'];

/** SearchOptions from the flags (everything but the query). */
export function searchOptionsFromFlags(values: Record<string, unknown>): Omit<SearchOptions, 'query'> {
  const options: Omit<SearchOptions, 'query'> = {};
  if (values['show-secrets'] === true) options.showSecrets = true;
  const maxResults = intOption(values['max-results'], '--max-results');
  if (maxResults !== undefined) options.maxResults = maxResults;
  const minScore = numberOption(values['min-score'], '--min-score', 0, 1);
  if (minScore !== undefined) options.minScore = minScore;
  if (typeof values.sources === 'string') {
    const sources = values.sources
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const s of sources) if (!SOURCES.includes(s as MemorySource)) throw usageError('sourcesUnknown', { value: s });
    if (sources.length === 0) throw usageError('sourcesEmpty');
    options.sources = sources as MemorySource[];
  }
  if (typeof values.decay === 'string') {
    const halfLifeDays =
      values.decay === ''
        ? SEARCH_DEFAULTS.halfLifeDays
        : numberOption(values.decay, '--decay', Number.MIN_VALUE, 1e6, 'halfLife')!;
    options.decay = { enabled: true, halfLifeDays };
  }
  if (typeof values.mmr === 'string') {
    const lambda = values.mmr === '' ? SEARCH_DEFAULTS.mmrLambda : numberOption(values.mmr, '--mmr', 0, 1, 'lambda')!;
    options.mmr = { enabled: true, lambda };
  }
  if (typeof values['access-boost'] === 'string') {
    const factor =
      values['access-boost'] === ''
        ? SEARCH_DEFAULTS.accessBoostFactor
        : numberOption(values['access-boost'], '--access-boost', 0, 10, 'factor')!;
    options.accessBoost = { enabled: true, factor };
  }
  if (typeof values.now === 'string') Object.assign(options, parseNowOption(values.now));
  if (typeof values.dates === 'string' || typeof values['date-boost'] === 'string') {
    if (values.dates !== undefined && values.dates !== 'on' && values.dates !== 'off')
      throw usageError('dates', { value: String(values.dates) });
    const boost = numberOption(values['date-boost'], '--date-boost', 1, 10);
    options.dates = { enabled: values.dates !== 'off', ...(boost !== undefined ? { boost } : {}) };
  }
  if (typeof values.profile === 'string') {
    if (!(SEARCH_PROFILES as readonly string[]).includes(values.profile))
      throw usageError('profile', { profiles: SEARCH_PROFILES.join(', '), value: values.profile });
    if (values.profile === 'openclaw') options.profile = 'openclaw';
  }
  const expansion = expansionFromFlags(values.expand, values['expand-weight']);
  if (expansion) options.expansion = expansion;
  for (const flag of ['from', 'to'] as const) {
    const value = values[flag];
    if (typeof value === 'string') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
        throw usageError('date', { flag, value });
      }
      options[flag] = value;
    }
  }
  return options;
}

/**
 * `--now 2026-11-06T10:00:00+08:00` (or a date, or epoch ms): the moment relative dates in the
 * query are read against. An explicit offset (or Z) also sets the time zone those dates are days
 * in; without one the engine's local zone applies.
 */
export function parseNowOption(value: string): Pick<SearchOptions, 'now' | 'timeZoneOffsetMinutes'> {
  const trimmed = value.trim();
  const ms = /^\d{10,}$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed);
  if (!Number.isFinite(ms)) throw usageError('now', { value });
  const zone = /(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|([+-])(\d{2}):?(\d{2}))$/i.exec(trimmed);
  if (!zone) return { now: ms };
  if (zone[1]!.toUpperCase() === 'Z') return { now: ms, timeZoneOffsetMinutes: 0 };
  const offset = (Number(zone[3]) * 60 + Number(zone[4])) * (zone[2] === '-' ? -1 : 1);
  return { now: ms, timeZoneOffsetMinutes: offset };
}

interface BatchLine {
  id: unknown;
  query: string;
  maxResults?: number;
  minScore?: number;
}

/** A usage error on one batch line that still knows the line's id. */
class BatchLineError extends UsageError {
  constructor(
    readonly id: unknown,
    line: number,
  ) {
    super({ messageId: 'cli:usage.lineQuery', params: { line } });
  }
}

function parseBatchLine(line: string, lineNo: number): BatchLine {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw usageError('lineNotJson', { line: lineNo });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw usageError('lineShape', { line: lineNo });
  const p = parsed as Record<string, unknown>;
  if (typeof p.query !== 'string') throw new BatchLineError(p.id ?? lineNo, lineNo);
  const out: BatchLine = { id: p.id ?? lineNo, query: p.query };
  if (typeof p.maxResults === 'number') out.maxResults = p.maxResults;
  if (typeof p.minScore === 'number') out.minScore = p.minScore;
  return out;
}

/** Runs one search; with --log it goes into the search log as a person's search (never an agent's). */
/** A full data disk stops the sync, not the search: what was indexed before answers, and stderr says why. */
async function syncUnlessDiskFull(engine: MemoryEngineApi, io: CliIo, t: TFunction): Promise<void> {
  try {
    await engine.sync();
  } catch (error) {
    if (!(error instanceof MemoryLensError) || error.details?.errno !== 'ENOSPC') throw error;
    io.stderr(`memlens search: ${localText(t, error.toValue())}\n`);
  }
}

/**
 * The notice for an index found damaged at open (moved aside, being rebuilt from the files), or
 * null: read before the sync, since the sync's rebuild brings the state back to serving.
 */
export function rebuiltIndexNotice(engine: MemoryEngineApi): SearchNotice | null {
  const status = engine.status();
  if (status.lifecycle.state !== 'recovering') return null;
  const moved = status.errors.findLast((e) => e.path === status.dbPath);
  // The move-aside's own notice, by id when it has one (memlens --lang words it).
  if (moved)
    return {
      code: 'index-rebuilt',
      message: moved.message,
      ...(moved.messageId ? { messageId: moved.messageId } : {}),
      ...(moved.params ? { params: moved.params } : {}),
    };
  const why = lifecycleReasonOf(status.lifecycle);
  return {
    code: 'index-rebuilt',
    ...(why ? indexLog('rebuilt', { reason: nestedReason(why) }) : indexLog('rebuiltUnusable', {})),
  };
}

async function searchAndLog(engine: MemoryEngineApi, activity: WorkspaceActivity | null, options: SearchOptions) {
  const response = await engine.search(options);
  activity?.logSearch({
    at: Date.now(),
    caller: { kind: 'cli', client: null },
    query: options.query,
    mode: response.mode,
    options,
    response: loggedResponse(response),
  });
  return response;
}

/** One JSON line per query; a bad line gets an error line and the batch goes on (exit 1 at the end). */
async function runBatch(
  engine: MemoryEngineApi,
  activity: WorkspaceActivity | null,
  file: string,
  base: Omit<SearchOptions, 'query'>,
  write: (line: unknown) => void,
): Promise<number> {
  const text = await fs.readFile(file, 'utf8');
  let failures = 0;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (!raw) continue;
    let id: unknown = i + 1;
    try {
      const line = parseBatchLine(raw, i + 1);
      id = line.id;
      const options: SearchOptions = { ...base, query: line.query };
      if (line.maxResults !== undefined) options.maxResults = line.maxResults;
      if (line.minScore !== undefined) options.minScore = line.minScore;
      const response = await searchAndLog(engine, activity, options);
      write({ id, results: response.results });
    } catch (error) {
      failures += 1;
      if (error instanceof BatchLineError) id = error.id;
      const value =
        error instanceof UsageError
          ? {
              code: 'INVALID_ARGUMENT',
              ...(error.ref ? { message: englishText(error.ref), ...error.ref } : { message: error.message }),
            }
          : toErrorValue(error);
      write({ id, error: value });
    }
  }
  return failures > 0 ? 1 : 0;
}

export const searchCommand: CommandImpl = {
  async run({ values, positionals, io, json, t, openEngine, activity }) {
    const base = searchOptionsFromFlags(values);
    const batchFile = typeof values.queries === 'string' ? path.resolve(io.cwd, values.queries) : null;
    const query = positionals.join(' ').trim();
    if (batchFile && query) throw usageError('queryAndQueries');
    if (!batchFile && !query) throw usageError('searchNeedsQuery');
    if (batchFile) {
      try {
        await fs.access(batchFile);
      } catch {
        throw usageError('cannotReadQueries', { file: values.queries as string });
      }
    }
    const engine = await openEngine();
    try {
      // main.ts's openEngine already said it on stderr; --json readers get it as a notice too.
      const rebuilt = rebuiltIndexNotice(engine);
      const log = values.log === true ? (await activity()).workspace(engine.workspaceDir) : null;
      // Search what is on disk now: a quiet incremental sync first (no-op when nothing changed). The
      // openclaw profile reads the files itself (OpenClaw's chunks), so our index is not needed for it.
      if (base.profile !== 'openclaw') await syncUnlessDiskFull(engine, io, t);
      if (batchFile) return await runBatch(engine, log, batchFile, base, (line) => writeJson(io, line, false));
      const response = await searchAndLog(engine, log, { ...base, query });
      // As an agent reads it over MCP: the snippet ends with its Source line (highlights stay valid).
      if (json)
        writeJson(io, {
          ...response,
          notices: rebuilt ? [rebuilt, ...response.notices] : response.notices,
          results: response.results.map((r) =>
            r.citation ? { ...r, snippet: withSourceLine(r.snippet, r.citation) } : r,
          ),
        });
      else io.stdout(formatSearchResponse(response, { explain: values.explain === true, query, t }));
      return 0;
    } finally {
      await engine.close();
    }
  },
};
