// `search --profile openclaw` against what OpenClaw 2026.9.6's own memory_search returned for the
// same files (shared/fixtures/openclaw-search-vectors.json, made by
// scripts/openclaw-search-vectors/): every query, through the real engine on real files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeFinalScore } from '../../../shared/score.js';
import { MTIME, NOW, WORKSPACES } from '../../../scripts/openclaw-search-vectors/search-workspaces.mjs';
import { MemoryEngine } from '../engine.js';
import { OpenClawRanker } from './openclaw-ranker.js';

interface VectorResult {
  path: string;
  startLine: number;
  endLine: number;
  score: number;
  textScore: number;
  snippet: string;
  importance?: number;
}
interface Vector {
  workspace: string;
  query: string;
  results: VectorResult[];
}
const fixturePath = path.join(__dirname, '../../../shared/fixtures/openclaw-search-vectors.json');
const fixture = JSON.parse(fs.readFileSync(fixturePath, 'utf8')) as {
  openclawVersion: string;
  now: string;
  mtime: string;
  vectors: Vector[];
};

let root: string;
const engines = new Map<string, MemoryEngine>();

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-openclaw-vectors-'));
  const mtime = new Date(MTIME);
  for (const ws of WORKSPACES) {
    const dir = path.join(root, ws.name);
    for (const [rel, text] of Object.entries(ws.files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
      fs.utimesSync(path.join(dir, rel), mtime, mtime);
    }
    engines.set(
      ws.name,
      await MemoryEngine.open({
        workspaceDir: dir,
        dataDir: path.join(root, `data-${ws.name}`),
        openclawHome: path.join(root, 'no-openclaw'),
        embedder: null,
      }),
    );
  }
});

afterAll(async () => {
  for (const engine of engines.values()) await engine.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the openclaw profile reproduces OpenClaw 2026.9.6 memory_search', () => {
  it('was generated for this release, clock and file times, with at least 200 queries over three workspaces', () => {
    expect(fixture.openclawVersion).toBe('2026.9.6');
    expect(fixture.now).toBe(NOW);
    expect(fixture.mtime).toBe(MTIME);
    expect(fixture.vectors.length).toBeGreaterThanOrEqual(200);
    expect(new Set(fixture.vectors.map((v) => v.workspace))).toEqual(new Set(WORKSPACES.map((w) => w.name)));
    // Inputs and vectors belong together: every query of the specs has its vector, in order.
    expect(fixture.vectors.map((v) => `${v.workspace}\0${v.query}`)).toEqual(
      WORKSPACES.flatMap((w) => w.queries.map((q) => `${w.name}\0${q}`)),
    );
  });

  it('returns the same paths, lines, order, snippets and scores for every vector', async () => {
    const mismatches: string[] = [];
    let matched = 0;
    for (const vector of fixture.vectors) {
      const response = await engines
        .get(vector.workspace)!
        .search({ query: vector.query, profile: 'openclaw', now: Date.parse(NOW) });
      expect(response.profile).toBe('openclaw');
      const got = response.results.map((r) => `${r.path}:${r.startLine}-${r.endLine}`);
      const want = vector.results.map((r) => `${r.path}:${r.startLine}-${r.endLine}`);
      const scoresAgree = response.results.every((r, i) => {
        const w = vector.results[i];
        return (
          w !== undefined &&
          Math.abs(r.score - w.score) <= 1e-9 &&
          Math.abs(r.breakdown.openclaw!.textScore - w.textScore) <= 1e-12 &&
          r.snippet === w.snippet
        );
      });
      if (got.join('|') === want.join('|') && scoresAgree) matched += 1;
      else mismatches.push(`${vector.workspace} "${vector.query}": got ${got.join(', ')}; OpenClaw ${want.join(', ')}`);
      for (const r of response.results) expect(computeFinalScore(r.breakdown)).toBe(r.score);
    }
    expect(mismatches).toEqual([]);
    expect(matched).toBe(fixture.vectors.length);
  });

  it('shows the importance OpenClaw applied and keeps the annotation out of the snippet', async () => {
    const response = await engines
      .get('english')!
      .search({ query: 'contract zebra', profile: 'openclaw', now: Date.parse(NOW) });
    const top = response.results[0]!;
    expect(top).toMatchObject({ path: 'MEMORY.md', startLine: 3, endLine: 3 });
    expect(top.snippet).not.toContain('<!--');
    expect(top.breakdown.importance).toEqual({ importance: 9, multiplier: 0.75 + 9 * 0.05, line: 3 });
    expect(top.breakdown.openclaw).toMatchObject({
      fallback: true,
      fallbackTerms: ['contract', 'zebra'],
      foundBy: 'contract',
    });
  });

  it('says what happened with the notice codes both rankings share, one meaning each', async () => {
    const engine = engines.get('english')!;
    const theirs = await engine.search({ query: 'contract zebra', now: Date.parse(NOW), profile: 'openclaw' });
    // The profile says it is OpenClaw's ranking; "keyword-only" is only ever about the vector half.
    expect(theirs.notices.map((n) => n.code)).toContain('openclaw-profile');
    expect(theirs.notices.filter((n) => n.code === 'keyword-only')).toEqual([]);
    expect(theirs.notices.find((n) => n.code === 'relaxed-query')?.message).toMatch(/"contract", "zebra" one by one/);
  });

  it('follows edits: the next search sees the files as they are on disk, as a fresh index would', async () => {
    const engine = engines.get('english')!;
    const before = await engine.search({ query: 'walrus', profile: 'openclaw', now: Date.parse(NOW) });
    expect(before.results).toEqual([]);
    const file = path.join(root, 'english', 'memory', 'topics', 'walrus.md');
    fs.writeFileSync(file, 'The walrus sleeps on the ice.\n');
    const after = await engine.search({ query: 'walrus', profile: 'openclaw', now: Date.parse(NOW) });
    expect(after.results.map((r) => r.path)).toEqual(['memory/topics/walrus.md']);
    // An edit and a deletion later, the kept index answers exactly as one built afresh.
    const tea = path.join(root, 'english', 'memory', 'topics', 'tea.md');
    const teaText = fs.readFileSync(tea, 'utf8');
    fs.writeFileSync(tea, `${teaText}The walrus drinks green tea too.\n`);
    fs.utimesSync(tea, new Date(MTIME), new Date(Date.parse(MTIME) + 1000));
    fs.rmSync(file);
    const fresh = new OpenClawRanker(path.join(root, 'english'));
    for (const query of ['walrus', 'green tea', 'tea', 'router', 'alpha.md']) {
      const kept = await engine.search({ query, profile: 'openclaw', now: Date.parse(NOW) });
      const rebuilt = await fresh.search({ query, profile: 'openclaw', now: Date.parse(NOW) });
      expect(kept.results.map((r) => [r.path, r.startLine, r.endLine, r.score])).toEqual(
        rebuilt.results.map((r) => [r.path, r.startLine, r.endLine, r.score]),
      );
    }
    expect(
      (await engine.search({ query: 'walrus', profile: 'openclaw', now: Date.parse(NOW) })).results.map((r) => r.path),
    ).toEqual(['memory/topics/tea.md']);
    fresh.close();
    fs.writeFileSync(tea, teaText);
    fs.utimesSync(tea, new Date(MTIME), new Date(MTIME));
  });
});
