// The Settings block for an embedding endpoint (settings.json `embedderEndpoint`). The key itself
// is never stored: only the name of the environment variable that holds it.
import { z } from 'zod';

const envName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name')
  .max(200);
const label = z.string().max(200);

export const EmbedderEndpointSettingsSchema = z.object({
  /** On: embed through the endpoint instead of the local model in `model`. */
  enabled: z.boolean().default(false),
  /** e.g. http://127.0.0.1:11434/v1 */
  baseUrl: z.string().max(2048).default(''),
  model: z.string().max(200).default(''),
  /** `input_type` values sent for queries / chunks (both or neither). */
  queryInputType: label.nullable().default(null),
  documentInputType: label.nullable().default(null),
  queryPrefix: label.default(''),
  documentPrefix: label.default(''),
  apiKeyEnv: envName.nullable().default(null),
  /** The user's yes to an endpoint off this computer (it receives every chunk and query). */
  allowRemote: z.boolean().default(false),
});

export const EmbedderEndpointPatchSchema = z.strictObject({
  enabled: z.boolean().optional(),
  baseUrl: z.string().max(2048).optional(),
  model: z.string().max(200).optional(),
  queryInputType: label.nullable().optional(),
  documentInputType: label.nullable().optional(),
  queryPrefix: label.optional(),
  documentPrefix: label.optional(),
  apiKeyEnv: envName.nullable().optional(),
  allowRemote: z.boolean().optional(),
});

export type EmbedderEndpointSettings = z.output<typeof EmbedderEndpointSettingsSchema>;
export type EmbedderEndpointPatch = z.output<typeof EmbedderEndpointPatchSchema>;

/** "Found in your agent's config": an endpoint on this computer that openclaw.json names, or why none. */
export const AgentEmbedderOfferSchema = z.discriminatedUnion('found', [
  z.object({ found: z.literal(true), provider: z.string(), settings: EmbedderEndpointPatchSchema, from: z.string() }),
  // `reason` in English; `messageId` + `params` word it in the reader's language.
  z.object({
    found: z.literal(false),
    reason: z.string(),
    messageId: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
]);

export type AgentEmbedderOffer = z.output<typeof AgentEmbedderOfferSchema>;
