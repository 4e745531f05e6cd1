// Search profiles, and the breakdown parts that line annotations and the "as your agent ranks"
// profile add to a result. New block beside contract-schemas.ts, which composes them.
import { z } from 'zod';
import { SEARCH_PROFILES } from './search-profiles.js';

/** Which ranking answers (shared/search-profiles.ts). */
export const SearchProfileSchema = z.enum(SEARCH_PROFILES);

/**
 * `<!-- importance: N -->` on the chunk's lines (MEMORY.md, memory.md, USER.md): × (0.75 + 0.05 N),
 * as OpenClaw weighs it. No annotation: × 1.
 */
export const ImportanceBreakdownSchema = z.object({
  /** 1–10, the highest valid annotation on the chunk's (or its entry's) lines; null when none. */
  importance: z.number().nullable(),
  multiplier: z.number(),
  /** 1-based line of the annotation that set it. */
  line: z.number().nullable(),
});

/** Whose vector ranked a chunk: the one the agent stored in its index, or one Memory Lens embedded. */
export const VectorOriginSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('agent'), agentId: z.string(), model: z.string() }),
  z.object({ kind: z.literal('embedded'), provider: z.string(), model: z.string() }),
]);

/** OpenClaw's hybrid merge for one result: 0.7 × vectorScore + 0.3 × the keyword side. */
export const OpenClawHybridBreakdownSchema = z.object({
  /** 1 − cosine distance to the query (may be negative); 0 when not a vector candidate. */
  vectorScore: z.number(),
  vectorWeight: z.number(),
  textWeight: z.number(),
  /** The keyword side as fused (boosted text score, or the path score of a path-only hit). */
  keywordScore: z.number(),
  contentScore: z.number(),
  /** Null when the chunk had no vector (not a vector candidate). */
  vectorOf: VectorOriginSchema.nullable(),
});

/** What OpenClaw's own pipeline computed for this result, step by step (the `openclaw` profile). */
export const OpenClawBreakdownSchema = z.object({
  release: z.string(),
  /** exact-path: the query names this file (OpenClaw puts those first, score 1); body: its text matched; path-only: only its path matched; vector: only its vector (hybrid). */
  tier: z.enum(['exact-path', 'body', 'path-only', 'vector']),
  /** 3 full path, 2 file name, 1 name without extension, 0 none. */
  exactPath: z.number(),
  /** Raw FTS5 bm25() of the body match (unicode61 over OpenClaw's chunks), null without one. */
  bm25: z.number().nullable(),
  /** OpenClaw's r / (1 + r), r = −bm25. */
  textScore: z.number(),
  /** The lexical boost added to textScore (capped at 1 in all). */
  boost: z.object({ overlap: z.number(), density: z.number(), path: z.number(), length: z.number() }).nullable(),
  /** bm25 of the path match mapped the same way (0 without one). */
  pathScore: z.number(),
  /** Score before decay and importance. */
  relevance: z.number(),
  /** The strict query, or the fallback keyword whose search found it. */
  foundBy: z.string(),
  /** True when the strict query found too little and OpenClaw searched the fallback keywords. */
  fallback: z.boolean(),
  fallbackTerms: z.array(z.string()),
  decay: z.object({ date: z.string().nullable(), ageDays: z.number().nullable(), multiplier: z.number() }),
  importance: z.number().nullable(),
  importanceMultiplier: z.number(),
  projectKey: z.string().nullable(),
  /** No result reached minScore, so OpenClaw kept the keyword matches anyway. */
  keptBelowMinScore: z.boolean(),
  /** Present when the profile ran OpenClaw's hybrid search (the agent's provider reachable). */
  hybrid: OpenClawHybridBreakdownSchema.optional(),
});
