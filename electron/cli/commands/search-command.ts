// memlens search QUERY — the agent's memory_search from the shell, one query or a JSONL batch.
import { withSourceLine } from '../../../shared/snippet-source.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MemorySource, SearchOptions } from '../../../shared/domain.js';
import { toErrorValue } from '../../../shared/errors.js';
import { OPENCLAW_RANKING_RELEASE, SearchProfileSchema } from '../../../shared/openclaw-rank-schemas.js';
import { SEARCH_DEFAULTS } from '../../../shared/search-defaults.js';
import { EXPANSION_DEFAULTS } from '../../../shared/expansion-schemas.js';
import { expansionFromFlags } from './expansion-flags.js';
import type { WorkspaceActivity } from '../../app/agent/agent-activity-store.js';
import { loggedResponse } from '../../app/agent/agent-memory-tools.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import type { CliCommand } from '../command.js';
import { writeJson } from '../command.js';
import { intOption, numberOption, UsageError } from '../common-options.js';
import type { OptionSpecs } from '../option-specs.js';
import { formatSearchResponse } from '../format-search.js';

const SOURCES: readonly MemorySource[] = ['memory', 'sessions'];

/** The flags that shape how a search ranks and filters, shared with `memlens eval`. */
export const SEARCH_FLAG_OPTIONS = {
  'min-score': { type: 'string' },
  sources: { type: 'string' },
  decay: { type: 'string' },
  mmr: { type: 'string' },
  'access-boost': { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  now: { type: 'string' },
  dates: { type: 'string' },
  'date-boost': { type: 'string' },
  profile: { type: 'string' },
  expand: { type: 'string' },
  'expand-weight': { type: 'string' },
} as const satisfies OptionSpecs;

export const SEARCH_FLAG_USAGE = `  --min-score S          drop results scoring below S, 0..1 (default ${SEARCH_DEFAULTS.minScore})
  --sources LIST         memory, sessions or memory,sessions (default both)
  --decay[=DAYS]         temporal decay with this half-life (default ${SEARCH_DEFAULTS.halfLifeDays} days); evergreen files never decay
  --mmr[=LAMBDA]         diversify with MMR (default λ ${SEARCH_DEFAULTS.mmrLambda})
  --access-boost[=F]     lift chunks agents keep retrieving: × (1 + F·ln(1 + accesses)) (default F ${SEARCH_DEFAULTS.accessBoostFactor})
  --from DATE, --to DATE only files dated in this inclusive range (YYYY-MM-DD); undated evergreen files are excluded
  --now DATETIME         read dates in the query against this moment, e.g. 2026-11-06T10:00:00+08:00
                         (the offset sets the time zone; default: now, local time)
  --dates on|off         boost memories from the dates the query mentions ("昨天", "Feb 5th"; default on)
  --date-boost X         the factor for a memory from then, 1..10 (default ${SEARCH_DEFAULTS.dateBoost})
  --profile NAME         memory-lens (default): Memory Lens's ranking; openclaw: rank as your agent does,
                         OpenClaw ${OPENCLAW_RANKING_RELEASE}'s memory_search (its chunks, fallback keywords,
                         filename tier, decay on, importance; the ranking flags above do not apply);
                         hybrid (0.7 vector + 0.3 keyword, MMR λ 0.7) with an embedder, unless the agent's
                         index holds no vectors; the agent's stored vectors are used when their model is the embedder's
  --expand LIST          also search, with less weight: feedback (RM3 from the best first matches), thesaurus
                         (English synonyms, WordNet), dictionary (Chinese↔English, CC-CEDICT), pivot (Chinese
                         words of the same gloss); comma-separated, or off (docs/keyword-expansion.md)
  --expand-weight W      an expansion word's weight against the query's own words, 0..1 (default ${EXPANSION_DEFAULTS.weight})`;

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
    for (const s of sources)
      if (!SOURCES.includes(s as MemorySource)) throw new UsageError(`--sources accepts memory,sessions (got "${s}")`);
    if (sources.length === 0) throw new UsageError('--sources needs at least one of memory,sessions');
    options.sources = sources as MemorySource[];
  }
  if (typeof values.decay === 'string') {
    const halfLifeDays =
      values.decay === ''
        ? SEARCH_DEFAULTS.halfLifeDays
        : numberOption(values.decay, '--decay (half-life days)', Number.MIN_VALUE, 1e6)!;
    options.decay = { enabled: true, halfLifeDays };
  }
  if (typeof values.mmr === 'string') {
    const lambda = values.mmr === '' ? SEARCH_DEFAULTS.mmrLambda : numberOption(values.mmr, '--mmr (lambda)', 0, 1)!;
    options.mmr = { enabled: true, lambda };
  }
  if (typeof values['access-boost'] === 'string') {
    const factor =
      values['access-boost'] === ''
        ? SEARCH_DEFAULTS.accessBoostFactor
        : numberOption(values['access-boost'], '--access-boost (factor)', 0, 10)!;
    options.accessBoost = { enabled: true, factor };
  }
  if (typeof values.now === 'string') Object.assign(options, parseNowOption(values.now));
  if (typeof values.dates === 'string' || typeof values['date-boost'] === 'string') {
    if (values.dates !== undefined && values.dates !== 'on' && values.dates !== 'off')
      throw new UsageError(`--dates expects on or off (got "${String(values.dates)}")`);
    const boost = numberOption(values['date-boost'], '--date-boost', 1, 10);
    options.dates = { enabled: values.dates !== 'off', ...(boost !== undefined ? { boost } : {}) };
  }
  if (typeof values.profile === 'string') {
    const parsed = SearchProfileSchema.safeParse(values.profile);
    if (!parsed.success)
      throw new UsageError(`--profile accepts ${SearchProfileSchema.options.join(' or ')} (got "${values.profile}")`);
    if (parsed.data === 'openclaw') options.profile = 'openclaw';
  }
  const expansion = expansionFromFlags(values.expand, values['expand-weight']);
  if (expansion) options.expansion = expansion;
  for (const flag of ['from', 'to'] as const) {
    const value = values[flag];
    if (typeof value === 'string') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
        throw new UsageError(`--${flag} expects a date YYYY-MM-DD (got "${value}")`);
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
  if (!Number.isFinite(ms))
    throw new UsageError(`--now expects an ISO date-time such as 2026-11-06T10:00:00+08:00 (got "${value}")`);
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
    message: string,
  ) {
    super(message);
  }
}

