// Do line annotations count toward the prompt budget? OpenClaw 2026.9.6 injects MEMORY.md and
// USER.md as written, `<!-- importance: N -->` and all (its own loadWorkspaceBootstrapFiles +
// buildBootstrapContextFiles, shared/fixtures/openclaw-annotated-bootstrap-vectors.json made by
// scripts/openclaw-search-vectors/). Our budget must cut exactly where it cuts.
import { describe, expect, it } from 'vitest';
import { annotatedBootstrapFiles, BOOTSTRAP_SIZES } from '../scripts/openclaw-search-vectors/search-workspaces.mjs';
import { budgetOneFile, injectedText, runBootstrapBudget, type BudgetInput } from './bootstrap-budget.js';
import { bootstrapProfile } from './bootstrap-profiles.js';
import fixture from './fixtures/openclaw-annotated-bootstrap-vectors.json' with { type: 'json' };
import { stripAnnotations } from './memory-annotations.js';

interface Output {
  name: 'MEMORY.md' | 'USER.md';
  length: number;
  head: number;
  tail: number;
  mid: string;
}
const vectors = (
  fixture as {
    openclawVersion: string;
    vectors: Array<{ size: { memory: number; user: number }; outputs: Output[]; warnings: string[] }>;
  }
).vectors;
const limits = { perFile: 20_000, total: 60_000 };

describe('annotations in the prompt budget, as OpenClaw 2026.9.6 counts them', () => {
  it('covers under, at and over the caps', () => {
    expect(fixture.openclawVersion).toBe('2026.9.6');
    expect(vectors.map((v) => v.size)).toEqual(BOOTSTRAP_SIZES);
  });

  it.each(vectors.map((v) => [JSON.stringify(v.size), v] as const))(
    'injects what OpenClaw injects for %s',
    (_label, v) => {
      const files = annotatedBootstrapFiles(v.size);
      // OpenClaw's order: MEMORY.md is a later bootstrap file than USER.md.
      const inputs: BudgetInput[] = v.outputs.map((o) => ({
        name: o.name,
        absPath: `/ws/${o.name}`,
        kind: 'text',
        content: files[o.name],
      }));
      const run = runBootstrapBudget(inputs, limits, bootstrapProfile('2026.9.6'));
      v.outputs.forEach((expected, i) => {
        const base = files[expected.name].trimEnd();
        const theirs =
          base.slice(0, expected.head) +
          expected.mid +
          (expected.tail > 0 ? base.slice(base.length - expected.tail) : '');
        expect(injectedText(files[expected.name], run.files[i]!)).toBe(theirs);
      });
      expect(run.warnings).toEqual(v.warnings);
    },
  );

  it('a MEMORY.md over 20,000 characters only because of its annotations is cut (they count in full)', () => {
    const memory = annotatedBootstrapFiles({ memory: 20_500, user: 0 })['MEMORY.md'];
    expect(memory.length).toBeGreaterThan(20_000);
    expect(stripAnnotations(memory).length).toBeLessThan(20_000);
    const { budget } = budgetOneFile(memory, 'MEMORY.md', limits.perFile, limits.total, bootstrapProfile('2026.9.6'));
    expect(budget.outcome).toBe('truncated');
    expect(budget.measuredChars).toBe(memory.trimEnd().length);
    expect(injectedText(memory, budget)).toContain('<!-- importance:');
  });
});
