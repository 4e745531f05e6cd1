// The memory doctor's shapes: findings (what is duplicated, contradicted, unused, cut or unsafe in
// memory), the evidence each one cites and the fixes it offers. One zod declaration per shape, used
// by the contract (shared/doctor-calls.ts), the doctor in electron/app/doctor, the CLI and the UI.
import { z } from 'zod';
import { FINDING_KIND_ORDER as ORDER_OF_KINDS } from './doctor-finding-order.js';
import { AuthorKindSchema } from './history-schemas.js';

export const FindingKindSchema = z.enum([
  'duplicate',
  'conflict',
  'secret',
  'budget',
  'index',
  'never-used',
  'dreaming',
]);

/**
 * A doctor text as the interface translates it: a key of the `doctor` locale namespace
 * (`finding.conflictTitle`, …) and its values, which may be messages themselves ("in 3 searches
 * since …"). Beside each one the report keeps the English, for the CLI and scripts.
 */
export interface DoctorMessage {
  id: string;
  params: Record<string, string | number | DoctorMessage>;
}

export const DoctorMessageSchema: z.ZodType<DoctorMessage> = z.lazy(() =>
  z.object({
    id: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number(), DoctorMessageSchema])),
  }),
);

/** Who wrote lines a finding cites, from the memory history (the version each line came from). */
export const EvidenceAuthorSchema = z.object({
  kind: AuthorKindSchema,
  /** The history's words: "you, in Memory Lens", "your agent, in “Trip plans” at 12:03", … */
  label: z.string(),
  /** The same words by the history's message id and parameters, for the interface's language. */
  messageId: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The version the lines came from, and when the app recorded it (epoch ms). */
  versionId: z.number().int(),
  time: z.number(),
});

/** One place in a memory file a finding points at. */
export const FindingEvidenceSchema = z.object({
  path: z.string(),
  /** 1-based, inclusive. */
  startLine: z.number().int(),
  endLine: z.number().int(),
  /** The lines as they read (secrets masked). */
  text: z.string(),
  /** ISO date the doctor used to tell older from newer (file date or history), if known. */
  date: z.string().nullable(),
  /** How that date is known: `path`, `frontmatter`, `mtime`, `history`. */
  dateSource: z.string().nullable(),
  /** "newer", "older", "dreaming promotion", "retrieved 3 times", … */
  note: z.string().optional(),
  noteMessage: DoctorMessageSchema.optional(),
  /**
   * Who wrote these lines, one entry per version they came from (oldest first); absent when the
   * history was not asked (the one-shot CLI, never-used findings), empty when it holds no version.
   */
  authors: z.array(EvidenceAuthorSchema).optional(),
});

/**
 * One change a fix makes: lines [startLine, endLine] of `path` become `lines` (an empty list
 * removes them; startLine = endLine + 1 inserts). `expectedHash` is the file's hash when the
 * finding was made: the fix is refused (CONFLICT) when the file changed since. A null hash
 * creates a new file, refused when one exists.
 */
export const FixEditSchema = z.object({
  path: z.string(),
  expectedHash: z.string().nullable(),
  startLine: z.number().int().min(1),
  endLine: z.number().int().min(0),
  lines: z.array(z.string()),
  /** Move the whole file to the trash instead (a copy kept elsewhere); the lines are then ignored. */
  deleteFile: z.boolean().optional(),
});

export const FindingFixSchema = z.object({
  /** Stable within the finding: `keep-newer`, `remove-copy`, … */
  id: z.string(),
  label: z.string(),
  labelMessage: DoctorMessageSchema,
  /** What the history version will say: "doctor: …" (English: it is stored with the version). */
  reason: z.string(),
  edits: z.array(FixEditSchema),
});

export const FindingSchema = z.object({
  /** sha256 of kind + file + normalized text, 16 hex: stays the same while the finding does. */
  id: z.string(),
  kind: FindingKindSchema,
  /** `exact`, `near`, `copy`, `dreaming-repeat`; `key-value`, `is`, `version`; `skipped`, `broken-link`, … */
  subkind: z.string(),
  /** English, for the CLI and scripts; the view translates `titleMessage` / `detailMessage`. */
  title: z.string(),
  detail: z.string(),
  titleMessage: DoctorMessageSchema,
  detailMessage: DoctorMessageSchema,
  evidence: z.array(FindingEvidenceSchema),
  fixes: z.array(FindingFixSchema),
});

export const DoctorCountsSchema = z.record(FindingKindSchema, z.number().int());

export const DoctorReportSchema = z.object({
  workspaceDir: z.string(),
  /** Epoch ms the findings were computed. */
  computedAt: z.number(),
  /** Epoch ms spent computing them. */
  tookMs: z.number(),
  /** `ready`; `computing` while the first pass runs (findings empty until then). */
  state: z.enum(['computing', 'ready']),
  counts: DoctorCountsSchema,
  findings: z.array(FindingSchema),
  /** The search window the never-used findings read: searches recorded and since when. */
  searches: z.object({ count: z.number().int(), since: z.number().nullable() }),
  notes: z.array(z.string()),
  noteMessages: z.array(DoctorMessageSchema),
});

export const DoctorFixResultSchema = z.object({
  findingId: z.string(),
  fixId: z.string(),
  /** Files written, each with its new hash (undo: restore the version before from the history view). */
  written: z.array(z.object({ path: z.string(), hash: z.string() })),
});

export type FindingKind = z.output<typeof FindingKindSchema>;

/** The order a summary names the kinds in (shared/doctor-finding-order.ts), every one a kind. */
export const FINDING_KIND_ORDER: readonly FindingKind[] = ORDER_OF_KINDS;
export type FindingEvidence = z.output<typeof FindingEvidenceSchema>;
export type EvidenceAuthor = z.output<typeof EvidenceAuthorSchema>;
export type FixEdit = z.output<typeof FixEditSchema>;
export type FindingFix = z.output<typeof FindingFixSchema>;
export type Finding = z.output<typeof FindingSchema>;
export type DoctorReport = z.output<typeof DoctorReportSchema>;
export type DoctorFixResult = z.output<typeof DoctorFixResultSchema>;

/** The doctorChanged event: a pass finished (the status bar's summary). */
export const DoctorChangedSchema = z.object({
  state: z.enum(['computing', 'ready']),
  counts: DoctorCountsSchema,
  computedAt: z.number(),
});
