// Property: every "why #1 beat #2" sentence agrees with the numbers of the two breakdowns it cites
// (issue 32 found "#1 holds more of the query's words (3 vs 4)"). Over the sample workspace (its
// labeled questions, keyword-only and hybrid with the tiny model) and every fixture workspace
// (queries made of each file's own words, date-only questions on the dated one), each neighbouring
// pair of results gets its sentence, and each claim in it is read back and checked.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScoreBreakdown, SearchOptions } from '../../../../shared/domain.js';
import { DATED_TIER_ORDER, tierWords } from '../../../../shared/dated-words.js';
import { whyAbove, type RankedBreakdown } from '../../../../shared/why-above.js';
import { MemoryEngine } from '../../engine.js';
import { TINY_MODEL_ID, writeTinyModel } from '../../embed/test-support/tiny-model.js';
import { DATED_NOW, DATED_ZONE, writeDatedWorkspace } from '../test-support/dated-workspace.js';

const repo = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-why-above-'));
const engines: MemoryEngine[] = [];

afterAll(async () => {
  for (const e of engines) await e.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function open(workspaceDir: string, name: string, modelsDir?: string): Promise<MemoryEngine> {
  const engine = await MemoryEngine.open({
    workspaceDir,
    dataDir: path.join(root, name),
    openclawHome: path.join(root, 'no-openclaw'),
    embedder: modelsDir ? { model: TINY_MODEL_ID, modelsDir, allowDownload: false } : null,
  });
  engines.push(engine);
  await engine.sync();
  return engine;
}

const n3 = (x: number): string => x.toFixed(3);
/** A number as the sentence wrote it, to as many decimals as it shows. */
const shows = (written: string | undefined, value: number): boolean =>
  written !== undefined && written === value.toFixed(written.split('.')[1]?.length ?? 0);
const NUM = String.raw`(\d+\.\d+)`;
const own = (k: NonNullable<ScoreBreakdown['keyword']>): number =>
  (k.terms ?? []).filter((t) => !t.fragment && !t.dateWord && !t.expansion).reduce((s, t) => s + t.occurrences, 0);

/** The claims of one sentence, each checked against the breakdowns; returns what does not hold. */
function disagreements(sentence: string, x: RankedBreakdown, y: RankedBreakdown): string[] {
  const [up, low] = x.rank <= y.rank ? [x, y] : [y, x];
  const by = (rank: string): RankedBreakdown => (Number(rank) === up.rank ? up : low);
  const other = (r: RankedBreakdown): RankedBreakdown => (r === up ? low : up);
  const wrong: string[] = [];
  const check = (ok: boolean, claim: string): void => void (ok || wrong.push(claim));
  let claims = 0;
  const each = (re: RegExp, fn: (m: RegExpMatchArray) => void): void => {
    for (const m of sentence.matchAll(re)) {
      claims += 1;
      fn(m);
    }
  };
  const a = up.breakdown;
  const b = low.breakdown;
  each(new RegExp(`: ${NUM} vs ${NUM}\\.$`, 'g'), (m) => {
    check(shows(m[1], a.final) && shows(m[2], b.final), `finals ${m[0]}`);
    if (!sentence.includes('MMR lists it first')) check(a.final > b.final, `#${up.rank} scores more`);
  });
  each(/score the same \((\d\.\d{3})\)/g, (m) => check(a.final === b.final && m[1] === n3(a.final), m[0]));
  each(new RegExp(`scores less \\(${NUM} vs ${NUM}\\) but MMR`, 'g'), (m) =>
    check(a.final < b.final && shows(m[1], a.final) && shows(m[2], b.final), m[0]),
  );
  each(/#(\d+) holds more of the query's words \((\d+) vs (\d+)\)/g, (m) => {
    const s = by(m[1]!);
    const [p, q] = [Number(m[2]), Number(m[3])];
    check(p > q, m[0]);
    check(s.breakdown.keyword?.matchedTerms.length === p, `${m[0]}: first number`);
    check(other(s).breakdown.keyword?.matchedTerms.length === q, `${m[0]}: second number`);
  });
  each(/#(\d+) has the (?:query's )?words more often \((\d+) vs (\d+)(?: times)?\)/g, (m) => {
    const s = by(m[1]!);
    const [p, q] = [Number(m[2]), Number(m[3])];
    check(p > q && own(s.breakdown.keyword!) === p && own(other(s).breakdown.keyword!) === q, m[0]);
  });
  each(/#(\d+) is shorter \((\d+) vs (\d+) tokens\)/g, (m) => {
    const s = by(m[1]!);
    const [p, q] = [Number(m[2]), Number(m[3])];
    check(p < q && s.breakdown.keyword?.chunkTokens === p && other(s).breakdown.keyword?.chunkTokens === q, m[0]);
  });
  each(new RegExp(`#(\\d+) is closer in meaning \\(vector score ${NUM} vs ${NUM}\\)`, 'g'), (m) => {
    const v = (r: RankedBreakdown): number =>
      r.breakdown.vector && !('unavailable' in r.breakdown.vector) ? r.breakdown.vector.score : 0;
    const s = by(m[1]!);
    check(Number(m[2]) > Number(m[3]) && shows(m[2], v(s)) && shows(m[3], v(other(s))), m[0]);
  });
  each(new RegExp(`#(\\d+) holds the rarer of the query's words \\(keyword score ${NUM} vs ${NUM}\\)`, 'g'), (m) => {
    const s = by(m[1]!);
    const k = (r: RankedBreakdown): number => r.breakdown.keyword?.score ?? 0;
    check(Number(m[2]) > Number(m[3]) && shows(m[2], k(s)) && shows(m[3], k(other(s))), m[0]);
  });
  each(/#(\d+) is older \([^)]*×(\d+\.\d+) vs ×(\d+\.\d+) for age\)/g, (m) => {
    const s = by(m[1]!);
    check(
      Number(m[2]) < Number(m[3]) &&
        s.breakdown.decay.multiplier.toFixed(2) === m[2] &&
        other(s).breakdown.decay.multiplier.toFixed(2) === m[3],
      m[0],
    );
  });
  each(/#(\d+) is (?:marked more important|from the date the query mentions) \(×([\d.]+) vs ×([\d.]+)\)/g, (m) => {
    check(Number(m[2]) > Number(m[3]), m[0]);
    const part = m[0].includes('important') ? 'importance' : 'dates';
    check(+(a[part]?.multiplier ?? 1).toFixed(3) === Number(m[2]), `${m[0]}: #1's factor`);
    check(+(b[part]?.multiplier ?? 1).toFixed(3) === Number(m[3]), `${m[0]}: #2's factor`);
  });
  each(/retrieved #(\d+) more often \((\d+) vs (\d+) times\)/g, (m) => {
    check(Number(m[2]) > Number(m[3]) && (a.access?.count ?? 0) === Number(m[2]), m[0]);
  });
  each(/#(\d+) is (.+?) and #(\d+) (.+?): /g, (m) => {
    const [s, t] = [by(m[1]!), by(m[3]!)];
    const [ts, tt] = [s.breakdown.dated?.tier, t.breakdown.dated?.tier];
    check(ts !== undefined && tt !== undefined, `${m[0]}: both dated`);
    if (ts && tt) {
      check(tierWords(ts) === m[2] && tierWords(tt) === m[4], `${m[0]}: the tiers' names`);
      check(DATED_TIER_ORDER.indexOf(ts) < DATED_TIER_ORDER.indexOf(tt), `${m[0]}: the order of the tiers`);
    }
  });
  each(/earlier day of the asked period \(day (\d+) vs (\d+) of (\d+)\)/g, (m) => {
    check(Number(m[1]) < Number(m[2]), m[0]);
    check(a.dated?.dayIndex === Number(m[1]) - 1 && b.dated?.dayIndex === Number(m[2]) - 1, `${m[0]}: days`);
  });
  each(/#(\d+) does not match the query's words at all/g, (m) => check(!by(m[1]!).breakdown.keyword, m[0]));
  each(/#(\d+) matches the query's words and #(\d+) only resembles it in meaning/g, (m) =>
    check(!!by(m[1]!).breakdown.keyword && !by(m[2]!).breakdown.keyword, m[0]),
  );
  check(claims > 0, 'a sentence with no claim the test can read');
  return wrong;
}

