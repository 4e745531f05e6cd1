// One fused candidate as a search traced it: its own module so that each side of the search can
// describe candidates without importing the run that fuses them.
import type { MemorySource, ScoreBreakdown } from '../../../../shared/domain.js';

/** Why a candidate did or did not make it into the results. */
export type CandidateFate =
  | 'returned'
  | 'filtered-source'
  | 'filtered-date'
  | 'below-min-score'
  | 'mmr-suppressed'
  | 'folded-duplicate'
  | 'merged-region'
  | 'beyond-max-results';

export interface TracedCandidate {
  chunkRowid: number;
  /** chunks.id: unique, unlike path + lines. */
  chunkId: string;
  chunkHash: string;
  path: string;
  source: MemorySource;
  startLine: number;
  endLine: number;
  /**
   * The chunk's text: read for the returned results, and for every candidate when the date boost
   * or MMR looks at it; '' for the others (reading every candidate's text cost up to a tenth of a
   * query, for text nobody looked at).
   */
  text: string;
  date: string | null;
  breakdown: ScoreBreakdown;
  fate: CandidateFate;
  /** 1-based position in the results, when returned. */
  resultRank: number | null;
  /** Identical chunks (same chunkHash) folded into this one ("also in …"), best first. */
  alsoIn: TracedCandidate[];
  /** For a folded duplicate: the candidate it was folded into. */
  foldedInto: TracedCandidate | null;
  /** Returned: the lines of the region it stands for (its own, or spanning the chunks merged into it). */
  region: { startLine: number; endLine: number } | null;
  /** Chunks of the same file with overlapping or touching lines merged into this one, best first. */
  merged: TracedCandidate[];
  /** For a merged chunk: the returned candidate whose region holds it. */
  mergedInto: TracedCandidate | null;
}
