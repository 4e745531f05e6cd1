// Our budget arithmetic against OpenClaw's own: shared/fixtures/openclaw-bootstrap-vectors.json
// holds what OpenClaw 2026.9.6, 2026.4.15 and 2026.2.26 injected (their buildBootstrapContextFiles,
// run on these inputs by scripts/openclaw-vectors/generate-bootstrap-vectors.mjs). Every output
// must match character for character, and the pieces must say which file characters were kept.
import { describe, expect, it } from 'vitest';
import { buildInput, generateLetters, type VectorInputSpec } from '../scripts/openclaw-vectors/vector-inputs.mjs';
import { bootstrapProfile, isOpenclawVersion } from './bootstrap-profiles.js';
import { budgetOneFile, injectedText, runBootstrapBudget, type BudgetInput } from './bootstrap-budget.js';
import fixture from './fixtures/openclaw-bootstrap-vectors.json' with { type: 'json' };
import { hasLoneSurrogate } from './utf16-safe-slice.js';

interface Vector {
  version: string;
  title: string;
  limits: { perFile: number; total: number };
  files: VectorInputSpec[];
  outputs: { path: string; length: number; head: number; tail: number; mid: string }[];
  warnings: string[];
}

const vectors = (fixture as { vectors: Vector[] }).vectors;

function runVector(v: Vector) {
  if (!isOpenclawVersion(v.version)) throw new Error(`unknown version ${v.version}`);
  const texts = v.files.map((spec) => (spec.missing ? '' : buildInput(spec)));
  const inputs: BudgetInput[] = v.files.map((spec, i) =>
    spec.missing
      ? { name: spec.name, absPath: `/ws/${spec.path ?? spec.name}`, kind: 'missing' }
      : { name: spec.name, absPath: `/ws/${spec.path ?? spec.name}`, kind: 'text', content: texts[i]! },
  );
  return { texts, run: runBootstrapBudget(inputs, v.limits, bootstrapProfile(v.version)) };
}

describe('bootstrap budget matches OpenClaw, vector by vector', () => {
  it('has vectors for every release and every boundary the issue names', () => {
    for (const version of ['2026.9.6', '2026.4.15', '2026.2.26']) {
      const titles = vectors.filter((v) => v.version === version).map((v) => v.title);
      expect(titles).toEqual(
        expect.arrayContaining([
          'MEMORY.md exactly at the per-file cap',
          'MEMORY.md one over the per-file cap',
          'USER.md at 4001',
          'earlier files leave 63 of the total, MEMORY.md=5000',
          'emoji straddling both cuts',
        ]),
      );
    }
  });

  it.each(vectors.map((v) => [`${v.version} · ${v.title}`, v] as const))('%s', (_label, v) => {
    const { texts, run } = runVector(v);
    const injected = run.files.filter((f) => f.injectedChars > 0);
    expect(injected.map((f) => f.name)).toEqual(
      v.outputs.map((o) => v.files.find((s) => (s.path ?? s.name) === o.path)!.name),
    );
    injected.forEach((file, i) => {
      const expected = v.outputs[i]!;
      const index = v.files.findIndex((s) => (s.path ?? s.name) === expected.path);
      const base = texts[index]!.trimEnd();
      const theirs =
        base.slice(0, expected.head) +
        expected.mid +
        (expected.tail > 0 ? base.slice(base.length - expected.tail) : '');
      const ours = injectedText(texts[index]!, file);
      expect(ours.length).toBe(expected.length);
      expect(ours).toBe(theirs);
      expect(file.injectedChars).toBe(expected.length);
      // Letters-only files: what the pieces call dropped is exactly what lies between head and tail.
      const spec = v.files[index]!;
      if (
        spec.gen &&
        !spec.append &&
        v.version === '2026.9.6' &&
        spec.name !== 'AGENTS.md' &&
        file.outcome === 'truncated'
      ) {
        expect(file.dropped).toEqual([{ from: expected.head, to: base.length - expected.tail }]);
      }
    });
    // The same warnings OpenClaw logs (truncations, budget exhausted), in order.
    expect(run.warnings).toEqual(v.warnings);
  });
});