interface Checked {
  sentences: number;
  wrong: string[];
}

async function checkQueries(engine: MemoryEngine, queries: readonly string[], extra: Partial<SearchOptions> = {}) {
  const out: Checked = { sentences: 0, wrong: [] };
  for (const query of queries) {
    const response = await engine.search({ query, minScore: 0, maxResults: 8, ...extra });
    const results = response.results;
    for (let i = 0; i + 1 < results.length; i++) {
      const up = { rank: i + 1, breakdown: results[i]!.breakdown };
      const low = { rank: i + 2, breakdown: results[i + 1]!.breakdown };
      const sentence = whyAbove(up, low);
      out.sentences += 1;
      for (const w of disagreements(sentence, up, low))
        out.wrong.push(`${query} #${i + 1}/#${i + 2}: “${sentence}” — ${w}`);
    }
  }
  return out;
}

/** Queries of each Markdown file's own words: two and three neighbouring words of its lines. */
function queriesFrom(workspace: string): string[] {
  const queries = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.name.endsWith('.md')) {
        for (const line of fs.readFileSync(abs, 'utf8').split('\n')) {
          const words = line.match(/[\p{L}\p{N}]+/gu) ?? [];
          if (words.length >= 3) {
            queries.add(words.slice(0, 2).join(' '));
            queries.add(words.slice(1, 4).join(' '));
          }
        }
      }
    }
  };
  walk(workspace);
  return [...queries];
}

