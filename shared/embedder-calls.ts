// The contract's calls about the embedding endpoint's connection and key, a block of their own.
// The key goes in (endpointKeySet) and never comes back: every answer says only whether one is stored.
import { z } from 'zod';
import type { CallSpec } from './call-spec.js';
import { EmbedderRetryResultSchema } from './embedder-retry-schemas.js';
import { EndpointKeyStatusSchema } from './endpoint-key-schemas.js';

const SMALL_ARGS = 16 * 1024;

export const EMBEDDER_CALLS = {
  retryEmbedder: {
    args: z.strictObject({}),
    result: EmbedderRetryResultSchema,
    maxArgBytes: SMALL_ARGS,
    errors: ['UNAVAILABLE'],
    summary:
      '"Retry now": tries the embedding endpoint that is down at once; when it answers, search turns hybrid and missing vectors are embedded.',
  },
  endpointKeyStatus: {
    args: z.strictObject({}),
    result: EndpointKeyStatusSchema,
    maxArgBytes: SMALL_ARGS,
    errors: [],
    summary:
      "Whether this host can keep the endpoint's key in the OS keychain, and whether one is stored (never the key).",
  },
  endpointKeySet: {
    args: z.strictObject({
      key: z
        .string()
        .min(1)
        .max(4096)
        .regex(/^[\x21-\x7e]+$/, 'printable characters without spaces'),
    }),
    result: EndpointKeyStatusSchema,
    maxArgBytes: SMALL_ARGS,
    errors: ['UNAVAILABLE', 'INVALID_ARGUMENT'],
    summary: "Stores the endpoint's key encrypted by the OS keychain (desktop app only); the answer never contains it.",
  },
  endpointKeyForget: {
    args: z.strictObject({}),
    result: EndpointKeyStatusSchema,
    maxArgBytes: SMALL_ARGS,
    errors: [],
    summary: 'Deletes the stored key.',
  },
} as const satisfies Record<string, CallSpec>;