describe('bootstrap budget at the boundaries (2026.9.6)', () => {
  const profile = bootstrapProfile('2026.9.6');
  const limits = { perFile: 20_000, total: 60_000 };
  const memory = (content: string): BudgetInput => ({
    name: 'MEMORY.md',
    absPath: '/ws/MEMORY.md',
    kind: 'text',
    content,
  });

  it('a file exactly at the cap is injected whole; one more character cuts 2 characters short of the cap', () => {
    const at = runBootstrapBudget([memory(generateLetters(20_000, 0))], limits, profile).files[0]!;
    expect(at).toMatchObject({
      outcome: 'full',
      injectedChars: 20_000,
      cap: { kind: 'per-file', value: 20_000 },
      dropped: [],
    });
    const over = runBootstrapBudget([memory(generateLetters(20_001, 0))], limits, profile).files[0]!;
    expect(over.outcome).toBe('truncated');
    expect(over.injectedChars).toBe(19_999);
    // Head 14,917 + tail 4,972 kept: characters 14,917 … 15,028 are what the agent loses.
    expect(over.dropped).toEqual([{ from: 14_917, to: 20_001 - 4_972 }]);
  });

  it('USER.md has its own 4,000-character cap, and it says so', () => {
    const user = runBootstrapBudget(
      [{ name: 'USER.md', absPath: '/ws/USER.md', kind: 'text', content: generateLetters(4_001, 0) }],
      limits,
      profile,
    ).files[0]!;
    expect(user.cap).toEqual({ kind: 'user', value: 4_000 });
    expect(user.outcome).toBe('truncated');
  });

  it('a file after others that used the total gets only what is left, then nothing below 64', () => {
    const filler = (name: string, n: number): BudgetInput => ({
      name,
      absPath: `/ws/${name}`,
      kind: 'text',
      content: generateLetters(n, 1),
    });
    const run = runBootstrapBudget(
      [
        filler('AGENTS.md', 20_000),
        filler('SOUL.md', 20_000),
        filler('IDENTITY.md', 19_000),
        memory(generateLetters(5_000, 0)),
      ],
      limits,
      profile,
    );
    expect(run.files[3]).toMatchObject({
      outcome: 'truncated',
      remainingBefore: 1_000,
      cap: { kind: 'remaining-total', value: 1_000 },
      injectedChars: 999,
    });
    expect(run.injectedChars).toBe(59_999);
    const starved = runBootstrapBudget(
      [filler('AGENTS.md', 20_000), filler('SOUL.md', 20_000), filler('IDENTITY.md', 19_937), memory('remember this')],
      limits,
      profile,
    );
    expect(starved.files[3]).toMatchObject({
      outcome: 'over-budget',
      remainingBefore: 63,
      injectedChars: 0,
      dropped: [{ from: 0, to: 13 }],
    });
  });

  it('never leaves half of a surrogate pair in the injected text', () => {
    const text = `${generateLetters(14_916, 0)}🙂${generateLetters(6_000, 0)}`;
    const file = runBootstrapBudget([memory(text)], limits, profile).files[0]!;
    expect(hasLoneSurrogate(injectedText(text, file))).toBe(false);
    // The emoji straddled the head cut, so it is dropped whole: the dropped range starts at it.
    expect(file.dropped[0]!.from).toBe(14_916);
  });

  it('the editor step equals the loop step for the same budget', () => {
    const text = generateLetters(30_000, 3);
    const fromLoop = runBootstrapBudget([memory(text)], { perFile: 20_000, total: 25_000 }, profile).files[0]!;
    const fromEditor = budgetOneFile(text, 'MEMORY.md', 20_000, 25_000, profile).budget;
    expect(fromEditor).toEqual(fromLoop);
  });
});
