// The annotation reader against the rules OpenClaw 2026.9.6 applies (its search vectors check the
// same rules end to end: stripped snippets, importance multipliers).
import { describe, expect, it } from 'vitest';
import {
  annotationProblem,
  chunkImportance,
  entryRecallMetadata,
  importanceMultiplier,
  INVALID_PROJECT_KEY,
  scanAnnotations,
  stripAnnotations,
} from './memory-annotations.js';

describe('memory annotations', () => {
  it('finds each carrier with its kind, value and exact offsets', () => {
    const line = '- Never deploy on Fridays. <!-- importance: 8 --> <!-- TRIGGER: deploy, friday -->';
    const found = scanAnnotations(line);
    expect(found.map((a) => [a.kind, a.value])).toEqual([
      ['importance', '8'],
      ['trigger', 'deploy, friday'],
    ]);
    for (const a of found) expect(line.slice(a.start, a.end)).toMatch(/^<!--.*-->$/);
  });

  it('strips single-line carriers and the spaces they leave at the line end, nothing else', () => {
    const text =
      '- Tea <!-- trigger: tea --> every day.\n- Coffee <!-- importance: 3 -->  \n<!-- a plain comment -->\n<!-- project:\nalpha -->';
    expect(stripAnnotations(text)).toBe(
      '- Tea  every day.\n- Coffee\n<!-- a plain comment -->\n<!-- project:\nalpha -->',
    );
    expect(stripAnnotations('no annotations here  ')).toBe('no annotations here  ');
  });

  it('reads importance 1–10 (highest wins) only on lines ending in -->, and only in curated root files', () => {
    const lines = [
      '- A <!-- importance: 4 -->',
      '  more <!-- importance: 9 -->',
      '- B <!-- importance: 7 --> trailing',
    ];
    expect(entryRecallMetadata(lines, { curatedRoot: true, projectScopeEligible: true }).importance).toBe(9);
    expect(entryRecallMetadata(lines, { curatedRoot: false, projectScopeEligible: true }).importance).toBeNull();
    for (const bad of ['0', '11', 'x', '7.5'])
      expect(
        entryRecallMetadata([`- C <!-- importance: ${bad} -->`], { curatedRoot: true, projectScopeEligible: true })
          .importance,
      ).toBeNull();
  });

  it('joins triggers and projects; a malformed project key marks the entry invalid', () => {
    const meta = entryRecallMetadata(
      ['- X <!-- trigger: tea, morning drink; brew --> <!-- project: Work/Alpha; beta -->'],
      { curatedRoot: true, projectScopeEligible: true },
    );
    expect(meta).toEqual({ importance: null, triggers: 'tea; morning drink; brew', projectKey: 'work/Alpha; beta' });
    expect(
      entryRecallMetadata(['- Y <!-- project: ; -->'], { curatedRoot: true, projectScopeEligible: true }).projectKey,
    ).toBe(INVALID_PROJECT_KEY);
  });

  it('weighs importance as OpenClaw: 0.75 + 0.05 N, neutral without', () => {
    expect(importanceMultiplier(null)).toBe(1);
    expect(importanceMultiplier(1)).toBeCloseTo(0.8, 15);
    expect(importanceMultiplier(10)).toBeCloseTo(1.25, 15);
  });

  it('gives a chunk of MEMORY.md its highest importance and that line; other files have none', () => {
    expect(chunkImportance('MEMORY.md', '# M\n- a <!-- importance: 3 -->\n- b <!-- importance: 6 -->', 10)).toEqual({
      importance: 6,
      multiplier: importanceMultiplier(6),
      line: 12,
    });
    expect(chunkImportance('MEMORY.md', '- plain', 1)).toEqual({ importance: null, multiplier: 1, line: null });
    expect(chunkImportance('memory/notes.md', '- a <!-- importance: 3 -->', 1)).toBeNull();
  });

  it('says why an annotation does nothing', () => {
    const [mid] = scanAnnotations('- a <!-- importance: 5 --> later');
    expect(annotationProblem(mid!, '- a <!-- importance: 5 --> later')).toMatch(/end of its line/);
    const [big] = scanAnnotations('- a <!-- importance: 12 -->');
    expect(annotationProblem(big!, '- a <!-- importance: 12 -->')).toMatch(/1 to 10/);
    const [ok] = scanAnnotations('- a <!-- importance: 5 -->');
    expect(annotationProblem(ok!, '- a <!-- importance: 5 -->')).toBeNull();
  });
});
