// Dated headings date the lines under them: `## 2026-02-05`, `## 2月5日`, `### Feb 5 standup`,
// dreaming's `## Promoted From Short-Term Memory (2026-02-05)`; a year left out is the file's.
import { describe, expect, it } from 'vitest';
import { chunkMarkdown } from './chunker.js';
import { dateChunksByHeadings, datedSections, headingDay } from './heading-dates.js';

const MARCH = Date.parse('2026-03-01T12:00:00Z');

describe('headingDay', () => {
  it.each([
    ['2026-02-05', '2026-02-05'],
    ['2月5日', '2026-02-05'],
    ['2月5号 周四', '2026-02-05'],
    ['二月五日', '2026-02-05'],
    ['Feb 5 standup', '2026-02-05'],
    ['Thursday, February 5th', '2026-02-05'],
    ['Promoted From Short-Term Memory (2026-02-05)', '2026-02-05'],
    ['周四 2026-02-05', '2026-02-05'],
    ['2/5', '2026-02-05'],
    // A year left out is the last such day not after the file's date: December is last year's.
    ['12月30日', '2025-12-30'],
  ])('reads “%s” as %s', (title, day) => {
    expect(headingDay(title, MARCH)).toBe(day);
  });

  it.each([
    ['Step 3/4 of the rollout'],
    ['Plans for March'],
    ['Yesterday'],
    ['上周'],
    ['v2.1 release'],
    ['Notes'],
    // A date among the heading's words is what the section is about, not when it was written.
    ['Chengdu 成都 — 2026-08-18 → 08-20 (work)'],
    ['补充协议 (supplementary agreement, 2026-10-28)'],
  ])('finds no day in “%s”', (title) => {
    expect(headingDay(title, MARCH)).toBeNull();
  });
});

describe('dateChunksByHeadings', () => {
  const text = [
    '# Log', // 1
    '',
    '## 2026-02-04', // 3
    '- frozen',
    '',
    '### 2月5日', // 6
    '- powered up',
    '',
    '## Notes', // 9
    '- undated',
    '```',
    '## 2026-02-07', // 12: in a code fence, not a heading
    '```',
  ].join('\n');

  it('dates each chunk by the innermost dated heading over its lines; undated lines stay undated', () => {
    const sections = datedSections(text, MARCH);
    expect(sections.map((s) => [s.startLine, s.endLine, s.day])).toEqual([
      [3, 7, '2026-02-04'],
      [6, 7, '2026-02-05'],
    ]);
    const chunks = chunkMarkdown(text, { tokens: 6, overlap: 0 });
    dateChunksByHeadings(chunks, sections);
    const at = (line: number) => chunks.find((c) => c.startLine <= line && line <= c.endLine)!;
    expect(at(4).days).toEqual(['2026-02-04']);
    expect(at(7).days).toEqual(['2026-02-05']);
    expect(at(10).days).toBeUndefined();
    expect(at(12).days).toBeUndefined();
  });

  it('a chunk across two dated sections covers both days', () => {
    const [whole] = dateChunksByHeadings(chunkMarkdown(text), datedSections(text, MARCH));
    expect(whole!.days).toEqual(['2026-02-04', '2026-02-05']);
  });
});
