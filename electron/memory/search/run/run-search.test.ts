import { afterEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { computeFinalScore } from '../../../../shared/score.js';
import { tokenSet } from '../../text/segment.js';
import { runSearch, type SearchContext } from './run-search.js';
import { buildTestIndex, isoDay, keywordOnlyContext, type TestDoc } from '../test-support/test-index.js';
import type { QueryEmbedder, VectorSearchFn } from './vector-side.js';

let db: Database.Database | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

const NOW = Date.UTC(2026, 4, 31);

function open(docs: TestDoc[]): SearchContext {
  const built = buildTestIndex(docs);
  db = built.db;
  return keywordOnlyContext(built.session, built.meta);
}

/**
 * A deterministic stand-in for a query embedder: one dimension per vocabulary word. Enough to
 * exercise fusion; the real ONNX pipeline is tested by the embedder's own tests.
 */
const VOCAB = ['router', 'gateway', 'network', 'contract', 'agreement', 'budget', 'tea'];
function embedWords(text: string): Float32Array {
  const tokens = tokenSet(text);
  const vec = new Float32Array(VOCAB.length);
  VOCAB.forEach((w, i) => (vec[i] = tokens.has(w) ? 1 : 0));
  // Synonyms share a direction: what makes vectors find what keywords cannot.
  if (tokens.has('gateway') || tokens.has('router')) vec[0] = vec[1] = 1;
  const norm = Math.hypot(...vec) || 1;
  return vec.map((v) => v / norm);
}
function hybridContext(docs: TestDoc[], embedder: QueryEmbedder): SearchContext {
  const ctx = open(docs);
  const vectors = new Map(docs.map((d, i) => [i + 1, embedWords(d.text)]));
  const vectorSearch: VectorSearchFn = (_db, q, limit) =>
    [...vectors.entries()]
      .map(([chunkRowid, v]) => ({ chunkRowid, cosine: v.reduce((s, x, i) => s + x * q[i]!, 0) }))
      .filter((h) => h.cosine > 0)
      .sort((a, b) => b.cosine - a.cosine)
      .slice(0, limit);
  return {
    ...ctx,
    embedder,
    vectorSearch,
    vectorBackend: 'js-scan',
    mode: 'hybrid',
    modeReason: undefined,
    provider: 'test',
    model: 'bag-of-words',
  };
}
const wordEmbedder: QueryEmbedder = {
  provider: 'test',
  model: 'bag-of-words',
  embedQuery: async (text) => embedWords(text),
};

const CORPUS: TestDoc[] = [
  {
    path: 'MEMORY.md',
    text: 'Prefers green tea. The home router admin page is 192.168.1.1.',
    startLine: 3,
    endLine: 4,
  },
  {
    path: 'memory/2026-05-30.md',
    text: 'Replaced the router firmware; network stable again.',
    date: isoDay('2026-05-30'),
  },
  {
    path: 'memory/2026-01-30.md',
    text: 'Replaced the router firmware; network flaky before.',
    date: isoDay('2026-01-30'),
  },
  { path: 'memory/2026-05-20.md', text: 'New gateway installed in the office.', date: isoDay('2026-05-20') },
  {
    path: 'sessions/main/s1.jsonl',
    text: 'User: is the router fixed?\nAssistant: yes, firmware updated.',
    kind: 'session',
    date: isoDay('2026-05-29'),
    startLine: 2,
    endLine: 3,
  },
  { path: 'memory/budget.md', text: 'Quarterly budget: 12,345万元 for the contract.' },
];

describe('runSearch', () => {
  it('returns the memory_search shape, keyword-only, with a breakdown that accounts for every score', async () => {
    const ctx = open(CORPUS);
    const response = await runSearch(ctx, { query: 'router firmware', minScore: 0, now: NOW });
    expect(response).toMatchObject({
      provider: 'none',
      model: '',
      fallback: null,
      mode: 'fts-only',
      modeReason: 'no embedding model configured',
    });
    expect(response.notices.map((n) => n.code)).toContain('keyword-only');
    expect(response.results.length).toBeGreaterThan(0);
    for (const r of response.results) {
      expect(
        Object.keys(r)
          .filter((k) => k !== 'snippetLine')
          .sort(),
      ).toEqual([
        'breakdown',
        'chunkHash',
        'citation',
        'date',
        'endLine',
        'highlights',
        'id',
        'path',
        'score',
        'snippet',
        'source',
        'startLine',
      ]);
      expect(r.snippetLine === undefined).toBe(r.source === 'sessions');
      expect(computeFinalScore(r.breakdown)).toBe(r.score);
      expect(r.breakdown.final).toBe(r.score);
      expect(r.breakdown.weights).toEqual({ configured: { vector: 0.7, text: 0.3 }, vector: 0, text: 1 });
      expect(r.breakdown.vector).toEqual({
        unavailable: true,
        reason: 'no embedding model configured',
        reasonId: 'explain:modeReason.noModel',
      });
      expect(r.breakdown.mmr).toBeNull();
    }
    // Each result names its chunk, and no two results name the same one.
    expect(new Set(response.results.map((r) => r.id)).size).toBe(response.results.length);
    const session = response.results.find((r) => r.source === 'sessions')!;
    expect(session).toMatchObject({
      path: 'sessions/main/s1.jsonl',
      startLine: 2,
      endLine: 3,
      citation: 'sessions/main/s1.jsonl#L2-L3',
      date: '2026-05-29',
    });
    // Sorted by final score.
    const scores = response.results.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('says when it relaxed a query, and still finds what it can', async () => {
    const ctx = open(CORPUS);
    const response = await runSearch(ctx, { query: 'router zeppelin', minScore: 0, now: NOW });
    expect(response.notices.map((n) => n.code)).toContain('relaxed-query');
    expect(response.results.length).toBeGreaterThan(0);
    expect(response.results.every((r) => r.breakdown.keyword?.relaxed)).toBe(true);
  });

  it('says no memory holds every term when the terms exist but never together', async () => {
    const ctx = open([
      { path: 'memory/a.md', text: 'router notes' },
      { path: 'memory/b.md', text: 'firmware notes' },
      { path: 'memory/c.md', text: 'lunch' },
    ]);
    const apart = await runSearch(ctx, { query: 'router firmware', minScore: 0, now: NOW });
    expect(apart.results.map((r) => r.path).sort()).toEqual(['memory/a.md', 'memory/b.md']);
    expect(apart.notices.find((n) => n.code === 'relaxed-query')?.message).toMatch(
      /^No memory contains every query term; /,
    );
    const missing = await runSearch(ctx, { query: 'router zeppelin', minScore: 0, now: NOW });
    expect(missing.notices.find((n) => n.code === 'relaxed-query')?.message).toContain('“zeppelin” occurs nowhere');
    const together = await runSearch(ctx, { query: 'router notes', minScore: 0, now: NOW });
    expect(together.notices.map((n) => n.code)).not.toContain('relaxed-query');
    expect(together.results.every((r) => r.breakdown.keyword?.relaxed === false)).toBe(true);
  });

  it('boosts the memory from the day the query names, with the reason in the breakdown; off switch restores keyword order', async () => {
    const ctx = open([
      { path: 'memory/2026-04-16.md', text: 'Dashboard 故障：连接池满了，重启后恢复。', date: isoDay('2026-04-16') },
      {
        path: 'memory/2026-04-20.md',
        text: 'Dashboard 故障复盘：Dashboard 故障原因是连接池，故障已关闭。',
        date: isoDay('2026-04-20'),
      },
      ...Array.from({ length: 8 }, (_, i) => ({ path: `memory/other-${i}.md`, text: `午饭 ${i} 吃了面` })),
    ]);
    const now = Date.parse('2026-11-06T10:00:00+08:00');
    const query = '4月16号 Dashboard 出了什么故障？';
    const on = await runSearch(ctx, { query, minScore: 0, now, timeZoneOffsetMinutes: 480 });
    const off = await runSearch(ctx, {
      query,
      minScore: 0,
      now,
      timeZoneOffsetMinutes: 480,
      dates: { enabled: false },
    });
    expect(off.results[0]!.path).toBe('memory/2026-04-20.md');
    expect(on.results[0]!.path).toBe('memory/2026-04-16.md');
    const top = on.results[0]!.breakdown;
    expect(top.dates).toMatchObject({
      multiplier: 2,
      mentions: [{ text: '4月16号', from: '2026-04-16', to: '2026-04-16' }],
      match: { evidence: 'file-date', from: '2026-04-16' },
    });
    expect(top.final).toBe(computeFinalScore(top));
    expect(top.final).toBeCloseTo(top.hybrid * top.decay.multiplier * 2, 12);
    expect(on.notices.find((n) => n.code === 'query-dates')?.message).toContain('“4月16号” (16 Apr 2026)');
    // The date's words are searched but are not among the terms a memory must hold.
    expect(top.keyword!.terms!.filter((t) => t.dateWord).map((t) => t.term)).toEqual(
      expect.arrayContaining(['4', '16']),
    );
    expect(top.keyword!.termCount).toBe(
      top.keyword!.terms!.filter((t) => !t.dateWord && !t.fragment && !t.expansion).length,
    );
  });

  it('leaves relative date words out of the keywords: "yesterday" in a memory is about another day', async () => {
    const ctx = open([
      { path: 'memory/2026-11-05.md', text: 'IPv6 stays on by default.', date: isoDay('2026-11-05') },
      {
        path: 'memory/2026-08-01.md',
        text: 'Yesterday we argued about IPv6 again, yesterday and today.',
        date: isoDay('2026-08-01'),
      },
    ]);
    const response = await runSearch(ctx, {
      query: 'what did we decide about IPv6 yesterday',
      minScore: 0,
      now: Date.parse('2026-11-06T10:00:00+08:00'),
      timeZoneOffsetMinutes: 480,
    });
    expect(response.results[0]!.path).toBe('memory/2026-11-05.md');
    expect(response.results[0]!.breakdown.keyword!.query).not.toContain('yesterday');
  });

  it('shows identical text in several files once, with "also in", without using up result slots', async () => {
    const note = 'Backup NAS: Synology DS923+, nightly at 02:00 to the cloud.';
    const ctx = open([
      { path: 'memory/2026-05-04.md', text: note, date: isoDay('2026-05-04') },
      { path: 'memory/summaries/daily/2026-05-04.md', text: note, date: isoDay('2026-05-04') },
      { path: 'memory/home.md', text: note },
      { path: 'memory/other.md', text: 'The NAS fan is loud; backup drive replaced in March.' },
      ...Array.from({ length: 8 }, (_, i) => ({ path: `memory/filler-${i}.md`, text: `lunch ${i}` })),
    ]);
    const response = await runSearch(ctx, { query: 'NAS backup', minScore: 0, maxResults: 2, now: NOW });
    expect(response.results.map((r) => r.path)).toHaveLength(2);
    const other = response.results.find((r) => r.path === 'memory/other.md')!;
    const copy = response.results.find((r) => r !== other)!;
    expect(other.alsoIn).toBeUndefined();
    expect([copy.path, ...copy.alsoIn!.map((d) => d.path)].sort()).toEqual([
      'memory/2026-05-04.md',
      'memory/home.md',
      'memory/summaries/daily/2026-05-04.md',
    ]);
    expect(copy.alsoIn![0]!.citation).toMatch(/^memory\/.+#L1$/);
  });

  it('never searches a date word, even when nothing else of the query matches', async () => {
    const ctx = open([
      { path: 'memory/a.md', text: 'Friday: team lunch at the noodle place.' },
      { path: 'memory/b.md', text: 'Budget review.' },
    ]);
    const response = await runSearch(ctx, {
      query: 'friday zqwxv',
      minScore: 0,
      now: Date.parse('2026-11-06T10:00:00+08:00'),
      timeZoneOffsetMinutes: 480,
    });
    expect(response.results.map((r) => r.path)).toEqual([]);
  });

  it('applies minScore and maxResults, and counts the candidates it considered', async () => {
    const ctx = open(CORPUS);
    const all = await runSearch(ctx, { query: 'router', minScore: 0, maxResults: 10, now: NOW });
    expect(all.results).toHaveLength(4);
    expect(all.candidates).toBe(4);
    const two = await runSearch(ctx, { query: 'router', minScore: 0, maxResults: 2, now: NOW });
    expect(two.results.map((r) => r.path)).toEqual(all.results.slice(0, 2).map((r) => r.path));
    const cut = all.results[1]!.score;
    const high = await runSearch(ctx, { query: 'router', minScore: cut, maxResults: 10, now: NOW });
    expect(high.results.every((r) => r.score >= cut)).toBe(true);
    expect(high.results.length).toBeLessThan(4);
  });

  it('keeps the keyword matches, and says so, when every one falls below minScore (as OpenClaw 2026.9 does)', async () => {
    // One mention of two of three words in a long note: a real match that scores under 0.35.
    const filler =
      'We walked along the lake, had tea at the pavilion and talked about work, books and the weather for a long while. ';
    const ctx = open([
      { path: 'MEMORY.md', text: `${filler.repeat(12)}Jenny will stay with Ali for a week in December.` },
      ...[
        'Router firmware notes.',
        'Tea: green, no sugar.',
        'Lunch with the team.',
        'Budget review on Friday.',
        'Backups run nightly.',
        'The cat is called Mochi.',
      ].map((text, i) => ({ path: `memory/note-${i}.md`, text })),
    ]);
    const wide = await runSearch(ctx, { query: 'Jenny visiting Ali', minScore: 0, now: NOW });
    expect(wide.results[0]!.path).toBe('MEMORY.md');
    const best = wide.results[0]!.score;
    expect(best).toBeLessThan(0.35);
    const atDefaults = await runSearch(ctx, { query: 'Jenny visiting Ali', now: NOW });
    expect(atDefaults.results.map((r) => [r.path, r.score])).toEqual(wide.results.map((r) => [r.path, r.score]));
    expect(atDefaults.notices[0]).toMatchObject({
      code: 'below-min-score',
      message: `No result reached minScore 0.35; the keyword matches are shown anyway (best ${best.toFixed(3)}), as OpenClaw does.`,
    });
    // When one result does reach minScore, the threshold holds for the others.
    db?.close();
    const corpus = open(CORPUS);
    const all = await runSearch(corpus, { query: 'router', minScore: 0, maxResults: 10, now: NOW });
    const cut = all.results[1]!.score;
    const some = await runSearch(corpus, { query: 'router', minScore: cut, maxResults: 10, now: NOW });
    expect(some.results.length).toBeLessThan(all.results.length);
    expect(some.results.every((r) => r.score >= cut)).toBe(true);
    expect(some.notices.map((n) => n.code)).not.toContain('below-min-score');
  });

  it('filters by source and by date range (evergreen excluded by a range)', async () => {
    const ctx = open(CORPUS);
    const sessions = await runSearch(ctx, { query: 'router', minScore: 0, sources: ['sessions'], now: NOW });
    expect(sessions.results.map((r) => r.source)).toEqual(['sessions']);
    const may = await runSearch(ctx, { query: 'router', minScore: 0, from: '2026-05-01', to: '2026-05-31', now: NOW });
    expect(may.results.map((r) => r.path).sort()).toEqual(['memory/2026-05-30.md', 'sessions/main/s1.jsonl']);
  });

  it('with decay on, an old dated note drops below a fresh one; evergreen files keep multiplier 1', async () => {
    const ctx = open(CORPUS);
    const off = await runSearch(ctx, { query: 'router firmware', minScore: 0, maxResults: 10, now: NOW });
    const on = await runSearch(ctx, {
      query: 'router firmware',
      minScore: 0,
      maxResults: 10,
      now: NOW,
      decay: { enabled: true, halfLifeDays: 30 },
    });
    const old = on.results.find((r) => r.path === 'memory/2026-01-30.md')!;
    const fresh = on.results.find((r) => r.path === 'memory/2026-05-30.md')!;
    expect(old.breakdown.decay).toMatchObject({
      enabled: true,
      date: '2026-01-30',
      dateSource: 'path',
      evergreen: false,
    });
    expect(old.breakdown.decay.multiplier).toBeCloseTo(
      Math.pow(0.5, (NOW - Date.parse('2026-01-30')) / 86_400_000 / 30),
      12,
    );
    expect(fresh.score).toBeGreaterThan(old.score);
    const evergreenOn = on.results.find((r) => r.path === 'MEMORY.md');
    if (evergreenOn) expect(evergreenOn.breakdown.decay).toMatchObject({ multiplier: 1, evergreen: true });
    // Off: reported but not applied.
    for (const r of off.results) expect(r.breakdown.decay.multiplier).toBe(1);
    for (const r of on.results) expect(computeFinalScore(r.breakdown)).toBe(r.score);
  });

  it('with MMR on, demotes a near-duplicate and never changes final scores', async () => {
    const ctx = open([
      { path: 'memory/a.md', text: 'router firmware upgrade failed on the office gateway today' },
      { path: 'memory/b.md', text: 'router firmware upgrade failed on the office gateway today again' },
      { path: 'memory/c.md', text: 'router purchase receipt filed under taxes' },
      // Unrelated notes give the terms a realistic IDF (in a 3-note corpus every term is "common").
      ...Array.from({ length: 12 }, (_, i) => ({
        path: `memory/other-${i}.md`,
        text: `note ${i} about lunch, weather and books`,
      })),
    ]);
    const plain = await runSearch(ctx, { query: 'router firmware', minScore: 0, now: NOW });
    // Union of the terms: c lacks "firmware" but still ranks, after the two that hold both.
    expect(plain.results.map((r) => r.path)).toEqual(['memory/a.md', 'memory/b.md', 'memory/c.md']);
    expect(plain.results[2]!.breakdown.keyword).toMatchObject({ matchedTerms: ['router'], termCount: 2 });
    expect(plain.notices.map((n) => n.code)).not.toContain('relaxed-query');
    const query = 'router firmware upgrade receipt';
    const relaxedOrder = await runSearch(ctx, { query, minScore: 0, now: NOW });
    const withMmr = await runSearch(ctx, { query, minScore: 0, now: NOW, mmr: { enabled: true } });
    const before = relaxedOrder.results.map((r) => r.path);
    const after = withMmr.results.map((r) => r.path);
    expect(before[2]).toBe('memory/c.md');
    expect(after[1]).toBe('memory/c.md');
    for (const r of withMmr.results) {
      const same = relaxedOrder.results.find((x) => x.path === r.path)!;
      expect(r.score).toBe(same.score);
      expect(r.breakdown.mmr).not.toBeNull();
      expect(computeFinalScore(r.breakdown)).toBe(r.score);
    }
    const dup = withMmr.results[withMmr.results.length - 1]!;
    expect(dup.breakdown.mmr!.similarTo).toMatch(/^memory\/[ab]\.md:1-1$/);
    expect(dup.breakdown.mmr!.rankAfter).toBeGreaterThan(dup.breakdown.mmr!.rankBefore);
  });

  it('fuses a vector side: vector-only hits appear with weights 0.7/0.3', async () => {
    const ctx = hybridContext(CORPUS, wordEmbedder);
    const response = await runSearch(ctx, { query: 'router', minScore: 0, maxResults: 10, now: NOW });
    expect(response.mode).toBe('hybrid');
    expect(response.fallback).toBeNull();
    const gateway = response.results.find((r) => r.path === 'memory/2026-05-20.md')!;
    expect(gateway.breakdown.keyword).toBeNull();
    expect(gateway.breakdown.vector).toMatchObject({ rank: expect.any(Number) });
    const both = response.results.find((r) => r.path === 'memory/2026-05-30.md')!;
    expect(both.breakdown.weights).toEqual({ configured: { vector: 0.7, text: 0.3 }, vector: 0.7, text: 0.3 });
    expect(both.breakdown.hybrid).toBeCloseTo(
      0.7 * (both.breakdown.vector as { score: number }).score + 0.3 * both.breakdown.keyword!.score,
      12,
    );
    for (const r of response.results) expect(computeFinalScore(r.breakdown)).toBe(r.score);
  });

  it('runs keyword-only, with a vector-timeout notice, when the query embedding hangs', async () => {
    const hanging: QueryEmbedder = { provider: 'test', model: 'slow', embedQuery: () => new Promise(() => {}) };
    const ctx = { ...hybridContext(CORPUS, hanging), queryTimeoutMs: 50 };
    const response = await runSearch(ctx, { query: 'router', minScore: 0, now: NOW });
    expect(response.notices.map((n) => n.code)).toContain('vector-timeout');
    expect(response.mode).toBe('fts-only');
    expect(response.fallback).toBe('fts-only');
    expect(response.results.length).toBeGreaterThan(0);
    for (const r of response.results) {
      expect(r.breakdown.vector).toEqual({
        unavailable: true,
        reason: 'query embedding timed out after 50 ms',
        reasonId: 'explain:modeReason.queryTimeout',
        reasonParams: { ms: 50 },
      });
      expect(r.breakdown.weights.text).toBe(1);
      expect(computeFinalScore(r.breakdown)).toBe(r.score);
    }
  });

  it('returns nothing, with a no-terms notice, for a query of punctuation', async () => {
    const ctx = open(CORPUS);
    const response = await runSearch(ctx, { query: '"*:-(', now: NOW });
    expect(response.results).toEqual([]);
    expect(response.notices.map((n) => n.code)).toContain('no-terms');
  });
});

describe('pinned breakdowns for a fixed corpus', () => {
  it('keeps ranking and every breakdown part stable (update deliberately when scoring changes)', async () => {
    // Unrelated notes give the terms a realistic IDF: in a 6-note corpus FTS5 floors it near 0.
    const ctx = open([
      ...CORPUS,
      ...Array.from({ length: 20 }, (_, i) => ({
        path: `memory/topics/t${i}.md`,
        text: `lunch, weather and books ${i}`,
      })),
    ]);
    const response = await runSearch(ctx, {
      query: 'router firmware',
      minScore: 0,
      maxResults: 10,
      now: NOW,
      decay: { enabled: true, halfLifeDays: 30 },
    });
    const pinned = response.results.map((r) => ({
      at: `${r.path}:${r.startLine}-${r.endLine}`,
      bm25: r.breakdown.keyword ? Number(r.breakdown.keyword.bm25.toFixed(6)) : null,
      rank: r.breakdown.keyword?.rank ?? null,
      terms: r.breakdown.keyword?.matchedTerms ?? [],
      decay: Number(r.breakdown.decay.multiplier.toFixed(6)),
      final: Number(r.score.toFixed(6)),
    }));
    expect(pinned).toMatchInlineSnapshot(`
      [
        {
          "at": "memory/2026-05-30.md:1-1",
          "bm25": -3.241441,
          "decay": 0.97716,
          "final": 0.46889,
          "rank": 1,
          "terms": [
            "router",
            "firmwar",
          ],
        },
        {
          "at": "sessions/main/s1.jsonl:2-3",
          "bm25": -2.868624,
          "decay": 0.954842,
          "final": 0.429168,
          "rank": 3,
          "terms": [
            "router",
            "firmwar",
          ],
        },
        {
          "at": "MEMORY.md:3-4",
          "bm25": -1.068242,
          "decay": 1,
          "final": 0.233143,
          "rank": 4,
          "terms": [
            "router",
          ],
        },
        {
          "at": "memory/2026-01-30.md:1-1",
          "bm25": -3.241441,
          "decay": 0.061072,
          "final": 0.029306,
          "rank": 2,
          "terms": [
            "router",
            "firmwar",
          ],
        },
      ]
    `);
  });
});

describe('result identity and dates', () => {
  it('returns the two chunks of one long line as one result (same lines), the other chunk named by its own id', async () => {
    const ctx = open([
      {
        path: 'sessions/long.jsonl',
        text: 'User: drinking less helped the weight loss, first half',
        startLine: 12,
        endLine: 12,
      },
      {
        path: 'sessions/long.jsonl',
        text: 'and the weight loss continued after drinking stopped, second half',
        startLine: 12,
        endLine: 12,
      },
    ]);
    const response = await runSearch(ctx, { query: 'drinking weight loss', minScore: 0, now: NOW });
    // An agent never gets the same lines twice: one region, its best chunk standing for both.
    expect(response.results).toHaveLength(1);
    const [a] = response.results;
    expect([a!.path, a!.startLine, a!.endLine]).toEqual(['sessions/long.jsonl', 12, 12]);
    expect(a!.merged).toHaveLength(1);
    expect(a!.merged![0]!.id).not.toBe(a!.id);
    expect([a!.merged![0]!.startLine, a!.merged![0]!.endLine]).toEqual([12, 12]);
  });

  it('shows a date for dated files only: an evergreen file has no date, however recently it was touched', async () => {
    const ctx = open([
      {
        path: 'memory/topic.md',
        text: 'router notes',
        kind: 'evergreen',
        date: { ...isoDay('2026-05-30'), source: 'mtime' },
      },
      { path: 'memory/2026-05-02.md', text: 'router day', date: isoDay('2026-05-02') },
    ]);
    const response = await runSearch(ctx, { query: 'router', minScore: 0, now: NOW });
    const byPath = Object.fromEntries(response.results.map((r) => [r.path, r.date]));
    expect(byPath).toEqual({ 'memory/topic.md': null, 'memory/2026-05-02.md': '2026-05-02' });
  });
});
