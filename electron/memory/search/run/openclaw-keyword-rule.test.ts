// Differential: our reading of OpenClaw's AND query (shared/openclaw-keyword-rule.ts) against SQLite's own FTS5 unicode61 MATCH.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { holdsEveryWord, openclawQueryWords } from '../../../../shared/openclaw-keyword-rule.js';

/** OpenClaw 2026.9.6's buildFtsQuery, as its dist has it. */
function buildFtsQuery(raw: string): string | null {
  const tokens = (raw.match(/[\p{L}\p{N}_]+/gu) ?? []).map((t) => t.trim()).filter(Boolean);
  if (tokens.length === 0) return null;
  return tokens.map((t) => `"${t.replaceAll('"', '')}"`).join(' AND ');
}

const TEXTS = [
  '每天 19:00 前在飞书发日报，按这个格式写：',
  '# 日报 格式',
  '- 配置方法：openclaw.json 里 `tools.web.search.provider` 设为 `tavily`',
  'Tavily 配置 web_search 的方法',
  '- 名字：Sunny（孙宁），在杭州做产品经理。',
  'Jenny is visiting Ali in December',
  'jenny visited ali',
  'WEB-SEARCH via Tavily; 配置: done',
];
const QUERIES = [
  '日报 格式',
  'Tavily 配置 web_search',
  'sunny 用户名字',
  'sunny 名字',
  'Jenny visiting Ali',
  'web_search',
  'tavily',
];

describe('holdsEveryWord (OpenClaw keyword-only AND)', () => {
  it('agrees with FTS5 unicode61 on every query × text', () => {
    const db = new Database(':memory:');
    db.exec("CREATE VIRTUAL TABLE t USING fts5(text, tokenize='unicode61')");
    const insert = db.prepare('INSERT INTO t(rowid, text) VALUES (?, ?)');
    TEXTS.forEach((text, i) => insert.run(i + 1, text));
    const match = db.prepare<[string], { rowid: number }>('SELECT rowid FROM t WHERE t MATCH ?');
    for (const q of QUERIES) {
      const fts = new Set(match.all(buildFtsQuery(q)!).map((r) => r.rowid));
      const ours = new Set(TEXTS.flatMap((text, i) => (holdsEveryWord(q, text) ? [i + 1] : [])));
      expect([q, [...ours].sort()]).toEqual([q, [...fts].sort()]);
    }
    db.close();
  });

  it('a run of Chinese characters is one word: 日报 is not in 发日报', () => {
    expect(holdsEveryWord('日报 格式', '每天在飞书发日报，按这个格式写')).toBe(false);
    expect(holdsEveryWord('日报 格式', '日报：格式：见下')).toBe(true);
    expect(openclawQueryWords('Tavily 配置 web_search')).toEqual(['tavily', '配置', 'web_search']);
  });
});
