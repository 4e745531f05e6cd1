import { describe, expect, it } from 'vitest';
import type { SearchResult } from './domain.js';
import { groupingRequestSize, layoutResults, numberShownHits } from './result-list.js';

function result(path: string, startLine: number, snippet: string, score: number): SearchResult {
  return {
    id: `${path}#${startLine}`,
    chunkHash: `${path}:${startLine}`,
    path,
    startLine,
    endLine: startLine,
    score,
    snippet,
    highlights: [],
    source: path.startsWith('sessions/') ? 'sessions' : 'memory',
    breakdown: { final: score } as SearchResult['breakdown'],
  };
}

const cron = (i: number) =>
  result(
    `sessions/cron-${i}.jsonl`,
    2,
    `[cron] Check the Wise inbox for ${['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Fay'][i]}`,
    2 - i / 100,
  );
const heartbeat = (i: number) =>
  result(
    `sessions/hb-${i}.jsonl`,
    4,
    `Heartbeat reminder: weekly report to ${['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Fay'][i]}`,
    1.9 - i / 100,
  );
const automated = new Set([...Array(10).keys()].flatMap((i) => [`sessions/cron-${i}.jsonl`, `sessions/hb-${i}.jsonl`]));
const isAutomated = (p: string) => automated.has(p);

// The engine's top six are all runs of the scheduler; the conversations and notes come after.
const results = [
  ...[0, 1, 2, 3, 4, 5].map((i) => (i % 2 ? heartbeat(i) : cron(i))),
  result('sessions/feishu-dm.jsonl', 3, 'Wise transfer of February 5th returned, resubmit', 1.2),
  result('memory/2026-11-05-work-log.md', 11, 'Wise 转账（February 5th）仍未到账', 1.1),
  result('MEMORY.md', 8, 'Wise account: support replies within two days', 1.0),
  result('memory/people.md', 3, 'Priya: weekly report on Wednesdays', 0.9),
  result('memory/projects.md', 20, 'HG-2 PVT transfer schedule', 0.8),
  result('memory/travel.md', 5, 'Hakone transfer by bus', 0.7),
  result('memory/old.md', 5, 'an old transfer note', 0.6),
];

describe('layoutResults', () => {
  it('fills the shown hits with conversations and notes when the top chunks are all automated runs', () => {
    const layout = layoutResults(results, { isAutomated, placement: 'after', shown: 6 });
    expect(layout.people.map((g) => g.path)).toEqual([
      'sessions/feishu-dm.jsonl',
      'memory/2026-11-05-work-log.md',
      'MEMORY.md',
      'memory/people.md',
      'memory/projects.md',
      'memory/travel.md',
    ]);
    expect(layout.automated).toEqual([]);
    expect(layout.shownHits).toBe(6);
    // The six runs are counted, none shown: the list says so.
    expect(layout.automatedHits).toBe(6);
    expect(layout.automatedShown).toBe(0);
    // Each hit is the engine's own result, rank and numbers untouched.
    expect(layout.people[0]!.hits[0]!.primary).toEqual({ result: results[6], rank: 7 });
  });

  it('lists the runs after the conversations when the conversations do not fill the list', () => {
    const few = [...results.slice(0, 6), results[6]!, results[7]!];
    const layout = layoutResults(few, { isAutomated, placement: 'after', shown: 6 });
    expect(layout.people.map((g) => g.path)).toEqual(['sessions/feishu-dm.jsonl', 'memory/2026-11-05-work-log.md']);
    expect(layout.automated.flatMap((g) => g.hits.map((h) => h.primary.rank))).toEqual([1, 2, 3, 4]);
    expect(layout.shownHits).toBe(6);
    expect(layout.automatedShown).toBe(4);
  });

  it('hides the runs on request and mixes them in by score on request, always cut to the shown count', () => {
    const hidden = layoutResults(results, { isAutomated, placement: 'hidden', shown: 3 });
    expect(hidden.people.map((g) => g.path)).toEqual([
      'sessions/feishu-dm.jsonl',
      'memory/2026-11-05-work-log.md',
      'MEMORY.md',
    ]);
    expect(hidden.automated).toEqual([]);
    const mixed = layoutResults(results, { isAutomated, placement: 'mixed', shown: 6 });
    expect(mixed.people.flatMap((g) => g.hits.map((h) => h.primary.rank))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(mixed.automatedShown).toBe(6);
  });

  it("shows the agent's own list as it came, uncut", () => {
    const layout = layoutResults(results, { isAutomated, placement: 'after', shown: 3, asListed: true });
    expect(layout.people).toHaveLength(results.length);
  });

  it('asks the engine for enough chunks for grouping, within the contract', () => {
    expect(groupingRequestSize(6)).toBe(50);
    expect(groupingRequestSize(20)).toBe(160);
    expect(groupingRequestSize(1000)).toBe(1000);
  });
});

describe('numberShownHits', () => {
  const numbers = (layout: ReturnType<typeof layoutResults>) =>
    [...numberShownHits(layout).values()].map((n) => [n.number, n.hit.primary.rank, n.neighbour?.number]);
  const after = (layout: ReturnType<typeof layoutResults>) => [...numberShownHits(layout).values()].map((n) => n.after);

  it('numbers the cards from 1 in screen order, whatever the engine ranks, in every placement', () => {
    // Runs first in the engine: the people's cards are engine #7…#12, shown #1…#6.
    expect(numbers(layoutResults(results, { isAutomated, placement: 'after', shown: 6 }))).toEqual([
      [1, 7, 2],
      [2, 8, 1],
      [3, 9, 2],
      [4, 10, 3],
      [5, 11, 4],
      [6, 12, 5],
    ]);
    expect(numbers(layoutResults(results, { isAutomated, placement: 'hidden', shown: 2 }))).toEqual([
      [1, 7, 2],
      [2, 8, 1],
    ]);
    // Runs listed after the people continue the count.
    const few = [...results.slice(0, 6), results[6]!, results[7]!];
    expect(numbers(layoutResults(few, { isAutomated, placement: 'after', shown: 4 })).map((n) => n[0])).toEqual([
      1, 2, 3, 4,
    ]);
    expect(numbers(layoutResults(few, { isAutomated, placement: 'after', shown: 4 }))[2]).toEqual([3, 1, 2]);
    expect(after(layoutResults(few, { isAutomated, placement: 'after', shown: 4 }))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
