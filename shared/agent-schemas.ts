// What agents did with the memory, as the contract carries it: the replay log of their searches
// (MCP and CLI), access counts per chunk, and session transcripts saved as memory files. Types are
// derived in domain.ts, like every other contract value.
import { z } from 'zod';
import { SearchModeSchema, SearchNoticeSchema, SearchOptionsSchema, SearchResultSchema } from './contract-schemas.js';

/** Who searched: the MCP server (with the client's name from its initialize request) or the CLI. */
export const AgentCallerSchema = z.object({
  kind: z.enum(['mcp', 'cli']),
  /** `name version` the MCP client announced (e.g. "claude-code 2.1.0"); null for the CLI. */
  client: z.string().nullable(),
});

/** One logged search in a list: enough to recognise it. */
export const AgentSearchSummarySchema = z.object({
  id: z.number().int(),
  /** Epoch ms. */
  at: z.number(),
  caller: AgentCallerSchema,
  query: z.string(),
  mode: SearchModeSchema,
  resultCount: z.number().int(),
  /** The first result's path, for the list; null when nothing came back. */
  topPath: z.string().nullable(),
});

/** Exactly what the agent got: the options the engine ran with and the results with their breakdowns. */
export const AgentSearchEntrySchema = AgentSearchSummarySchema.extend({
  options: SearchOptionsSchema,
  response: z.object({
    results: z.array(SearchResultSchema),
    provider: z.string(),
    model: z.string(),
    fallback: z.string().nullable(),
    modeReason: z.string().optional(),
    notices: z.array(SearchNoticeSchema),
  }),
});

export const AgentSearchListSchema = z.object({
  /** Newest first. */
  entries: z.array(AgentSearchSummarySchema),
  /** Searches kept for this workspace (older ones are dropped beyond `cap`). */
  total: z.number().int(),
  cap: z.number().int(),
});

/** Accesses of one chunk of a file, as the file view shows them. */
export const FileAccessRangeSchema = z.object({
  /** Where the chunk is now (current = true) or was when last accessed (its text has changed since). */
  startLine: z.number().int(),
  endLine: z.number().int(),
  count: z.number().int(),
  lastAccessAt: z.number(),
  /** False when the file no longer holds this chunk's text: the count belongs to an older version. */
  current: z.boolean(),
  chunkHash: z.string(),
});

export const FileAccessSchema = z.object({
  path: z.string(),
  total: z.number().int(),
  lastAccessAt: z.number().nullable(),
  /** In file order; chunks never accessed are left out. */
  ranges: z.array(FileAccessRangeSchema),
});

/** A session transcript written as `memory/YYYY-MM-DD-<slug>.md` (OpenClaw's session-memory hook). */
export const SavedSessionMemorySchema = z.object({
  /** Workspace-relative path of the new memory file. */
  path: z.string(),
  sessionId: z.string(),
  /** Messages kept (the last N user/assistant messages, slash commands skipped). */
  messages: z.number().int(),
  slug: z.string(),
});
