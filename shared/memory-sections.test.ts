import { describe, expect, it } from 'vitest';
import { parseSections, planMoveSection, promotedSections, slugForSection } from './memory-sections.js';
import { describeLines, withLines } from './text-lines.js';

// The format OpenClaw 2026.9.6's dreaming writes (its own code, run through the research harness).
const DREAMED = `# Long-Term Memory

- Alice is the on-call lead.

## Promoted From Short-Term Memory (2026-06-12)

<!-- openclaw-memory-promotion:memory:memory/2026-06-10.md:12:14 -->
- Staging DB moved to db2.internal (ops ticket 4411). [score=0.823 signals=5 recalls=4 avg=0.710 source=memory/2026-06-10.md:12-14] <!-- trigger: staging, database, db2 --> <!-- importance: 8 -->
<!-- openclaw-memory-promotion:memory:memory/2026-06-11.md:3:3 -->
- User prefers answers in British English. [score=0.612 signals=3 recalls=2 avg=0.655 source=memory/2026-06-11.md:3-3] <!-- trigger: english, preference --> <!-- importance: 6 -->

## Travel

\`\`\`
## not a heading inside a fence
\`\`\`
- Passport renewal due 2027-01.

## Promoted From Short-Term Memory (2026-05-30)

<!-- openclaw-memory-promotion:memory:memory/2026-05-29.md:1:2 -->
- Bought the blue router.
`;

describe('memory sections', () => {
  it('finds headings outside code fences, each section ending before the next heading of its level', () => {
    const sections = parseSections(DREAMED);
    expect(sections.map((s) => [s.level, s.title, s.startLine, s.endLine])).toEqual([
      [1, 'Long-Term Memory', 1, 22],
      [2, 'Promoted From Short-Term Memory (2026-06-12)', 5, 10],
      [2, 'Travel', 12, 17],
      [2, 'Promoted From Short-Term Memory (2026-05-30)', 19, 22],
    ]);
  });

  it('lists the sections dreaming promoted, oldest first, with their entry counts', () => {
    const promoted = promotedSections(DREAMED);
    expect(promoted.map((p) => [p.date, p.entries, p.startLine])).toEqual([
      ['2026-05-30', 1, 19],
      ['2026-06-12', 2, 5],
    ]);
    expect(promoted.every((p) => p.kind === 'promoted')).toBe(true);
  });

  it('plans a move: the section verbatim in memory/<slug>.md, one pointer line in its place', () => {
    const travel = parseSections(DREAMED).find((s) => s.title === 'Travel')!;
    const plan = planMoveSection(DREAMED, travel, slugForSection(travel.title));
    expect(plan.topicPath).toBe('memory/travel.md');
    expect(plan.topicText).toBe(
      '## Travel\n\n```\n## not a heading inside a fence\n```\n- Passport renewal due 2027-01.\n',
    );
    expect([plan.startLine, plan.endLine]).toEqual([12, 17]);
    expect(plan.pointerLine).toContain('Travel: moved to memory/travel.md');
  });

  it('makes file names from any script and from promoted headings', () => {
    expect(slugForSection('Promoted From Short-Term Memory (2026-06-12)')).toBe('promoted-2026-06-12');
    expect(slugForSection('项目 Alpha / 合同')).toBe('项目-alpha-合同');
    expect(slugForSection('***')).toBe('section');
  });

  it('names the lines of a character range the way the editor numbers them (CRLF and CR too)', () => {
    const text = 'one\r\ntwo\rthree\nfour';
    expect(withLines(text, [{ from: 5, to: 12 }])).toEqual([{ from: 5, to: 12, startLine: 2, endLine: 3 }]);
    expect(describeLines([{ startLine: 212, endLine: 288 }])).toBe('lines 212–288');
    expect(describeLines([{ startLine: 7, endLine: 7 }])).toBe('line 7');
  });
});
