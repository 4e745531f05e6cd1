// An embedding endpoint that is down and being tried again (status().embedderRetry), and the
// answer to "Retry now" (the retryEmbedder call).
import { z } from 'zod';

export const EmbedderRetryStateSchema = z.object({
  /** Why the last call or try failed, as the endpoint said it. */
  reason: z.string(),
  /** When it stopped answering (ms since epoch). */
  since: z.number(),
  /** Background tries that failed since. */
  tries: z.number(),
  /** When the next background try runs; null while one is running. */
  nextRetryAt: z.number().nullable(),
});

export const EmbedderRetryResultSchema = z.object({
  /** The endpoint answered: search is hybrid again (missing vectors are being embedded). */
  reachable: z.boolean(),
  /** Why not, when it did not; null when it did or when there is no endpoint to retry. */
  reason: z.string().nullable(),
  /** The same reason by message id and parameters (shared/mode-reasons.ts), when it has one. */
  reasonId: z.string().optional(),
  reasonParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export type EmbedderRetryState = z.output<typeof EmbedderRetryStateSchema>;
export type EmbedderRetryResult = z.output<typeof EmbedderRetryResultSchema>;
