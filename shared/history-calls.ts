// The contract's memory-history calls, a block of their own so CALLS in contract.ts stays one
// spread longer. Same CallSpec shape as every other call: validated, size-limited, typed errors.
import { z } from 'zod';
import type { CallSpec } from './call-spec.js';
import { HashSchema, RelPathSchema, SaveResultSchema } from './contract-schemas.js';
import {
  FileHistorySchema,
  HistoryUsageSchema,
  LineOriginsSchema,
  SecretPurgeSchema,
  VersionDiffSchema,
  VersionTextSchema,
  WorkspaceChangesSchema,
} from './history-schemas.js';

const MAX_ARG_BYTES = 64 * 1024;
const VersionId = z.number().int().min(1);

export const HISTORY_CALLS = {
  historyList: {
    args: z.strictObject({ path: RelPathSchema }),
    result: FileHistorySchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['OUT_OF_ROOT', 'UNAVAILABLE'],
    summary: "A memory file's versions, newest first, each with who made it and how that is known.",
  },
  historyVersion: {
    args: z.strictObject({ path: RelPathSchema, version: VersionId }),
    result: VersionTextSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'UNAVAILABLE'],
    summary: 'The text of one kept version (hash-checked against the store).',
  },
  historyDiff: {
    // from null: the empty file; to null: the file as it is on disk now.
    args: z.strictObject({ path: RelPathSchema, from: VersionId.nullable(), to: VersionId.nullable() }),
    result: VersionDiffSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'UNAVAILABLE'],
    summary: 'Line diff between two versions of a file (or a version and the file now).',
  },
  historyRestore: {
    args: z.strictObject({ path: RelPathSchema, version: VersionId, expectedHash: HashSchema.nullable() }),
    result: SaveResultSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'CONFLICT', 'NOT_ALLOWED', 'UNAVAILABLE'],
    summary: 'Writes a kept version back as a normal save; CONFLICT (details.currentHash) when the file moved on.',
  },
  historyChanges: {
    // since omitted: since the user last marked the changes seen (else the last 24 hours).
    args: z.strictObject({ since: z.number().optional() }),
    result: WorkspaceChangesSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: 'Every change to memory since a time, grouped by who made it, each with its diff.',
  },
  historyMarkSeen: {
    args: z.strictObject({ at: z.number().optional() }),
    result: z.object({ lastSeenAt: z.number() }),
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: 'Remembers that the user looked at the changes (the next "What changed" starts there).',
  },
  lineOrigins: {
    args: z.strictObject({ path: RelPathSchema }),
    result: LineOriginsSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['OUT_OF_ROOT', 'UNAVAILABLE'],
    summary: 'For each line of the file now: the version that introduced it (and so its author).',
  },
  historyUsage: {
    args: z.strictObject({}),
    result: HistoryUsageSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary: "How much the workspace's history keeps (versions, bytes) and where.",
  },
  historyPurgeSecret: {
    // The raw value (the Secrets list shows only labels: the caller reads it from the file before
    // replacing it there). Refused while a memory file still holds it: the next rescan would keep it again.
    args: z.strictObject({
      value: z
        .string()
        .min(4)
        .max(4096)
        .refine((v) => v.trim().length >= 4, 'the value must hold at least 4 characters besides spaces'),
      placeholder: z.string().min(1).max(200).optional(),
    }),
    result: SecretPurgeSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_ALLOWED', 'UNAVAILABLE'],
    summary:
      'Rewrites every kept version, the trash, drafts, the search log and damaged copies so none holds a secret value; then VACUUM. Git is left to the user.',
  },
} as const satisfies Record<string, CallSpec>;
