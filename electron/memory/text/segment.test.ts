import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { queryTerms, segmentForIndex, segmentManyForIndex } from './segment.js';
import type * as SegmentModule from './segment.js';

const here = path.dirname(fileURLToPath(import.meta.url));

function ftsVocabulary(text: string): Set<string> {
  const db = new Database(':memory:');
  db.exec(
    "CREATE VIRTUAL TABLE t USING fts5(body, tokenize='unicode61'); CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row');",
  );
  db.prepare('INSERT INTO t(body) VALUES (?)').run(segmentForIndex(text));
  const terms = db.prepare('SELECT term FROM v').all() as { term: string }[];
  db.close();
  return new Set(terms.map((r) => r.term));
}

describe('segmentForIndex', () => {
  it('makes 合同金额是12,345万元 findable by 昨天那个合同金额', () => {
    const indexed = new Set(segmentForIndex('合同金额是12,345万元').split(' '));
    const { terms, stopwords } = queryTerms('昨天那个合同金额');
    expect(stopwords).toContain('那个');
    const shared = terms.filter((t) => indexed.has(t));
    expect(shared).toEqual(expect.arrayContaining(['合同', '金额']));
  });

  it('indexes a grouped number so both "12,345" and "12345" find it', () => {
    const indexed = new Set(segmentForIndex('合同金额是12,345万元').split(' '));
    expect(queryTerms('12,345').terms).toEqual(['12345']);
    expect(queryTerms('12345').terms).toEqual(['12345']);
    expect(indexed.has('12345')).toBe(true);
  });

  it('lowercases and splits Latin text on anything but letters and digits', () => {
    expect(segmentForIndex('Hello, World! foo_bar v2.0 Café')).toBe('hello world foo bar v2 0 cafe');
  });

  it('produces exactly the tokens FTS5 unicode61 stores', () => {
    const text =
      'Memory Lens 记住了用户偏好：喜欢用 TypeScript 写代码。東京タワーに行きました。오늘 회의는 취소되었습니다. Naïve café 12,345 元';
    expect(ftsVocabulary(text)).toEqual(new Set(segmentForIndex(text).split(' ')));
  });

  it('emits segmenter words and character bigrams for CJK runs', () => {
    const tokens = segmentForIndex('我们讨论了向量数据库').split(' ');
    expect(tokens).toEqual(expect.arrayContaining(['讨论', '数据', '库', '向量', '量数', '据库']));
  });

  it('falls back to characters and bigrams without Intl.Segmenter and still matches', async () => {
    // A runtime without Intl.Segmenter: the module, loaded afresh, makes its segmenter on first use.
    const intl = Intl as { Segmenter?: unknown };
    const saved = intl.Segmenter;
    delete intl.Segmenter;
    let tokens: string[];
    let terms: string[];
    try {
      vi.resetModules();
      const fallback: typeof SegmentModule = await import('./segment.js');
      tokens = fallback.segmentForIndex('合同金额是12,345万元').split(' ');
      terms = fallback.queryTerms('昨天那个合同金额').terms;
    } finally {
      intl.Segmenter = saved;
      vi.resetModules();
    }
    expect(tokens).toEqual(['合', '同', '金', '额', '是', '合同', '同金', '金额', '额是', '12345', '万', '元', '万元']);
    expect(terms).toEqual(expect.arrayContaining(['合同', '金额']));
  });

  it('segments a very long CJK run (pieces of at most 2,000 characters) without losing text', () => {
    const run = '记忆检索'.repeat(1500);
    const tokens = segmentForIndex(run).split(' ');
    expect(tokens).toContain('记忆');
    expect(tokens).toContain('检索');
    // Every adjacent pair is covered by a bigram, even across piece boundaries.
    expect(tokens.filter((t) => t === '索记').length).toBe(1499);
  });

  it('segments many texts at once exactly as one by one (shared segmenter calls)', () => {
    const texts = [
      '合同金额是12,345万元。',
      '',
      '中',
      '𠀀',
      '𠀀𠀁中文',
      'ーー',
      'Naïve CAFÉ déjà-vu ǅ ﬁ ①',
      '東京タワーに行きました。오늘 회의는',
      '记忆检索'.repeat(700),
      'x1,234,567y 12,3456 ,123',
      'ΟΔΟΣ straße ٣٤ ไทย',
      '我们讨论了向量数据库\n第二行',
    ];
    expect(segmentManyForIndex(texts)).toEqual(texts.map((text) => segmentForIndex(text)));
    const tokens = segmentForIndex('𠀀𠀁中 Café').split(' ');
    expect(tokens).toEqual(expect.arrayContaining(['𠀀𠀁', '𠀁中', 'cafe']));
  });

  it('handles empty and punctuation-only text', () => {
    expect(segmentForIndex('')).toBe('');
    expect(segmentForIndex('——，。！ ...')).toBe('');
    expect(queryTerms('？')).toEqual({ terms: [], stopwords: [], written: new Map() });
  });
});

describe('queryTerms', () => {
  it('deduplicates and separates English stop words', () => {
    expect(queryTerms('What is the API key for the API?')).toMatchObject({
      terms: ['api', 'key'],
      stopwords: ['what', 'is', 'the', 'for'],
    });
  });

  it('separates Chinese function words but keeps content words like 昨天', () => {
    const { terms, stopwords } = queryTerms('昨天我们讨论了什么');
    expect(terms).toContain('昨天');
    expect(terms).toContain('讨论');
    expect(stopwords).toEqual(expect.arrayContaining(['我们', '什么']));
  });
});

describe('Chinese retrieval (CMRC 2018 slice)', () => {
  it('ranks the right paragraph first for at least 95% of questions with FTS5 BM25', () => {
    const slice = JSON.parse(fs.readFileSync(path.join(here, 'fixtures/cmrc2018-slice.json'), 'utf8')) as {
      paragraphs: string[];
      questions: [string, number][];
    };
    const db = new Database(':memory:');
    db.exec("CREATE VIRTUAL TABLE p USING fts5(body, tokenize='unicode61')");
    const insert = db.prepare('INSERT INTO p(rowid, body) VALUES (?, ?)');
    slice.paragraphs.forEach((text, i) => insert.run(i, segmentForIndex(text)));
    const search = db.prepare('SELECT rowid FROM p WHERE p MATCH ? ORDER BY bm25(p) LIMIT 1');
    let hits = 0;
    for (const [question, expected] of slice.questions) {
      const { terms } = queryTerms(question);
      const match = terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
      const top = search.get(match) as { rowid: number } | undefined;
      if (top?.rowid === expected) hits += 1;
    }
    db.close();
    expect(hits / slice.questions.length).toBeGreaterThanOrEqual(0.95);
  });
});
