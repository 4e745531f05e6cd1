// "yesterday" on a workspace last written in April: the search says nothing is from then and
// names the nearest dated memories. Real files → real engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../engine.js';
import { openTempEngine, type TempEngine } from '../test-support/temp-engine.js';

let fx: TempEngine;
let engine: MemoryEngine;

beforeAll(async () => {
  fx = await openTempEngine('date-gap', {
    'MEMORY.md': '# Memory\n\nThe router lives in the hallway.\n',
    'memory/2026-04-15.md': '# 15 Apr\n\nRouter firmware upgraded.\n',
    'memory/2026-04-16.md': '# 16 Apr\n\nRouter rebooted twice.\n',
    'memory/2026-01-02.md': '# 2 Jan\n\nNew router bought.\n',
    'memory/topics/router.md': '---\ncreated: 2026-03-01\n---\n# Router\n\nAdmin page at 192.168.1.1.\n',
  });
  engine = fx.engine;
});

afterAll(async () => {
  await fx?.dispose();
});

describe('when the asked period has no memory', () => {
  it('"yesterday" on an old workspace says so and names the nearest dated memories, newest first', async () => {
    const response = await engine.search({
      query: 'router yesterday',
      minScore: 0,
      now: Date.parse('2026-11-06T10:00:00+08:00'),
      timeZoneOffsetMinutes: 480,
    });
    const gap = response.notices.filter((n) => n.code === 'no-memory-then');
    expect(gap).toHaveLength(1);
    // Nothing is from then, so no "boosted ×2" line beside it.
    expect(response.notices.map((n) => n.code)).not.toContain('query-dates');
    expect(gap[0]!.message).toBe(
      'No memory is from 5 Nov 2026 (“yesterday”); the nearest dated memories: memory/2026-04-16.md (16 Apr 2026), memory/2026-04-15.md (15 Apr 2026), memory/topics/router.md (1 Mar 2026).',
    );
  });

  it('says nothing when the period has a memory, or when "now" is moved to a day that has one', async () => {
    const dated = await engine.search({
      query: 'router 4月16号',
      minScore: 0,
      now: Date.parse('2026-11-06T10:00:00+08:00'),
      timeZoneOffsetMinutes: 480,
    });
    expect(dated.notices.map((n) => n.code)).not.toContain('no-memory-then');
    const asOf = await engine.search({
      query: 'router yesterday',
      minScore: 0,
      now: Date.parse('2026-04-17T10:00:00+08:00'),
      timeZoneOffsetMinutes: 480,
    });
    expect(asOf.notices.map((n) => n.code)).not.toContain('no-memory-then');
    expect(asOf.results[0]!.path).toBe('memory/2026-04-16.md');
  });

  it('a query that is only a date lists the memories from then, and only them', async () => {
    const now = Date.parse('2026-04-17T10:00:00+08:00');
    const onlyDate = await engine.search({ query: 'yesterday', now, timeZoneOffsetMinutes: 480 });
    expect(onlyDate.results.map((r) => r.path)).toEqual(['memory/2026-04-16.md']);
    expect(onlyDate.notices.map((n) => n.code)).not.toContain('no-terms');
    const empty = await engine.search({
      query: 'yesterday',
      now: Date.parse('2026-11-06T10:00:00+08:00'),
      timeZoneOffsetMinutes: 480,
    });
    expect(empty.results).toEqual([]);
    expect(empty.notices.map((n) => n.code)).toContain('no-memory-then');
  });
});
