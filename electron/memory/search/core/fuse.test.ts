import { describe, expect, it } from 'vitest';
import type { KeywordBreakdown } from '../../../../shared/domain.js';
import { computeHybrid } from '../../../../shared/score.js';
import { fuseCandidates, resolveWeights, type KeywordCandidate } from './fuse.js';
import { modeReasons } from '../../../../shared/mode-reasons.js';

function kw(chunkRowid: number, score: number, rank: number): KeywordCandidate {
  const keyword: KeywordBreakdown = {
    bm25: -score / (1 - score),
    rank,
    idfMass: 1,
    score,
    matchedTerms: ['x'],
    query: '"x"',
    relaxed: false,
  };
  return { chunkRowid, keyword };
}

describe('resolveWeights', () => {
  it('keeps the configured 0.7/0.3 split when both sides are available', () => {
    const w = resolveWeights({ vector: 0.7, text: 0.3 }, { vector: true, text: true });
    expect(w.vector).toBeCloseTo(0.7, 12);
    expect(w.text).toBeCloseTo(0.3, 12);
    expect(w.configured).toEqual({ vector: 0.7, text: 0.3 });
  });

  it('gives the text side weight 1 when vectors are unavailable', () => {
    const w = resolveWeights({ vector: 0.7, text: 0.3 }, { vector: false, text: true });
    expect(w).toEqual({ configured: { vector: 0.7, text: 0.3 }, vector: 0, text: 1 });
  });

  it('gives the vector side weight 1 when the query has no keyword terms', () => {
    const w = resolveWeights({ vector: 0.7, text: 0.3 }, { vector: true, text: false });
    expect(w.vector).toBe(1);
    expect(w.text).toBe(0);
  });

  it('renormalises custom weights to sum to 1', () => {
    const w = resolveWeights({ vector: 2, text: 2 }, { vector: true, text: true });
    expect(w.vector + w.text).toBeCloseTo(1, 12);
    expect(w.vector).toBeCloseTo(0.5, 12);
  });
});

describe('fuseCandidates', () => {
  it("merges both lists by chunk and keeps each side's contribution", () => {
    const fused = fuseCandidates(
      [kw(1, 0.8, 1), kw(2, 0.5, 2)],
      {
        available: true,
        candidates: [
          { chunkRowid: 2, cosine: 0.9, rank: 1 },
          { chunkRowid: 3, cosine: -0.2, rank: 2 },
        ],
      },
      { vector: 0.7, text: 0.3 },
    );
    const byId = new Map(fused.map((f) => [f.chunkRowid, f]));
    expect([...byId.keys()].sort()).toEqual([1, 2, 3]);
    expect(byId.get(1)!.vector).toBeNull();
    expect(byId.get(1)!.hybrid).toBeCloseTo(0.3 * 0.8, 12);
    expect(byId.get(2)!.vector).toEqual({ cosine: 0.9, score: 0.9, rank: 1 });
    expect(byId.get(2)!.hybrid).toBeCloseTo(0.7 * 0.9 + 0.3 * 0.5, 12);
    // Negative cosine contributes nothing.
    expect(byId.get(3)!.vector).toEqual({ cosine: -0.2, score: 0, rank: 2 });
    expect(byId.get(3)!.hybrid).toBe(0);
    for (const f of fused) expect(f.hybrid).toBe(computeHybrid(f));
  });

  it('marks every chunk with the reason when vectors are unavailable, and scores keyword-only', () => {
    const fused = fuseCandidates(
      [kw(1, 0.6, 1)],
      { available: false, reason: modeReasons.noModelLoaded() },
      { vector: 0.7, text: 0.3 },
    );
    expect(fused[0]!.vector).toEqual({
      unavailable: true,
      reason: 'no embedding model loaded',
      reasonId: 'explain:modeReason.noModelLoaded',
    });
    expect(fused[0]!.weights.text).toBe(1);
    expect(fused[0]!.hybrid).toBeCloseTo(0.6, 12);
  });
});