function sampleQuestions(): string[] {
  return fs
    .readFileSync(path.join(repo, 'bench', 'eval', 'sample-queries.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { query: string }).query);
}

const SAMPLE_NOW = { now: Date.parse('2026-11-06T10:00:00+08:00'), timeZoneOffsetMinutes: 480 };

describe('every why-sentence agrees with the breakdowns it cites', () => {
  it('over the sample workspace: its labeled questions, keyword-only, with decay, and hybrid', async () => {
    const sample = path.join(repo, 'resources', 'sample-workspace');
    const keyword = await open(sample, 'sample-keyword');
    const questions = sampleQuestions();
    const plain = await checkQueries(keyword, questions, SAMPLE_NOW);
    const decayed = await checkQueries(keyword, questions.slice(0, 120), {
      ...SAMPLE_NOW,
      decay: { enabled: true },
      mmr: { enabled: true },
    });
    const modelsDir = path.join(root, 'models');
    await writeTinyModel({ modelsDir });
    const hybrid = await checkQueries(
      await open(sample, 'sample-hybrid', modelsDir),
      questions.slice(0, 120),
      SAMPLE_NOW,
    );
    expect(plain.sentences + decayed.sentences + hybrid.sentences).toBeGreaterThan(2000);
    expect([...plain.wrong, ...decayed.wrong, ...hybrid.wrong]).toEqual([]);
  }, 600_000);

  it('over every fixture workspace, and date-only questions on the dated one', async () => {
    const fixtures = path.join(repo, 'shared', 'fixtures');
    const wrong: string[] = [];
    let sentences = 0;
    for (const name of fs.readdirSync(fixtures).filter((n) => fs.statSync(path.join(fixtures, n)).isDirectory())) {
      const workspace = path.join(fixtures, name);
      const checked = await checkQueries(await open(workspace, name), queriesFrom(workspace));
      sentences += checked.sentences;
      wrong.push(...checked.wrong);
    }
    const dated = path.join(root, 'dated');
    writeDatedWorkspace(dated);
    const datedEngine = await open(dated, 'dated-data');
    const at = { now: DATED_NOW, timeZoneOffsetMinutes: DATED_ZONE };
    const dates = ['what did we do on Feb 5th', '上周做了什么', 'last month', '前天做了什么', 'notes from 2026-02-05'];
    for (const checked of [
      await checkQueries(datedEngine, queriesFrom(dated).slice(0, 150), at),
      await checkQueries(datedEngine, dates, { ...at, maxResults: 12 }),
    ]) {
      sentences += checked.sentences;
      wrong.push(...checked.wrong);
    }
    expect(sentences).toBeGreaterThan(500);
    expect(wrong).toEqual([]);
  }, 600_000);
});
