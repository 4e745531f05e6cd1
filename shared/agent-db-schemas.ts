// What Memory Lens reads from OpenClaw's own agent database (openclaw-agent.sqlite, 2026.8+):
// its transcripts and its memory index, side by side with the files. Read-only, always.
import { z } from 'zod';

export const AgentDbNoticeSchema = z.object({
  code: z.enum(['locked', 'corrupt', 'newer-schema', 'migration-pending', 'not-an-agent-db', 'unreadable']),
  /** English, for the API and CLI; the UI words `code` with these in its language. */
  message: z.string(),
  path: z.string().optional(),
  /** What SQLite said, kept as is. */
  detail: z.string().optional(),
  /** The database's schema version and the one Memory Lens knows (newer-schema, migration-pending). */
  version: z.number().optional(),
  known: z.number().optional(),
});
export type AgentDbNotice = z.infer<typeof AgentDbNoticeSchema>;

/** OpenClaw's session kinds, from the session key (`agent:<id>:cron:…`, `…:heartbeat`, `…:subagent:…`). */
export const AgentSessionKindSchema = z.enum(['interactive', 'cron', 'heartbeat', 'subagent']);

export const AgentDbSessionSchema = z.object({
  /** The virtual path it is indexed and cited under: `sessions/<agent>/<sessionId>.jsonl` (OpenClaw's own). */
  path: z.string(),
  sessionId: z.string(),
  sessionKey: z.string().nullable(),
  kind: AgentSessionKindSchema,
  channel: z.string().nullable(),
  /** Transcript events (records); for an archive, its JSONL lines. */
  events: z.number(),
  lastEventAt: z.string().nullable(),
  /** A reset or deleted generation kept in session_transcript_archives. */
  archived: z.enum(['reset', 'deleted']).nullable(),
  /** A legacy JSONL file of the same session exists too; the database's copy is the one shown. */
  shadowsFile: z.boolean(),
});
export type AgentDbSession = z.infer<typeof AgentDbSessionSchema>;

export const AgentIndexFileStatusSchema = z.enum(['current', 'stale', 'missing', 'extra']);

export const AgentIndexFileSchema = z.object({
  path: z.string(),
  /** current: same bytes; stale: the file changed since the agent indexed it; missing: not in the agent's index; extra: indexed, no longer on disk. */
  status: AgentIndexFileStatusSchema,
  chunks: z.number(),
  /** sha256 the agent indexed (null when missing). */
  indexedHash: z.string().nullable(),
  /** When the agent last wrote a chunk of it (ISO), if known. */
  indexedAt: z.string().nullable(),
});
export type AgentIndexFile = z.infer<typeof AgentIndexFileSchema>;

export const AgentIndexSchema = z.object({
  /** memory_index_state.revision: bumped on every index change. */
  revision: z.number().nullable(),
  files: z.array(AgentIndexFileSchema),
  counts: z.object({ current: z.number(), stale: z.number(), missing: z.number(), extra: z.number() }),
});

export const AgentDatabaseSchema = z.object({
  agentId: z.string(),
  /** Absolute path of the openclaw-agent.sqlite. */
  path: z.string(),
  /** ok: read; partial: read with notices; unavailable: nothing could be read (see notices). */
  state: z.enum(['ok', 'partial', 'unavailable']),
  notices: z.array(AgentDbNoticeSchema),
  sessions: z.array(AgentDbSessionSchema),
  /** The agent's own memory index compared with the workspace's memory files; null when unreadable. */
  index: AgentIndexSchema.nullable(),
});
export type AgentDatabase = z.infer<typeof AgentDatabaseSchema>;

export const AgentDatabasesReportSchema = z.object({ databases: z.array(AgentDatabaseSchema) });
export type AgentDatabasesReport = z.infer<typeof AgentDatabasesReportSchema>;

/** One chunk of the agent's index with OpenClaw's recall metadata and provenance. */
export const AgentIndexChunkSchema = z.object({
  agentId: z.string(),
  startLine: z.number(),
  endLine: z.number(),
  /** 1–10 from `<!-- importance: N -->`, else null. */
  importance: z.number().nullable(),
  triggers: z.array(z.string()),
  project: z.string().nullable(),
  /** owner / agent / untrusted / system. */
  origin: z.string().nullable(),
  /** interactive / cron / heartbeat / subagent / unknown. */
  sessionKind: z.string().nullable(),
});
export type AgentIndexChunk = z.infer<typeof AgentIndexChunkSchema>;

export const AgentIndexChunksSchema = z.object({ path: z.string(), chunks: z.array(AgentIndexChunkSchema) });

/** One agent's workspace the switcher offers: from openclaw.json, or a `workspace-<id>` folder found. */
export const AgentWorkspaceSchema = z.object({
  agentId: z.string(),
  workspace: z.string(),
  /** The OpenClaw state folder it belongs to (`~/.openclaw`, or the folder the open workspace sits in). */
  stateDir: z.string(),
  from: z.enum(['config', 'defaults', 'convention', 'found']),
  isDefault: z.boolean(),
  hasDatabase: z.boolean(),
  /** The workspace open now. */
  current: z.boolean(),
});
export type AgentWorkspace = z.infer<typeof AgentWorkspaceSchema>;
export const AgentWorkspacesSchema = z.object({ agents: z.array(AgentWorkspaceSchema) });