function parseBatchLine(line: string, lineNo: number): BatchLine {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new UsageError(`line ${lineNo} is not JSON`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new UsageError(`line ${lineNo} needs {"id": …, "query": "…"}`);
  const p = parsed as Record<string, unknown>;
  if (typeof p.query !== 'string') throw new BatchLineError(p.id ?? lineNo, `line ${lineNo} needs a "query" string`);
  const out: BatchLine = { id: p.id ?? lineNo, query: p.query };
  if (typeof p.maxResults === 'number') out.maxResults = p.maxResults;
  if (typeof p.minScore === 'number') out.minScore = p.minScore;
  return out;
}

/** Runs one search; with --log it goes into the search log as a person's search (never an agent's). */
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
        error instanceof UsageError ? { code: 'INVALID_ARGUMENT', message: error.message } : toErrorValue(error);
      write({ id, error: value });
    }
  }
  return failures > 0 ? 1 : 0;
}

export const searchCommand: CliCommand = {
  name: 'search',
  summary: 'search memory like the agent does: memlens search QUERY [--explain] [--json]',
  usage: `Usage: memlens search QUERY [options]
       memlens search --queries FILE.jsonl [options]

Searches the workspace (indexing changed files first) and prints the results with their scores.
A person's searches are not agent searches: they are not logged unless --log is given (then they
show in the app's Agent view as a person's); they never count as accesses.

  --json                 OpenClaw memory_search JSON, plus a score breakdown per result
  --explain              show how each score was built (keyword, vector, weights, decay, MMR)
  --log                  keep this search in the search log (shown as a person's search)
  --max-results N        results to return (default ${SEARCH_DEFAULTS.maxResults})
${SEARCH_FLAG_USAGE}
  --queries FILE         batch: one {"id","query"} JSON object a line in (optionally "maxResults",
                         "minScore"); one {"id","results"} line out, or {"id","error"} for a bad line`,
  options: {
    ...SEARCH_FLAG_OPTIONS,
    explain: { type: 'boolean' },
    log: { type: 'boolean' },
    'max-results': { type: 'string' },
    queries: { type: 'string' },
  },
  optionalValueFlags: ['decay', 'mmr', 'access-boost'],
  async run({ values, positionals, io, json, openEngine, activity }) {
    const base = searchOptionsFromFlags(values);
    const batchFile = typeof values.queries === 'string' ? path.resolve(io.cwd, values.queries) : null;
    const query = positionals.join(' ').trim();
    if (batchFile && query) throw new UsageError('give either a QUERY or --queries FILE, not both');
    if (!batchFile && !query) throw new UsageError('search needs a QUERY (or --queries FILE.jsonl)');
    if (batchFile) {
      try {
        await fs.access(batchFile);
      } catch {
        throw new UsageError(`cannot read --queries file ${values.queries as string}`);
      }
    }
    const engine = await openEngine();
    try {
      const log = values.log === true ? (await activity()).workspace(engine.workspaceDir) : null;
      // Search what is on disk now: a quiet incremental sync first (no-op when nothing changed). The
      // openclaw profile reads the files itself (OpenClaw's chunks), so our index is not needed for it.
      if (base.profile !== 'openclaw') await engine.sync();
      if (batchFile) return await runBatch(engine, log, batchFile, base, (line) => writeJson(io, line, false));
      const response = await searchAndLog(engine, log, { ...base, query });
      // As an agent reads it over MCP: the snippet ends with its Source line (highlights stay valid).
      if (json)
        writeJson(io, {
          ...response,
          results: response.results.map((r) =>
            r.citation ? { ...r, snippet: withSourceLine(r.snippet, r.citation) } : r,
          ),
        });
      else io.stdout(formatSearchResponse(response, { explain: values.explain === true, query }));
      return 0;
    } finally {
      await engine.close();
    }
  },
};
