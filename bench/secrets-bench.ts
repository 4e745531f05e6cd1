// Issue 30: what masking costs. `findSecrets` and `maskSecrets` (shared/secrets.ts) over the sample
// workspace's text and a big synthetic transcript with keys sprinkled in: the cold first call (a
// fresh Node process: import of the module and secretlint's preset, then one call) and the steady
// state (the same text again and again in this process); and the findings on the CMRC 2018 dev set
// (../shared/data), which holds no credentials, so each one is a false positive.
//   npm run bench -- --only secrets
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findSecrets, maskSecrets } from '../shared/secrets.js';
import type { BenchContext, BenchSection } from './bench-registry.js';
import { percentile, round } from './bench-stats.js';
import { defaultCmrcPath, sampleWorkspaceDir } from './repo-paths.js';

const STEADY_RUNS = 20;
const FAKE_KEYS = ['tvly-dev-Q7pX2mN9vR4kT8wZ3HCS', 'sk-proj-4fJ8kL2mN6pQ9rS3tU7vW1xY5zA0bC2d', '密码：Hunter2024!'];

function sampleTexts(): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (/\.(md|jsonl)$/.test(entry.name)) texts.push(fs.readFileSync(abs, 'utf8'));
    }
  };
  walk(sampleWorkspaceDir());
  return texts;
}

/** An OpenClaw-shaped session of `lines` JSONL records; one message in 500 holds a fake key. */
function bigTranscript(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const key = i % 500 === 7 ? ` the key is ${FAKE_KEYS[i % FAKE_KEYS.length]}` : '';
    const text = `router budget deploy ${i % 97} 会议纪要 第${i % 31}项${key}`;
    out.push(JSON.stringify({ type: 'message', message: { role: i % 2 ? 'user' : 'assistant', content: text } }));
  }
  return `${out.join('\n')}\n`;
}

function steady(
  texts: readonly string[],
  fn: (text: string) => unknown,
): { p50Ms: number | null; p95Ms: number | null } {
  const samples: number[] = [];
  for (let run = 0; run < STEADY_RUNS; run++) {
    const start = performance.now();
    for (const text of texts) fn(text);
    samples.push(performance.now() - start);
  }
  return { p50Ms: round(percentile(samples, 50)), p95Ms: round(percentile(samples, 95)) };
}

/** A fresh process: import shared/secrets.js, then one findSecrets and one maskSecrets over every text. */
function cold(textsFile: string): { importMs: number; firstFindMs: number; firstMaskMs: number } | { error: string } {
  const moduleUrl = pathToFileURL(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'shared', 'secrets.js'),
  ).href;
  const script = `
    import fs from 'node:fs';
    const texts = JSON.parse(fs.readFileSync(${JSON.stringify(textsFile)}, 'utf8'));
    let t = performance.now();
    const m = await import(${JSON.stringify(moduleUrl)});
    const importMs = performance.now() - t;
    t = performance.now();
    for (const text of texts) m.findSecrets(text);
    const firstFindMs = performance.now() - t;
    t = performance.now();
    for (const text of texts) m.maskSecrets(text);
    const firstMaskMs = performance.now() - t;
    process.stdout.write(JSON.stringify({ importMs, firstFindMs, firstMaskMs }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (child.status !== 0) return { error: child.stderr.slice(0, 500) };
  const parsed = JSON.parse(child.stdout) as Record<'importMs' | 'firstFindMs' | 'firstMaskMs', number>;
  return {
    importMs: round(parsed.importMs)!,
    firstFindMs: round(parsed.firstFindMs)!,
    firstMaskMs: round(parsed.firstMaskMs)!,
  };
}

function lineAround(text: string, start: number, end: number): string {
  const next = text.indexOf('\n', end);
  return text.slice(text.lastIndexOf('\n', start) + 1, next === -1 ? text.length : next);
}

function measure(ctx: BenchContext, name: string, texts: string[]) {
  const chars = texts.reduce((n, t) => n + t.length, 0);
  const textsFile = path.join(ctx.tmpDir, `secrets-${name}.json`);
  fs.writeFileSync(textsFile, JSON.stringify(texts));
  ctx.log(`${name}, ${texts.length} texts, ${chars} characters`);
  const coldRun = cold(textsFile);
  const find = steady(texts, findSecrets);
  const mask = steady(texts, maskSecrets);
  const found = texts.flatMap((text) => findSecrets(text).map((f) => ({ text, finding: f })));
  const perMb = (ms: number | null) => (ms === null ? null : round(ms / (chars / 1_000_000)));
  return {
    texts: texts.length,
    characters: chars,
    findings: found.length,
    // Each finding in its line, masked, for a person to judge (text without keys: all false positives).
    examples: found.slice(0, 10).map(({ text, finding }) => ({
      kind: finding.kind,
      line: maskSecrets(lineAround(text, finding.start, finding.end)).slice(0, 200),
    })),
    cold: coldRun,
    steady: {
      findSecrets: { ...find, msPerMillionChars: perMb(find.p50Ms) },
      maskSecrets: { ...mask, msPerMillionChars: perMb(mask.p50Ms) },
    },
  };
}

const secretsSection: BenchSection = {
  name: 'secrets',
  order: 400,
  issue: 30,
  async run(ctx) {
    const lines = ctx.quick ? 5_000 : 50_000;
    return {
      node: process.version,
      steadyRuns: STEADY_RUNS,
      sampleWorkspace: measure(ctx, 'sample', sampleTexts()),
      bigTranscript: { lines, ...measure(ctx, 'transcript', [bigTranscript(lines)]) },
      // Chinese reading-comprehension text with no credentials in it: every finding is a false positive.
      cmrcDev: fs.existsSync(defaultCmrcPath())
        ? measure(ctx, 'cmrc', [fs.readFileSync(defaultCmrcPath(), 'utf8')])
        : { skipped: `${defaultCmrcPath()} not found (set MEMLENS_CMRC_PATH)` },
    };
  },
};

export const benchSections: BenchSection[] = [secretsSection];
