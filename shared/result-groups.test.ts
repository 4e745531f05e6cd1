import { describe, expect, it } from 'vitest';
import type { SearchResult } from './domain.js';
import { groupResults, hitLines, resultsAsListed } from './result-groups.js';

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

  it('folds the runs of one automated prompt across sessions into the best one, whatever each run answered', () => {
    const results = [
      result('sessions/main/a.jsonl', 2, 5, 'User: Check the inbox. Assistant: Wise replied: returned', 1.13),
      result('memory/other.md', 1, 4, 'Something else entirely', 1.0),
      result('sessions/main/b.jsonl', 2, 5, 'User: Check the inbox. Assistant: No new replies', 0.9),
      result('sessions/main/a.jsonl', 8, 9, 'Assistant: a later chunk of the same run', 0.8),
      result('sessions/main/h.jsonl', 2, 3, 'User: Read HEARTBEAT.md if it exists', 0.7),
    ];
    const runOf = (path: string) =>
      ({
        'sessions/main/a.jsonl': 'cron\0Wise',
        'sessions/main/b.jsonl': 'cron\0Wise',
        'sessions/main/h.jsonl': 'heartbeat\0',
      })[path];
    const groups = groupResults(results, runOf);
    expect(groups.map((g) => g.path)).toEqual(['sessions/main/a.jsonl', 'memory/other.md', 'sessions/main/h.jsonl']);
    const wise = groups[0]!.hits;
    expect(wise).toHaveLength(1);
    expect(wise[0]!.runKey).toBe('cron\0Wise');
    expect(wise[0]!.alike.map((a) => `${a.result.path}:${a.result.startLine}`)).toEqual([
      'sessions/main/b.jsonl:2',
      'sessions/main/a.jsonl:8',
    ]);
    expect(groups[1]!.hits[0]!.runKey).toBeUndefined();
  });

  it('folds a note copied under two folders into one hit that lists the copy (Markdown and spacing aside)', () => {
    const results = [
      result('memory/P0/2026-04-17.md', 1, 3, '- **Ship** the  HG-2 PVT build\n- call Priya', 0.9),
      result('memory/daily/2026-04-17.md', 1, 3, '* Ship the HG-2 PVT build\n* call priya', 0.9),
      result('memory/daily/2026-04-18.md', 1, 3, '- Ship the HG-3 PVT build\n- call Priya', 0.8),
    ];
    const groups = groupResults(results);
    expect(groups.map((g) => g.path)).toEqual(['memory/P0/2026-04-17.md', 'memory/daily/2026-04-18.md']);
    expect(groups[0]!.hits[0]!.alike.map((a) => a.result.path)).toEqual(['memory/daily/2026-04-17.md']);
  });

  it('keeps different text apart and never folds a file into itself', () => {
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
