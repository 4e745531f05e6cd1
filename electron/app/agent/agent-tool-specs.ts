// The two agent tools as OpenClaw 2026.9.6 defines them (extensions/memory-core
// memory-tool-contract): names, titles, descriptions and parameter schemas — adapted where Memory
// Lens differs (no compiled wiki, so no `corpus=wiki`; a `breakdown` per result; a hard 120-line
// cap). Each schema is declared once, in zod; the JSON Schema agents see is derived from it.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { DEFAULT_LOCALE, translator } from '../../../shared/i18n.js';
import { ContextArgsSchema } from '../../../shared/context-schemas.js';
import type { PathUse } from '../../../shared/memory-scope.js';
import { MEMORY_GET_MAX_CHARS, MEMORY_GET_MAX_LINES } from './bounded-excerpt.js';

/** Results one memory_search may ask for: beyond this the breakdowns alone would flood a context. */
export const MEMORY_SEARCH_MAX_RESULTS = 100;
/** Largest `lines` accepted: anything above 120 is clamped (and says so); this only refuses absurd values. */
export const MEMORY_GET_MAX_LINES_ARG = 1_000_000;

export const MemorySearchArgsSchema = z.strictObject({
  query: z.string().max(10_000),
  maxResults: z.number().int().min(1).max(MEMORY_SEARCH_MAX_RESULTS).optional(),
  minScore: z.number().min(0).max(1).optional(),
  corpus: z.enum(['memory', 'sessions', 'all']).optional(),
});

export const MemoryGetArgsSchema = z.strictObject({
  path: z.string().min(1).max(4096),
  from: z.number().int().min(1).optional(),
  lines: z.number().int().min(1).max(MEMORY_GET_MAX_LINES_ARG).optional(),
  corpus: z.enum(['memory', 'all']).optional(),
});

/** memory_context takes the `context` call's arguments minus the text (an agent asks for numbers; the text is its own prompt). */
export const MemoryContextArgsSchema = ContextArgsSchema.omit({ includeText: true });

export type MemorySearchArgs = z.output<typeof MemorySearchArgsSchema>;
export type MemoryGetArgs = z.output<typeof MemoryGetArgsSchema>;

export interface AgentToolSpec {
  name: 'memory_search' | 'memory_get' | 'memory_context';
  /** OpenClaw's tool label. */
  title: string;
  description: string;
  inputSchema: Record<string, unknown> & { type: 'object' };
}

export interface AgentToolSources {
  /**
   * The sentence the workspace's scope says a use allows (WorkspaceScope.allowed): the tools say
   * what they search and read in the same words as the refusals and the CLI, so they cannot drift.
   */
  allowed: (use: PathUse) => string;
  /** Session transcripts are searched (OpenClaw adds ", indexed session transcripts"). */
  sessions: boolean;
}

export function agentToolSpecs(sources: AgentToolSources): AgentToolSpec[] {
  const searched = sources.sessions
    ? sources.allowed('index')
    : `${sources.allowed('index')}; this server leaves session transcripts out`;
  return [
    {
      name: 'memory_search',
      title: 'Memory Search',
      description:
        'Mandatory recall step: semantically search memory before answering questions about prior work, decisions, dates, people, preferences, or todos. ' +
        `${searched}. ` +
        'Session results are transcript search references, not readable memory-file paths. ' +
        '`corpus=memory` restricts hits to indexed memory files (excludes session transcript chunks from ranking). ' +
        '`corpus=sessions` searches indexed session transcripts only. ' +
        'Each result carries a `breakdown` of how its score was computed (keyword BM25, vector cosine, weights, date decay, access boost). ' +
        'If response has disabled=true or stale=true, tell the user and include the warning/action guidance.',
      inputSchema: jsonSchemaOf(MemorySearchArgsSchema),
    },
    {
      name: 'memory_get',
      title: 'Memory Get',
      description:
        `Safe exact excerpt read: ${sources.allowed('get')}. ` +
        'Session transcript paths are unsupported; use the available session-history workflow for session hits. ' +
        `Defaults to a bounded excerpt when lines are omitted and includes truncation/continuation info when more content exists; one call returns at most ${MEMORY_GET_MAX_LINES} lines and ${MEMORY_GET_MAX_CHARS.toLocaleString('en-US')} characters (continue with from=nextFrom). ` +
        'status=ok means the requested excerpt was read; status=not_found means the file does not exist; status=error means the requested read failed, not that memory is disabled.',
      inputSchema: jsonSchemaOf(MemoryGetArgsSchema),
    },
    {
      name: 'memory_context',
      title: 'Memory Context Budget',
      description:
        'What of the bootstrap files (AGENTS.md, SOUL.md, IDENTITY.md, USER.md, BOOTSTRAP.md, MEMORY.md …) OpenClaw injects at session start: ' +
        "per file in injection order its size, the cap that applied (per-file, USER.md's own, or what was left of the total), whether it was cut " +
        'and which line ranges the agent does not see; totals against the total cap; and where each limit came from (openclaw.json or the defaults). ' +
        'Use it before relying on MEMORY.md content being in your prompt, or to decide what to move into memory/ topic files. Read-only.',
      inputSchema: jsonSchemaOf(MemoryContextArgsSchema),
    },
  ];
}

/** Draft-07 JSON Schema without the `$schema` line (OpenClaw's schemas carry none). */
function jsonSchemaOf(schema: z.ZodType): AgentToolSpec['inputSchema'] {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' }) as Record<
    string,
    unknown
  >;
  return json as AgentToolSpec['inputSchema'];
}

/** One sentence per problem, naming the argument and what was given: `lines must be at most 1000000 (got 1e+21)`. */
export function describeArgIssues(
  tool: string,
  error: z.ZodError,
  input: unknown,
  t: TFunction = translator(DEFAULT_LOCALE),
): string {
  const valueAt = (pathParts: PropertyKey[]): unknown => {
    let value: unknown = input;
    for (const part of pathParts)
      value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[part] : undefined;
    return value;
  };
  const given = (pathParts: PropertyKey[]): string => {
    const value = valueAt(pathParts);
    const shown = JSON.stringify(value);
    return shown === undefined ? String(value) : shown.length > 60 ? `${shown.slice(0, 57)}...` : shown;
  };
  const say = (key: string, params?: Record<string, unknown>): string => t(`cli:mcp.tool.args.${key}`, params);
  const parts = error.issues.slice(0, 4).map((issue) => {
    const name = issue.path.length ? issue.path.join('.') : say('arguments');
    const got = { name, given: given(issue.path) };
    switch (issue.code) {
      case 'unrecognized_keys':
        return say('unknown', { count: issue.keys.length, keys: issue.keys.map((k) => `"${k}"`).join(', ') });
      case 'invalid_type':
        return valueAt(issue.path) === undefined
          ? say('required', { name })
          : say('type', {
              ...got,
              expected: issue.expected === 'int' ? say('anInteger') : say('aType', { type: issue.expected }),
            });
      case 'too_big':
        return issue.origin === 'string'
          ? say('atMostChars', {
              name,
              max: String(issue.maximum),
              length: String((valueAt(issue.path) as string).length),
            })
          : say('atMost', { ...got, max: String(issue.maximum) });
      case 'too_small':
        return say('atLeast', { ...got, min: String(issue.minimum) });
      case 'invalid_value':
        return say('oneOf', { ...got, values: issue.values.map(String).join(', ') });
      default:
        return `${name}: ${issue.message}`;
    }
  });
  return say('summary', { tool, issues: parts.join(say('separator')) });
}
