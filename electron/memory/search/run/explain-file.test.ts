import { afterEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { computeFinalScore } from '../../../../shared/score.js';
import { explainFile } from './explain-file.js';
import type { SearchContext } from './run-search.js';
import { buildTestIndex, isoDay, keywordOnlyContext, type TestDoc } from '../test-support/test-index.js';

let db: Database.Database | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

const filler: TestDoc[] = Array.from({ length: 20 }, (_, i) => ({
  path: `memory/filler-${i}.md`,
  text: `filler note ${i} about lunch and books`,
}));

function open(docs: TestDoc[]): SearchContext {
  const built = buildTestIndex([...docs, ...filler]);
  db = built.db;
  return keywordOnlyContext(built.session, built.meta);
}

describe('explainFile', () => {
  it('reports a returned file with its rank and breakdown', async () => {
    const ctx = open([{ path: 'memory/2026-05-04.md', text: '合同金额是12,345万元', date: isoDay('2026-05-04') }]);
    const result = await explainFile(ctx, 'memory/2026-05-04.md', { query: '合同金额' });
    expect(result).toMatchObject({ code: 'returned', inResults: true, resultRank: 1 });
    expect(result.bestChunk!.keywordRank).toBe(1);
    expect(result.bestChunk!.vectorRank).toBeNull();
    expect(computeFinalScore(result.bestChunk!.breakdown!)).toBe(result.bestChunk!.breakdown!.final);
  });

  it('says a file whose text is shown under another file’s result was folded into it', async () => {
    const ctx = open([
      { path: 'memory/2026-05-04.md', text: 'NAS backup runs nightly', date: isoDay('2026-05-04') },
      { path: 'memory/home.md', text: 'NAS backup runs nightly' },
    ]);
    const a = await explainFile(ctx, 'memory/2026-05-04.md', { query: 'NAS backup', minScore: 0 });
    const b = await explainFile(ctx, 'memory/home.md', { query: 'NAS backup', minScore: 0 });
    const [shown, folded] = a.code === 'returned' ? [a, b] : [b, a];
    expect(shown.code).toBe('returned');
    expect(folded.code).toBe('duplicate-shown-elsewhere');
    expect(folded.reasons[0]).toMatch(/hold exactly the text of memory\/.+, returned at rank 1/);
  });

  it('names the file that is not indexed', async () => {
    const ctx = open([]);
    expect((await explainFile(ctx, 'memory/nope.md', { query: 'x' })).code).toBe('not-indexed');
  });

  it('says no keyword matched, listing the terms', async () => {
    const ctx = open([{ path: 'memory/a.md', text: 'router firmware' }]);
    const result = await explainFile(ctx, 'memory/filler-1.md', { query: 'router' });
    expect(result.code).toBe('no-keyword-match');
    expect(result.reasons[0]).toContain('router');
  });

  it('reports the minScore a match missed, with the numbers', async () => {
    // b.md matches one of two words, a.md both: a minScore between them keeps a.md only (when
    // nothing reaches minScore, the keyword matches are all returned, as OpenClaw does).
    const ctx = open([
      { path: 'memory/a.md', text: 'router firmware' },
      { path: 'memory/b.md', text: 'router' },
      { path: 'memory/c.md', text: 'firmware notes' },
    ]);
    const scores = await explainFile(ctx, 'memory/a.md', { query: 'router firmware', minScore: 0 });
    const between = Math.round((scores.bestChunk!.breakdown!.final - 0.001) * 1000) / 1000;
    const result = await explainFile(ctx, 'memory/b.md', { query: 'router firmware', minScore: between });
    expect(result.code).toBe('below-min-score');
    expect(result.reasons[0]).toMatch(new RegExp(`below the minimum score ${between.toFixed(3).replace('.', '\\.')}`));
    expect(result.bestChunk!.breakdown!.final).toBeLessThan(between);
  });

  it('reports a file pushed out by maxResults', async () => {
    const ctx = open([
      { path: 'memory/a.md', text: 'router router router' },
      { path: 'memory/b.md', text: 'router router' },
      { path: 'memory/c.md', text: 'router and many other words that dilute the single mention' },
    ]);
    const result = await explainFile(ctx, 'memory/c.md', { query: 'router', minScore: 0, maxResults: 2 });
    expect(result.code).toBe('beyond-max-results');
    expect(result.bestChunk!.keywordRank).toBe(3);
    expect(result.reasons[0]).toContain('2 chunks scored higher');
  });

  it('reports source and date filters as the decisive reason', async () => {
    const ctx = open([
      { path: 'sessions/s.jsonl', text: 'User: router', kind: 'session', date: isoDay('2026-05-01') },
      { path: 'MEMORY.md', text: 'router admin page' },
    ]);
    const bySource = await explainFile(ctx, 'sessions/s.jsonl', { query: 'router', minScore: 0, sources: ['memory'] });
    expect(bySource.code).toBe('filtered-source');
    expect(bySource.bestChunk).not.toBeNull();
    const byDate = await explainFile(ctx, 'MEMORY.md', { query: 'router', minScore: 0, from: '2026-05-01' });
    expect(byDate.code).toBe('filtered-date');
    expect(byDate.reasons[0]).toContain('evergreen');
  });

  it('reports a near-duplicate that MMR pushed out', async () => {
    const ctx = open([
      { path: 'memory/a.md', text: 'router firmware upgrade failed on the office gateway today' },
      { path: 'memory/b.md', text: 'router firmware upgrade failed on the office gateway today again' },
      { path: 'memory/c.md', text: 'router purchase receipt filed under taxes' },
    ]);
    const query = { query: 'router firmware upgrade receipt', minScore: 0, maxResults: 2, mmr: { enabled: true } };
    const result = await explainFile(ctx, 'memory/b.md', query);
    expect(result.code).toBe('mmr-suppressed');
    expect(result.reasons[0]).toContain('memory/a.md:1-1');
  });
});
