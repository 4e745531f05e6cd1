// Expansion words through the real keyword side, WordNet 3.1 and CC-CEDICT: they find what the
// query's own words miss, weigh less than those words, and the breakdown names the word they stand for.
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTerm } from '../../../../../shared/explain-words.js';
import type { SearchOptions } from '../../../../../shared/domain.js';
import { resolveSearchOptions } from '../../core/filters.js';
import type { IndexSession } from '../index-session.js';
import { describeShownHits } from '../keyword-search.js';
import { searchKeywords } from '../../run/keyword-side.js';
import { segmentForIndex } from '../../../text/segment.js';
import { buildTestIndex } from '../../test-support/test-index.js';

let db: Database.Database | null = null;
let session: IndexSession | null = null;
afterEach(() => {
  session?.close();
  db?.close();
  db = null;
  session = null;
});

function search(s: IndexSession, query: string, expansion: SearchOptions['expansion']) {
  const options = resolveSearchOptions({ query, expansion });
  const keyword = searchKeywords(s, options, 10, null);
  describeShownHits(
    s,
    keyword.candidates,
    keyword.terms,
    keyword.written,
    options.dateTerms,
    keyword.fragments,
    keyword.partials,
    keyword.expansions,
  );
  return keyword;
}

/** Files this process holds open (Linux); null where /proc is absent. */
function openFiles(): string[] | null {
  if (!fs.existsSync('/proc/self/fd')) return null;
  return fs.readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [fs.readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}

describe('query expansion', () => {
  it('closing the session closes WordNet: no file the expansion opened stays open', (ctx) => {
    if (openFiles() === null) ctx.skip(); // no /proc/self/fd to count on this system
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'Car service booked for Friday.' },
      { path: 'memory/b.md', text: 'Automobile service booked for Friday.' },
    ]));
    const before = new Set(openFiles());
    const on = search(session, 'car', { thesaurus: true, dictionary: false, weight: 0.3 });
    expect(on.candidates).toHaveLength(2);
    const opened = openFiles()!.filter((f) => !before.has(f) && /wordnet|wn|dict/i.test(f));
    expect(opened.length).toBeGreaterThan(0);
    session.close();
    const left = openFiles()!.filter((f) => opened.includes(f));
    expect(left).toEqual([]);
  });

  it('an English synonym finds the note, but weighs less than the word itself, and the breakdown says whose synonym it is', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'Car service booked for Friday.' },
      { path: 'memory/b.md', text: 'Automobile service booked for Friday.' },
      { path: 'memory/c.md', text: 'Lunch with Alice on Monday.' },
    ]));
    const off = search(session, 'car', { thesaurus: false, dictionary: false });
    expect(off.candidates.map((c) => c.chunkRowid)).toEqual([1]);

    const on = search(session, 'car', { thesaurus: true, dictionary: false, weight: 0.3 });
    expect(on.candidates.map((c) => c.chunkRowid)).toEqual([1, 2]);
    const [exact, synonym] = on.candidates;
    expect(-synonym!.keyword.bm25).toBeLessThan(-exact!.keyword.bm25);
    const own = exact!.keyword.terms!.find((t) => t.term === 'car')!;
    const expanded = synonym!.keyword.terms!.find((t) => t.occurrences > 0)!;
    expect(expanded.expansion).toEqual({ from: ['car'], source: 'thesaurus', weight: 0.3 });
    // Same length, same rarity, one occurrence each: the synonym counts exactly its weight's share.
    expect(expanded.contribution).toBeCloseTo(0.3 * own.contribution, 10);
    expect(-synonym!.keyword.bm25).toBeCloseTo(expanded.contribution, 10);
    // It is not one of the query's words: the note holds none of them.
    expect(synonym!.keyword.matchedTerms).toEqual([]);
    expect(describeTerm(expanded, 3)).toMatch(
      /^matched “automobile” \(a synonym of “car”, counted ×0\.30\): occurs 1× here/,
    );
  });

  it('a Chinese question finds the English note through CC-CEDICT, and an English one the Chinese note', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/travel.md', text: 'Singapore 出差 needs: visa-free (30 days), just passport.' },
      { path: 'memory/shenzhen.md', text: '深圳出差，PVT 线体审核，和王磊一起。' },
      { path: 'memory/family.md', text: '母亲 王秀兰 lives in 杭州，生日 11-20。' },
      { path: 'memory/work.md', text: 'Weekly status lives in the wiki, every Wednesday evening.' },
    ]));
    const plain = search(session, '出差 签证', { dictionary: false });
    expect(plain.candidates.map((c) => c.chunkRowid).sort()).toEqual([1, 2]);
    const zh = search(session, '出差 签证', { dictionary: true, weight: 0.5 });
    expect(zh.candidates[0]!.chunkRowid).toBe(1);
    const visa = zh.candidates[0]!.keyword.terms!.find((t) => t.term === 'visa')!;
    expect(visa.expansion).toMatchObject({ from: ['签证'], source: 'dictionary' });
    expect(describeTerm(visa, 4)).toContain('matched “visa” (a translation of “签证”, counted ×0.50)');

    expect(search(session, 'where does my mother live', { dictionary: false }).candidates[0]!.chunkRowid).not.toBe(3);
    const en = search(session, 'where does my mother live', { dictionary: true, weight: 0.5 });
    expect(en.candidates[0]!.chunkRowid).toBe(3);
    const mother = en.candidates[0]!.keyword.terms!.find((t) => t.occurrences > 0 && t.expansion)!;
    expect(mother.expansion!.from).toEqual(['mother']);
  });

  it('translates an English question into Chinese only while the index holds Chinese text', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/family.md', text: 'My mother lives in Hangzhou; her birthday is 11-20.' },
      { path: 'memory/work.md', text: 'Weekly status lives in the wiki, every Wednesday evening.' },
    ]));
    const han = /\p{Script=Han}/u;
    const english = search(session, 'where does my mother live', { dictionary: true, weight: 0.5 });
    // No Chinese term is indexed: 妈妈, 母亲 … could match nothing, so they are neither looked up nor listed.
    expect(english.expansions.filter((x) => han.test(x.term))).toEqual([]);
    expect(english.candidates[0]!.keyword.terms!.filter((t) => han.test(t.term))).toEqual([]);
    // A Chinese note arrives (the index changes): the same question is translated again and finds it.
    const info = db
      .prepare(
        "INSERT INTO chunks (id, path, source, start_line, end_line, hash, text, updated_at) VALUES ('memory/mum.md:1:9', 'memory/mum.md', 'memory', 1, 1, 'x', ?, 0)",
      )
      .run('母亲 王秀兰 住在杭州。');
    db.prepare('INSERT INTO chunks_fts (rowid, text_seg) VALUES (?, ?)').run(
      info.lastInsertRowid,
      segmentForIndex('母亲 王秀兰 住在杭州。'),
    );
    const mixed = search(session, 'where does my mother live', { dictionary: true, weight: 0.5 });
    expect(mixed.expansions.some((x) => x.term === '母亲')).toBe(true);
    expect(mixed.candidates.map((c) => c.chunkRowid)).toContain(Number(info.lastInsertRowid));
  });

  it('expands nothing when no word of the query is in any memory: a name is not found through a translation of its pieces', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'It is not easy, and difficult to change.' },
      { path: 'memory/b.md', text: 'Lunch with Alice on Monday.' },
    ]));
    const result = search(session, '毛不易', { dictionary: true, weight: 0.5 });
    expect(result.candidates).toEqual([]);
    expect(result.expansions).toEqual([]);
  });

  it('pseudo-relevance feedback adds words the best first matches share, each weighing at most the set weight', () => {
    ({ db, session } = buildTestIndex([
      { path: 'memory/a.md', text: 'dnsmasq crash with IPv6 on, firmware 0.9.3; dnsmasq restarted.' },
      { path: 'memory/b.md', text: 'The forwarder dnsmasq was patched in 0.9.4.' },
      { path: 'memory/c.md', text: 'Lunch with Alice on Monday.' },
    ]));
    const result = search(session, 'IPv6 crash', { feedback: true, dictionary: false, weight: 0.4 });
    const feedback = result.expansions.filter((e) => e.source === 'feedback');
    expect(feedback.map((e) => e.word)).toContain('dnsmasq');
    for (const e of feedback) expect(e.weight).toBeLessThanOrEqual(0.4);
    // b holds none of the query's words: feedback alone brings it in.
    expect(result.candidates.map((c) => c.chunkRowid)).toContain(2);
  });
});
