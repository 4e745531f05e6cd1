import { describe, expect, it } from 'vitest';
import { cardSnippet, focusSnippet, snippetLines, snippetParts } from './snippet-parts';

describe('snippetParts', () => {
  it('cuts the snippet exactly at the ranges the engine marked', () => {
    // The engine marks "12,345" for the query 12345: the UI must show that mark, not look for "12345".
    const text = '合同金额是12,345万元 (c++)';
    const parts = snippetParts(text, [
      { start: 0, end: 2 },
      { start: 5, end: 11 },
    ]);
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(['合同', '12,345']);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('returns the snippet whole when nothing is marked, and ignores ranges beyond the text', () => {
    expect(snippetParts('plain', [])).toEqual([{ text: 'plain', hit: false }]);
    expect(snippetParts('plain', [{ start: 3, end: 40 }]).map((p) => [p.text, p.hit])).toEqual([
      ['pla', false],
      ['in', true],
    ]);
  });
});

describe('focusSnippet', () => {
  it('starts one line above the first mark when it is far in, moving the marks with the cut', () => {
    const snippet = `# Title\n\n${'intro line\n'.repeat(20)}- 合同金额是12,345万元\nmore`;
    const at = snippet.indexOf('合同');
    const focused = focusSnippet(snippet, [{ start: at, end: at + 2 }]);
    expect(focused.text).toBe('…intro line\n- 合同金额是12,345万元\nmore');
    expect(focused.linesCut).toBe(21);
    expect(
      snippetParts(focused.text, focused.highlights)
        .filter((p) => p.hit)
        .map((p) => p.text),
    ).toEqual(['合同']);
  });

  it('cuts when the mark is on a line the card would clamp away, though few characters in (轻笔记项目定稿 on line 6)', () => {
    const snippet =
      '# 2026-11-05 工作日志\n\n## 上午\n- 09:30 和赵婷对排期。\n- 10:10 川讯试点 DNS 问题。\n- 轻笔记项目定稿：封面用蓝色方案。\n- 14:00 复测';
    const at = snippet.indexOf('轻笔记');
    const focused = focusSnippet(snippet, [{ start: at, end: at + 7 }]);
    expect(focused.text.split('\n')[1]).toBe('- 轻笔记项目定稿：封面用蓝色方案。');
    expect(focused.linesCut).toBe(4);
    const lines = snippetLines(snippetParts(focused.text, focused.highlights), 1 + focused.linesCut);
    expect(lines.map((l) => l.line)).toEqual([5, 6, 7]);
    expect(lines[1]!.parts.find((p) => p.hit)!.text).toBe('轻笔记项目定稿');
  });

  it('leaves a snippet alone when the mark is near the start or absent', () => {
    expect(focusSnippet('# 合同\ntext', [{ start: 2, end: 4 }]).text).toBe('# 合同\ntext');
    expect(focusSnippet('no match here', []).text).toBe('no match here');
  });
});

describe('cardSnippet', () => {
  const mark = (text: string, word: string) => {
    const out = [];
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1))
      out.push({ start: at, end: at + word.length });
    return out;
  };

  it('keeps a short snippet whole', () => {
    const text = 'line one\nline two with pelican';
    expect(cardSnippet(text, mark(text, 'pelican'))).toMatchObject({ text, cut: false, linesCut: 0, lineCount: 2 });
  });

  it('starts a short snippet at its matched line when the match would sit below the clamped lines', () => {
    // A daily note's chunk: the heading and two other items come first, the knee line last.
    const text =
      '# 2026-12-04 日报\n\n- 和王经理确认了恒泰合同的续签时间，定在下周三。\n- 网关 DNS 问题又出现了一次，重启后恢复。\n- 用户说膝盖还是有点疼，提醒他周五去复诊。';
    const highlights = [...mark(text, '膝盖'), ...mark(text, '复诊')].sort((a, b) => a.start - b.start);
    const card = cardSnippet(text, highlights);
    expect(card.text).toBe('- 用户说膝盖还是有点疼，提醒他周五去复诊。');
    expect(card.linesCut).toBe(4);
    expect(card.highlights.map((h) => card.text.slice(h.start, h.end))).toEqual(['膝盖', '复诊']);
    // On the second line with words it is still on screen: the snippet stays whole.
    const early = 'heading\n\nthe pelican line\nmore\nand more';
    expect(cardSnippet(early, mark(early, 'pelican'))).toMatchObject({ text: early, cut: false });
  });

  it('shows about 300 characters around the densest marks, from the start of the match’s line', () => {
    const filler = Array.from({ length: 30 }, (_, i) => `filler line ${i} with nothing to see`).join('\n');
    const text = `${filler}\nthe harbour gateway DNS moved\nand the harbour master agreed\n${filler}`;
    const highlights = [...mark(text, 'harbour'), ...mark(text, 'gateway')].sort((a, b) => a.start - b.start);
    const card = cardSnippet(text, highlights);
    expect(card.cut).toBe(true);
    expect(card.text.length).toBeLessThanOrEqual(302);
    expect(card.text.startsWith('the harbour gateway')).toBe(true);
    expect(card.linesCut).toBe(30);
    const shown = card.highlights.map((h) => card.text.slice(h.start, h.end));
    expect(shown).toEqual(['harbour', 'gateway', 'harbour']);
  });

  it('prefers the window with more different words over an earlier lone one', () => {
    const text = `pelican ${'x'.repeat(400)} pelican and heron ${'y'.repeat(400)}`;
    const highlights = [...mark(text, 'pelican'), ...mark(text, 'heron')].sort((a, b) => a.start - b.start);
    const card = cardSnippet(text, highlights);
    expect(card.highlights.map((h) => card.text.slice(h.start, h.end))).toEqual(['pelican', 'heron']);
    expect(card.text.startsWith('…')).toBe(true);
  });
});
