// The `context` call's shapes: what the agent sees at session start under OpenClaw's bootstrap
// budget — per file in injection order its size, the cap that applied, what was cut (as line
// ranges), the limits and where each came from. Types are derived in domain.ts.
import { z } from 'zod';
import { OPENCLAW_VERSIONS } from './bootstrap-profiles.js';

const MessageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
/** An engine-made sentence by message id (`context:report.*`), for the UI to word in its language. */
const MessageRefSchema = z.object({ messageId: z.string(), params: MessageParamsSchema.optional() });

export const OpenclawVersionSchema = z.enum(OPENCLAW_VERSIONS);

/** A limit is a positive whole number of characters (UTF-16 code units, as OpenClaw counts). */
const CharLimitSchema = z.number().int().min(1).max(100_000_000);

export const ContextArgsSchema = z.strictObject({
  /** OpenClaw agent id: its `agents.entries.<id>` (or `agents.list[]`) limits win over the defaults (2026.9.6). */
  agent: z.string().trim().min(1).max(128).optional(),
  /** Whose order and arithmetic to reproduce; default 2026.9.6. */
  openclawVersion: OpenclawVersionSchema.optional(),
  /** Overrides that win over openclaw.json and the defaults ("what if I raised the cap?"). */
  limits: z.strictObject({ perFile: CharLimitSchema.optional(), total: CharLimitSchema.optional() }).optional(),
  /** Add each file's exact injected text (marker included) and its system-prompt form. */
  includeText: z.boolean().optional(),
});

export const LimitSourceSchema = z.enum(['default', 'config-defaults', 'config-agent', 'override']);

export const ResolvedLimitSchema = z.object({
  value: z.number(),
  source: LimitSourceSchema,
  /** Where exactly: `agents.entries.work.bootstrapMaxChars in /home/me/.openclaw/openclaw.json`, or why a value was ignored. */
  detail: z.string(),
  /** `detail` by message id. */
  detailId: z.string().optional(),
  detailParams: MessageParamsSchema.optional(),
});

export const LineSpanSchema = z.object({
  /** UTF-16 offsets [from, to) in the file as OpenClaw reads it (a BOM counts as one character). */
  from: z.number(),
  to: z.number(),
  startLine: z.number(),
  endLine: z.number(),
});

export const ContextFileStatusSchema = z.enum([
  /** Injected whole. */
  'full',
  /** Injected with a part cut out (dropped lists it). */
  'truncated',
  /** Not in the workspace: OpenClaw injects `[MISSING] Expected at: <path>` (using budget). */
  'missing',
  /** Not in the workspace, and this release does not ask for it: nothing injected. */
  'absent',
  /** Empty or whitespace only: nothing injected. */
  'empty',
  /** Earlier files used up the total budget (or left fewer than 64 characters): not injected. */
  'over-budget',
  /** Exists, but this release does not load it (e.g. TOOLS.md in 2026.9.6). */
  'not-loaded',
  /** Over OpenClaw's 2 MiB read limit, not a file, or leads outside the workspace: OpenClaw cannot read it. */
  'unreadable',
]);

export const ContextFileSchema = z.object({
  name: z.string(),
  /** Workspace-relative path (bootstrap files live at the root). */
  path: z.string(),
  /** The absolute path OpenClaw names in its prompt heading and [MISSING] marker. */
  absPath: z.string(),
  /** 1-based position in the injection order; null for files this release does not load. */
  order: z.number().nullable(),
  status: ContextFileStatusSchema,
  exists: z.boolean(),
  /** Length of the file (UTF-16 code units); 0 when absent. */
  chars: z.number(),
  /** What OpenClaw compares with the cap: the file without trailing whitespace. */
  measuredChars: z.number(),
  injectedChars: z.number(),
  /** Total budget left when this file's turn came; null when the loop never reached it. */
  remainingBefore: z.number().nullable(),
  /** The cap the file was held to: per-file, USER.md's own, or what was left of the total. */
  cap: z.object({ kind: z.enum(['per-file', 'user', 'remaining-total']), value: z.number() }).nullable(),
  /** Parts of the file the agent does not see. */
  dropped: z.array(LineSpanSchema),
  /** Why the status is what it is, in a sentence, when that is not obvious. */
  note: z.string().nullable(),
  /** `note` by message id. */
  noteId: z.string().optional(),
  noteParams: MessageParamsSchema.optional(),
  /** Memory Lens lets you edit it (every bootstrap name at the workspace root is editable). */
  editable: z.boolean(),
  /** includeText: the exact characters injected, marker included. */
  injectedText: z.string().optional(),
  /** includeText: the file as it reads in the system prompt (`## <path>` + text, after OpenClaw's prompt clean-up). */
  promptText: z.string().optional(),
});

export const MemorySectionSchema = z.object({
  level: z.number(),
  title: z.string(),
  /** 1-based: heading line to the last non-blank line of the section. */
  startLine: z.number(),
  endLine: z.number(),
  chars: z.number(),
});

export const PromotedSectionSchema = MemorySectionSchema.extend({
  /** `promoted`: "## Promoted From Short-Term Memory (DATE)"; `consolidated`: "## Consolidated Memory (DATE)". */
  kind: z.enum(['promoted', 'consolidated']),
  /** The date in the heading, as written. */
  date: z.string(),
  /** Promotion markers (`<!-- openclaw-memory-promotion:… -->`), one per promoted entry. */
  entries: z.number(),
});

export const ContextReportSchema = z.object({
  workspaceDir: z.string(),
  openclawVersion: OpenclawVersionSchema,
  agent: z.object({
    /** The agent whose limits apply; null = `agents.defaults` only. */
    id: z.string().nullable(),
    /** How it was chosen ("--agent", "the only configured agent", …). */
    how: z.string(),
    /** `how` by message id. */
    howId: z.string().optional(),
    howParams: MessageParamsSchema.optional(),
    /** Agent ids configured in openclaw.json. */
    configured: z.array(z.string()),
  }),
  config: z.object({
    /** The openclaw.json read, or null when none was found. */
    path: z.string().nullable(),
    status: z.enum(['found', 'not-found', 'invalid']),
    /** Parse error (JSON5) for an invalid file: the built-in limits apply, as they would in OpenClaw's fallback. */
    error: z.string().optional(),
    /** Every place looked, in order. */
    searched: z.array(z.string()),
  }),
  limits: z.object({
    perFile: ResolvedLimitSchema,
    total: ResolvedLimitSchema,
    /** USER.md's fixed cap (min(perFile, this)), or null when the release has none. */
    userCap: z.number().nullable(),
    /** Below this many characters left, no further file is loaded. */
    minRemaining: z.number(),
  }),
  files: z.array(ContextFileSchema),
  totals: z.object({ injectedChars: z.number(), totalCap: z.number(), remaining: z.number() }),
  /** Sections of MEMORY.md that OpenClaw's dreaming promoted, oldest first. */
  promoted: z.array(PromotedSectionSchema),
  /** OpenClaw's own log lines for this budget run. */
  warnings: z.array(z.string()),
  /** What this report assumes (session kind, setup state, hooks) and anything unusual found. */
  notes: z.array(z.string()),
  /** `notes` by message id, one for each, in the same order. */
  noteRefs: z.array(MessageRefSchema).optional(),
});
