// The agent's own memory calls, read from its transcripts, in one list with the searches MCP
// clients and people ran through Memory Lens: what each got (as the caller saw it), why it came
// back empty, and what the same query finds now. Types are derived in agent-call-types.ts.
import { z } from 'zod';

/** Where a call came from: the agent itself (its transcript), an MCP client, or a person (CLI/UI). */
export const AgentCallSourceSchema = z.enum(['transcript', 'mcp', 'person']);

/** Parameters of a message by id (see shared/i18n.ts). */
const MessageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** One hit the caller was given, as it was given. */
export const CallHitSchema = z.object({
  path: z.string(),
  startLine: z.number().int().nullable(),
  endLine: z.number().int().nullable(),
  score: z.number().nullable(),
  snippet: z.string().optional(),
  /** `memory` or `sessions` (OpenClaw's `source` / `corpus`), when the result said. */
  source: z.string().optional(),
});

/**
 * What came back. `results`: hits (search) or text (get); `empty`: nothing matched; `disabled`:
 * the tool answered `disabled`/`unavailable` (`reason` says why, e.g. the missing API key);
 * `error`: the call failed (`isError`, `status: error`, a throw); `not-found`: memory_get's
 * `status: not_found`; `no-result`: the transcript holds the call but no result record (cut off).
 */
export const CallOutcomeKindSchema = z.enum(['results', 'empty', 'disabled', 'error', 'not-found', 'no-result']);

export const CallOutcomeSchema = z.object({
  kind: CallOutcomeKindSchema,
  /** Hits returned (search), lines read (get); 0 otherwise. */
  count: z.number().int(),
  /** The error / warning text the caller got, when it got one. */
  reason: z.string().nullable(),
  /** OpenClaw's `mode` (`hybrid`, `fts-only`, …) when the result carried one. */
  mode: z.string().nullable(),
  provider: z.string().nullable(),
  /** OpenClaw's `action` advice, when it gave one. */
  action: z.string().nullable(),
  hits: z.array(CallHitSchema),
});

/** What the agent did after the call, when the transcript shows it. */
export const CallNextStepSchema = z.object({
  kind: z.enum(['read-result', 'read-other', 'searched-again', 'answered', 'answered-without-memory', 'nothing']),
  /** JSONL line (or database seq) of the record that shows it. */
  line: z.number().int().nullable(),
  /** The path memory_get read (read-result, read-other). */
  path: z.string().optional(),
  /** The next search's query (searched-again). */
  query: z.string().optional(),
});

/** Why an empty or failed call found nothing, in words, from its outcome and the files as they are now. */
export const CallDiagnosisCodeSchema = z.enum([
  'disabled',
  'error',
  'keyword-all-words',
  'not-indexed-yet',
  'outside-memory',
  'below-min-score',
  'found-now',
  'nothing-answers',
]);

export const CallDiagnosisSchema = z.object({
  code: CallDiagnosisCodeSchema,
  text: z.string(),
  /** The file that answers, when one does. */
  path: z.string().nullable(),
  /** What to change, one sentence, when something can be changed. */
  fix: z.string().nullable(),
  /** `text` by message id and parameters, and `fix` by message id, for the UI to word in its language. */
  messageId: z.string().optional(),
  params: MessageParamsSchema.optional(),
  fixId: z.string().optional(),
});

/** The same query run in Memory Lens now, summarised (the UI re-runs `search` for the breakdowns). */
export const CallReplaySchema = z.object({
  /** Ranking it ran with: `memory-lens` (ours) or `openclaw` (as the agent ranks: OpenClaw 2026.9.6's keyword-only search reproduced). */
  profile: z.string(),
  count: z.number().int(),
  mode: z.string(),
  hits: z.array(CallHitSchema),
  /** Results were kept below minScore because no keyword match reached it (OpenClaw's rule). */
  keptBelowMinScore: z.boolean(),
  /** Chunks holding every word of the query, as OpenClaw's keyword-only (AND) search requires; null when not checked. */
  allWordsChunks: z.number().int().nullable(),
});

export const AgentCallSchema = z.object({
  /** Stable within a list: `<session>#<line>` for transcripts, `log:<id>` for logged searches. */
  id: z.string(),
  source: AgentCallSourceSchema,
  /** MCP client name (`claude-code 2.1.0`), for source mcp. */
  client: z.string().nullable(),
  /** OpenClaw agent id, when known. */
  agentId: z.string().nullable(),
  tool: z.string(),
  /** ISO time of the call. */
  time: z.string(),
  /** The transcript (workspace-relative or virtual path) and its title; null for logged searches. */
  session: z.object({ path: z.string(), title: z.string().nullable() }).nullable(),
  /** JSONL line (or database seq) of the call, to open the transcript there. */
  line: z.number().int().nullable(),
  resultLine: z.number().int().nullable(),
  query: z.string().nullable(),
  arguments: z.record(z.string(), z.unknown()),
  outcome: CallOutcomeSchema,
  next: CallNextStepSchema.nullable(),
  diagnosis: CallDiagnosisSchema.nullable(),
  replay: CallReplaySchema.nullable(),
  /** The same query as the agent's own search ranks it now (the `openclaw` search profile). */
  replayAsAgent: CallReplaySchema.nullable(),
  /** For logged searches: the id `agentSearch` opens. */
  logId: z.number().int().nullable(),
});

export const CallCountsSchema = z.object({ calls: z.number().int(), withResults: z.number().int() });

export const AgentCallHealthSchema = z.object({
  last7Days: CallCountsSchema,
  last30Days: CallCountsSchema,
  all: CallCountsSchema,
  /** The most frequent diagnosis among failed or empty calls (all time), with how many it explains. */
  mainCause: z
    .object({
      code: CallDiagnosisCodeSchema,
      text: z.string(),
      count: z.number().int(),
      messageId: z.string().optional(),
      params: MessageParamsSchema.optional(),
    })
    .nullable(),
  /** What to change, most useful first (English). */
  advice: z.array(z.string()),
  /** The same advice by message id, for the UI to word in its language. */
  adviceIds: z.array(z.string()).optional(),
  /** Searches through `memlens mcp` were logged for this workspace (an MCP client is registered and used). */
  mcpUsed: z.boolean(),
});

export const AgentCallListSchema = z.object({
  /** Newest first. */
  calls: z.array(AgentCallSchema),
  health: AgentCallHealthSchema,
  /** Transcripts read, and records in them that were not JSON. */
  sessionsRead: z.number().int(),
  malformedRecords: z.number().int(),
});

export const AgentCallsArgsSchema = z.strictObject({
  /** Only calls at or after this moment: a date, an ISO date-time or relative words (shared/since-date.ts). */
  since: z.string().max(40).optional(),
  /** Only this OpenClaw agent's transcripts (MCP and people's searches have no agent and are left out). */
  agent: z.string().min(1).max(200).optional(),
  limit: z.number().int().min(1).max(2000).optional(),
});
