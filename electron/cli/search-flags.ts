// The search flags shared by `memlens search`, `eval` and `mcp`: their specs and help text, kept
// apart from the search code so help and argument parsing load none of it.
import { OPENCLAW_RANKING_RELEASE } from '../../shared/search-profiles.js';
import { EXPANSION_DEFAULTS, SEARCH_DEFAULTS } from '../../shared/search-defaults.js';
import type { OptionSpecs } from './option-specs.js';

/** The flags that shape how a search ranks and filters, shared with `memlens eval`. */
export const SEARCH_FLAG_OPTIONS = {
  'min-score': { type: 'string' },
  sources: { type: 'string' },
  decay: { type: 'string' },
  mmr: { type: 'string' },
  'access-boost': { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  now: { type: 'string' },
  dates: { type: 'string' },
  'date-boost': { type: 'string' },
  profile: { type: 'string' },
  expand: { type: 'string' },
  'expand-weight': { type: 'string' },
} as const satisfies OptionSpecs;

export const SEARCH_FLAG_USAGE = `  --min-score S          drop results scoring below S, 0..1 (default ${SEARCH_DEFAULTS.minScore})
  --sources LIST         memory, sessions or memory,sessions (default both)
  --decay[=DAYS]         temporal decay with this half-life (default ${SEARCH_DEFAULTS.halfLifeDays} days); evergreen files never decay
  --mmr[=LAMBDA]         diversify with MMR (default λ ${SEARCH_DEFAULTS.mmrLambda})
  --access-boost[=F]     lift chunks agents keep retrieving: × (1 + F·ln(1 + accesses)) (default F ${SEARCH_DEFAULTS.accessBoostFactor})
  --from DATE, --to DATE only files dated in this inclusive range (YYYY-MM-DD); undated evergreen files are excluded
  --now DATETIME         read dates in the query against this moment, e.g. 2026-11-06T10:00:00+08:00
                         (the offset sets the time zone; default: now, local time)
  --dates on|off         boost memories from the dates the query mentions ("昨天", "Feb 5th"; default on)
  --date-boost X         the factor for a memory from then, 1..10 (default ${SEARCH_DEFAULTS.dateBoost})
  --profile NAME         memory-lens (default): Memory Lens's ranking; openclaw: rank as your agent does,
                         OpenClaw ${OPENCLAW_RANKING_RELEASE}'s memory_search (its chunks, fallback keywords,
                         filename tier, decay on, importance; the ranking flags above do not apply);
                         hybrid (0.7 vector + 0.3 keyword, MMR λ 0.7) with an embedder, unless the agent's
                         index holds no vectors; the agent's stored vectors are used when their model is the embedder's
  --expand LIST          also search, with less weight: feedback (RM3 from the best first matches), thesaurus
                         (English synonyms, WordNet), dictionary (Chinese↔English, CC-CEDICT), pivot (Chinese
                         words of the same gloss); comma-separated, or off (docs/keyword-expansion.md)
  --expand-weight W      an expansion word's weight against the query's own words, 0..1 (default ${EXPANSION_DEFAULTS.weight})`;

/** Flags whose value is optional (`--decay` or `--decay=14`). */
export const SEARCH_OPTIONAL_VALUE_FLAGS: readonly string[] = ['decay', 'mmr', 'access-boost'];
