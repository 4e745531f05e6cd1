// "What did we do on Feb 5th?", "上周二做了什么": the question's words are never keywords — not
// "what" or "做了什么", not a character pair across them (了什) — and the notices say which words
// were read as the date and which as the question. Real files → real engine, `now` pinned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../../shared/domain.js';
import type { MemoryEngine } from '../../engine.js';
import { DATED_NOW, DATED_ZONE, FEB5_TIERS, openDatedEngine } from '../test-support/dated-workspace.js';

let engine: MemoryEngine;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ engine, dispose } = await openDatedEngine());
}, 120_000);

afterAll(() => dispose());

const QUESTION_WORDS = ['what', 'did', 'we', 'do', 'notes', 'note', 'from', '什么', '哪些', '做了', '了什', '做了什么'];

function search(query: string, extra: { minScore?: number } = {}): Promise<SearchResponse> {
  return engine.search({ query, now: DATED_NOW, timeZoneOffsetMinutes: DATED_ZONE, ...extra });
}

/** Every term any result was searched with, as the breakdown lists it. */
function searchedTerms(response: SearchResponse): { term: string; fragment: boolean; dateWord: boolean }[] {
  return response.results.flatMap((r) =>
    (r.breakdown.keyword?.terms ?? []).map((t) => ({
      term: t.term,
      fragment: t.fragment === true,
      dateWord: t.dateWord === true,
    })),
  );
}

const PHRASINGS: { query: string; day: string; date: string; question: string }[] = [
  { query: 'what did we do on Feb 5th', day: '2026-02-05', date: 'Feb 5th', question: 'what did we do' },
  { query: '2月5日做了什么', day: '2026-02-05', date: '2月5日', question: '做了什么' },
  { query: '前天做了什么', day: '2026-03-03', date: '前天', question: '做了什么' },
  { query: '上周二做了什么', day: '2026-02-24', date: '上周二', question: '做了什么' },
  { query: 'notes from 5 February', day: '2026-02-05', date: '5 February', question: 'notes from' },
];

describe('question words are never keywords', () => {
  for (const p of PHRASINGS) {
    it(`${p.query}: no fragment or question word is searched; the notice names the date and the question`, async () => {
      const loose = await search(p.query, { minScore: 0 });
      for (const t of searchedTerms(loose)) {
        expect(t.fragment, `fragment ${t.term}`).toBe(false);
        expect(QUESTION_WORDS, `question word ${t.term}`).not.toContain(t.term);
      }
      // Only date words are left to search: nothing is found through the question (MEMORY.md holds 了什 and 做了).
      expect(loose.results.map((r) => r.path)).not.toContain('MEMORY.md');
      const dates = loose.notices.find((n) => n.code === 'query-dates')?.message ?? '';
      expect(dates).toContain(`“${p.date}”`);
      expect(dates).toContain(`“${p.question}” is read as the question, not searched.`);
    });
  }

  it('a relative day asked as a question brings up that day’s note (it has no words to rank by)', async () => {
    const response = await search('上周二做了什么');
    expect(response.results[0]?.path).toBe('memory/2026-02-24.md');
  });

  it('a question with content words keeps them: 2月5日 HG-2 做了什么 searches hg and 2', async () => {
    const response = await search('2月5日 HG-2 排期做了什么', { minScore: 0 });
    const terms = new Set(searchedTerms(response).map((t) => t.term));
    expect(terms).toContain('hg');
    expect(terms).toContain('排期');
    expect(terms).not.toContain('期做');
  });
});

describe('hiding automated runs is a search option, applied before the candidates are cut', () => {
  // Every transcript of the workspace is a scheduler's, but for one conversation with a person.
  const automated = (p: string): boolean => p.startsWith('sessions/') && p !== FEB5_TIERS.conversation;

  it('Feb 5th with automated runs hidden is not empty, and its first result is the day’s note', async () => {
    const hidden = await engine.search({
      query: 'Feb 5th',
      automated: 'hide',
      now: DATED_NOW,
      timeZoneOffsetMinutes: DATED_ZONE,
    });
    expect(hidden.results.length).toBeGreaterThan(0);
    expect(hidden.results[0]!.path).toBe('memory/2026-02-05.md');
    expect(hidden.results.some((r) => automated(r.path))).toBe(false);
  });

  for (const p of PHRASINGS) {
    it(`${p.query}: hidden never returns fewer human results than shown, and no automated one`, async () => {
      const shown = await search(p.query, { minScore: 0 });
      const hidden = await engine.search({
        query: p.query,
        minScore: 0,
        automated: 'hide',
        now: DATED_NOW,
        timeZoneOffsetMinutes: DATED_ZONE,
      });
      const human = (r: SearchResponse): number => r.results.filter((x) => !automated(x.path)).length;
      expect(human(hidden)).toBeGreaterThanOrEqual(human(shown));
      expect(hidden.results.some((r) => automated(r.path))).toBe(false);
      if (hidden.results.length > 0) expect(hidden.results[0]!.path).toBe(`memory/${p.day}.md`);
    });
  }

  it('with a pool smaller than the automated runs, hiding them still finds the human results', async () => {
    // 60 sessions mention “Wise support”; MEMORY.md's “Wise transfers” is the one human hit.
    const hidden = await engine.search({ query: 'Wise', maxResults: 1, minScore: 0, automated: 'hide' });
    expect(hidden.results.map((r) => r.path)).toEqual(['MEMORY.md']);
  });
});
