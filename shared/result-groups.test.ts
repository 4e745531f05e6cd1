import { describe, expect, it } from 'vitest';
import type { SearchResult } from './domain.js';
import { groupResults, hitLines, resultsAsListed, sameTextKey } from './result-groups.js';

function result(path: string, startLine: number, endLine: number, snippet: string, score: number): SearchResult {
  return {
    id: `${path}#${startLine}`,
    chunkHash: `${path}:${startLine}`,
    path,
    startLine,
    endLine,
    score,
    snippet,
    highlights: [],
    source: path.startsWith('sessions/') ? 'sessions' : 'memory',
    breakdown: { final: score } as SearchResult['breakdown'],
  };
}

describe('groupResults', () => {
  it('lists a file once, in the order of its best hit, with overlapping and adjacent chunks merged into one hit spanning them', () => {
    const results = [
      result('memory/log.md', 1, 56, 'a', 1.03),
      result('memory/log.md', 45, 100, 'b', 0.98),
      result('MEMORY.md', 3, 9, 'c', 0.9),
      result('memory/log.md', 101, 120, 'd', 0.8),
      result('memory/log.md', 140, 170, 'e', 0.7),
    ];
    const groups = groupResults(results);
    expect(groups.map((g) => g.path)).toEqual(['memory/log.md', 'MEMORY.md']);
    const log = groups[0]!;
    expect(log.hits.map(hitLines)).toEqual(['1-120', '140-170']);
    expect(log.hits[0]!.primary.rank).toBe(1);
    expect(log.hits[0]!.merged.map((m) => m.rank)).toEqual([2, 4]);
    // The hit shows the engine's own result for its best chunk, breakdown untouched.
    expect(log.hits[0]!.primary.result).toBe(results[0]);
    expect(log.hits[1]!.primary.rank).toBe(5);
  });

  it('folds chunks of other files with the same text but for run times and ids into the best one', () => {
    const prompt = (uuid: string, time: string) =>
      `User: [cron:${uuid} Wise Support Email Check] Check the inbox. Current time: ${time}`;
    const results = [
      result(
        'sessions/main/a.jsonl',
        2,
        5,
        prompt('df444ebe-f415-4c1e-9a0b-3f2d8c7e6a51', '2026-11-05T08:00:00.000Z'),
        1.13,
      ),
      result(
        'sessions/main/b.jsonl',
        2,
        5,
        prompt('df444ebe-f415-4c1e-9a0b-3f2d8c7e6a51', '2026-11-05T16:00:00.000Z'),
        1.13,
      ),
      result('memory/other.md', 1, 4, 'Something else entirely', 1.0),
      result(
        'sessions/main/c.jsonl',
        2,
        5,
        prompt('df444ebe-f415-4c1e-9a0b-3f2d8c7e6a51', '2026-11-06T00:00:00.000Z'),
        1.1,
      ),
    ];
    const groups = groupResults(results);
    expect(groups.map((g) => g.path)).toEqual(['sessions/main/a.jsonl', 'memory/other.md']);
    expect(groups[0]!.hits[0]!.alike.map((a) => a.result.path)).toEqual([
      'sessions/main/b.jsonl',
      'sessions/main/c.jsonl',
    ]);
  });

  it('keeps different text apart and never folds a file into itself', () => {
    expect(sameTextKey('Wise replied: returned')).not.toBe(sameTextKey('No new replies'));
    const groups = groupResults([result('memory/a.md', 1, 3, 'same', 1), result('memory/a.md', 10, 12, 'same', 0.9)]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.hits.map(hitLines)).toEqual(['1-3', '10-12']);
    expect(groups[0]!.hits.every((h) => h.alike.length === 0)).toBe(true);
  });
});

describe('resultsAsListed', () => {
  it("keeps the engine's list as it is, overlapping chunks of one file included (what the agent itself gets)", () => {
    const results = [
      result('memory/log.md', 1, 56, 'a', 1.03),
      result('memory/log.md', 45, 100, 'b', 0.98),
      result('MEMORY.md', 3, 9, 'a', 0.9),
    ];
    const groups = resultsAsListed(results);
    expect(groups.map((g) => [g.path, g.bestRank, hitLines(g.hits[0]!)])).toEqual([
      ['memory/log.md', 1, '1-56'],
      ['memory/log.md', 2, '45-100'],
      ['MEMORY.md', 3, '3-9'],
    ]);
    expect(
      groups.every((g) => g.hits.length === 1 && g.hits[0]!.merged.length === 0 && g.hits[0]!.alike.length === 0),
    ).toBe(true);
  });
});
