// The contract's Secrets calls: every secret the index masked (kind, file, line, first seen) and
// the two fixes — remove the line, or replace the value with a placeholder — each a normal
// hash-checked save (so it is recorded in the history like any edit).
import { z } from 'zod';
import type { CallSpec } from './call-spec.js';
import { HashSchema, RelPathSchema, SaveResultSchema } from './contract-schemas.js';

const MAX_ARG_BYTES = 64 * 1024;

export const SecretEntrySchema = z.object({
  /** shared/secrets.ts SecretKind. */
  kind: z.string(),
  path: z.string(),
  /** 1-based line the value starts on (the JSONL line for transcripts). */
  line: z.number().int(),
  /** What is shown instead of the value (`tvly-…3HCS`, `password •••••• (6)`); never the value. */
  label: z.string(),
  source: z.enum(['memory', 'sessions']),
  /** The oldest kept version of the file holding the value (null: no history, or not found in it). */
  firstSeen: z.object({ version: z.number().int(), time: z.number() }).nullable(),
  /** Whether secretFix can change it (memory Markdown files; transcripts are the agent's record). */
  fixable: z.boolean(),
});

export const SecretListSchema = z.object({
  secrets: z.array(SecretEntrySchema),
  /** The sentence the UI and the CLI show about copies this app cannot rewrite (git). */
  notices: z.array(z.string()),
  /** `notices` by message id, one for each, in the same order. */
  noticeIds: z.array(z.string()).optional(),
});

export type SecretEntry = z.output<typeof SecretEntrySchema>;
export type SecretList = z.output<typeof SecretListSchema>;

export { DEFAULT_SECRET_PLACEHOLDER, PURGED_PLACEHOLDER } from './secret-placeholders.js';

export const SecretFixArgsSchema = z.strictObject({
  path: RelPathSchema,
  line: z.number().int().min(1),
  /** The entry's label: which value on the line is meant (a line may hold several). */
  label: z.string().min(1).max(200),
  action: z.enum(['remove-line', 'replace']),
  /** For `replace`; default DEFAULT_SECRET_PLACEHOLDER. */
  placeholder: z.string().min(1).max(200).optional(),
  /** The hash of the file the entry was listed from; a file changed since is CONFLICT, nothing written. */
  expectedHash: HashSchema,
});

export type SecretFixArgs = z.output<typeof SecretFixArgsSchema>;

export const SECRET_CALLS = {
  secrets: {
    args: z.strictObject({}),
    result: SecretListSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary:
      'Every secret (key, password) found in memory and transcripts: kind, file, line, first seen; values never included.',
  },
  secretFix: {
    args: SecretFixArgsSchema,
    result: SaveResultSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'CONFLICT', 'OUT_OF_ROOT', 'NOT_ALLOWED'],
    summary:
      "Removes a secret's line or replaces its value with a placeholder, as a hash-checked save recorded in history.",
  },
} as const satisfies Record<string, CallSpec>;
