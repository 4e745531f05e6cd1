// Which ranking answers a search, as plain values: the CLI and the engine read them without
// loading zod; openclaw-rank-schemas.ts builds the contract's schema from the same list.

/** Memory Lens's own ranking, or OpenClaw 2026.9.6's memory_search reproduced (keyword-only, or hybrid with the agent's embedder). */
export const SEARCH_PROFILES = ['memory-lens', 'openclaw'] as const;

/** The OpenClaw release the `openclaw` profile reproduces (checked by shared/fixtures/openclaw-search-vectors.json). */
export const OPENCLAW_RANKING_RELEASE = '2026.9.6';
