// `search --profile openclaw` with the agent's embedder reachable against what OpenClaw 2026.9.6's
// own hybrid memory_search returned (shared/fixtures/openclaw-hybrid-vectors.json, made by
// scripts/openclaw-search-vectors/generate-hybrid-vectors.mjs with the tiny model served as an
// OpenAI-compatible endpoint), once embedding every chunk ourselves and once reading the vectors
// the agent stored (e2e/fixtures/openclaw-2026.9-vectors/, the agent database of the same run).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { computeFinalScore } from '../../../shared/score.js';
import {
  HYBRID_MODEL,
  HYBRID_WORKSPACE,
  MTIME,
  NOW,
} from '../../../scripts/openclaw-search-vectors/hybrid-workspace.mjs';
import { chunkMarkdown } from '../chunk/chunker.js';
import type { EmbeddingProvider } from '../embed/embedding-provider.js';
import { startEmbeddingsServer } from '../embed/test-support/openai-embeddings-server.js';
import type { EmbeddingsServer } from '../embed/test-support/openai-embeddings-server.js';
import { loadTinyModel } from '../embed/test-support/tiny-provider.js';
import { MemoryEngine } from '../engine.js';
import type { SearchResponse } from '../../../shared/domain.js';
import { copyOpenclawFixture } from '../agent-db/test-support/openclaw-fixture.js';
import { prepareOpenClawChunks } from './openclaw-chunker.js';

interface VectorResult {
  path: string;
  startLine: number;
  endLine: number;
  score: number;
  vectorScore: number | null;
  textScore: number | null;
  snippet: string;
}
interface Vector {
  query: string;
  results: VectorResult[];
}
const repo = path.join(__dirname, '../../..');
const fixture = JSON.parse(
  fs.readFileSync(path.join(repo, 'shared/fixtures/openclaw-hybrid-vectors.json'), 'utf8'),
) as {
  openclawVersion: string;
  now: string;
  mtime: string;
  model: string;
  chunks: { model: string; chunks: number }[];
  vectors: Vector[];
};
const AGENT_FIXTURE = path.join(repo, 'e2e/fixtures/openclaw-2026.9-vectors');
const AGENT_DB = path.join(AGENT_FIXTURE, 'agents/main/agent/openclaw-agent.sqlite');
const SCORE_TOLERANCE = 1e-6; // OpenClaw's sqlite-vec cosine runs in float32, ours in doubles

let root: string;
let modelsDir: string;
let local: EmbeddingProvider;
let server: EmbeddingsServer;
const engines: MemoryEngine[] = [];

/** A copy of the fixture state folder: the workspace and (optionally) the agent database beside it. */
function stateFolder(name: string, withAgentDb: boolean): { workspaceDir: string; openclawHome: string } {
  const home = path.join(root, name);
  fs.cpSync(path.join(AGENT_FIXTURE, 'workspace'), path.join(home, 'workspace'), { recursive: true });
  if (withAgentDb) fs.cpSync(path.join(AGENT_FIXTURE, 'agents'), path.join(home, 'agents'), { recursive: true });
  const mtime = new Date(MTIME);
  for (const rel of Object.keys(HYBRID_WORKSPACE.files)) fs.utimesSync(path.join(home, 'workspace', rel), mtime, mtime);
  return { workspaceDir: path.join(home, 'workspace'), openclawHome: home };
}

async function openEngine(
  name: string,
  withAgentDb: boolean,
  trace?: (sql: string) => void,
): Promise<{ engine: MemoryEngine; workspaceDir: string; openclawHome: string }> {
  const { workspaceDir, openclawHome } = stateFolder(name, withAgentDb);
  const engine = await MemoryEngine.open({
    workspaceDir,
    dataDir: path.join(root, `data-${name}`),
    openclawHome,
    ...(trace ? { agentDbOptions: { trace } } : {}),
    embedder: {
      model: HYBRID_MODEL,
      modelsDir: '',
      allowDownload: false,
      endpoint: { baseUrl: server.baseUrl, model: HYBRID_MODEL, retryBaseMs: 20 },
    },
  });
  engines.push(engine);
  return { engine, workspaceDir, openclawHome };
}

function mismatchesOf(vector: Vector, response: SearchResponse): string[] {
  const got = response.results.map((r) => `${r.path}:${r.startLine}-${r.endLine}`);
  const want = vector.results.map((r) => `${r.path}:${r.startLine}-${r.endLine}`);
  if (got.join('|') !== want.join('|'))
    return [`"${vector.query}": got ${got.join(', ')}; OpenClaw ${want.join(', ')}`];
  const out: string[] = [];
  response.results.forEach((r, i) => {
    const w = vector.results[i]!;
    const hybrid = r.breakdown.openclaw?.hybrid;
    if (Math.abs(r.score - w.score) > SCORE_TOLERANCE)
      out.push(`"${vector.query}" #${i + 1} score ${r.score} vs ${w.score}`);
    if (w.vectorScore !== null && Math.abs((hybrid?.vectorScore ?? NaN) - w.vectorScore) > SCORE_TOLERANCE)
      out.push(`"${vector.query}" #${i + 1} vectorScore ${hybrid?.vectorScore} vs ${w.vectorScore}`);
    if (w.textScore !== null && Math.abs(r.breakdown.openclaw!.textScore - w.textScore) > 1e-9)
      out.push(`"${vector.query}" #${i + 1} textScore ${r.breakdown.openclaw!.textScore} vs ${w.textScore}`);
    if (r.snippet !== w.snippet) out.push(`"${vector.query}" #${i + 1} snippet differs`);
    if (computeFinalScore(r.breakdown) !== r.score)
      out.push(`"${vector.query}" #${i + 1} breakdown does not account for its score`);
  });
  return out;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-openclaw-hybrid-'));
  modelsDir = path.join(root, 'models');
  local = await loadTinyModel(modelsDir);
  server = await startEmbeddingsServer(local);
});

afterAll(async () => {
  for (const engine of engines) await engine.close();
  await server?.close();
  await local?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  server.requests.length = 0;
});

describe("the openclaw profile reproduces OpenClaw 2026.9.6's hybrid memory_search", () => {
  it('was generated by this release with vectors on every chunk, for every query of the workspace', () => {
    expect(fixture.openclawVersion).toBe('2026.9.6');
    expect([fixture.now, fixture.mtime, fixture.model]).toEqual([NOW, MTIME, HYBRID_MODEL]);
    expect(fixture.chunks).toEqual([{ model: HYBRID_MODEL, chunks: expect.any(Number), bytes: 384 * 8 }]);
    expect(fixture.vectors.map((v) => v.query)).toEqual(HYBRID_WORKSPACE.queries);
    // The vector half matters here: some results OpenClaw returned have no keyword match at all.
    expect(fixture.vectors.flatMap((v) => v.results).some((r) => r.textScore === 0 && r.vectorScore! > 0)).toBe(true);
  });

  it('returns the same results, order and scores when it embeds every chunk itself (no agent database)', async () => {
    const { engine } = await openEngine('embedded', false);
    const afterProbe = server.requests.length;
    const mismatches: string[] = [];
    for (const vector of fixture.vectors) {
      const response = await engine.search({ query: vector.query, profile: 'openclaw', now: Date.parse(NOW) });
      expect(response).toMatchObject({ profile: 'openclaw', mode: 'hybrid', model: HYBRID_MODEL });
      expect(response.notices.map((n) => n.code)).toContain('not-agent-model');
      mismatches.push(...mismatchesOf(vector, response));
      for (const r of response.results)
        if (r.breakdown.vector)
          expect(r.breakdown.openclaw?.hybrid?.vectorOf).toEqual({
            kind: 'embedded',
            provider: 'openai-compatible',
            model: HYBRID_MODEL,
          });
    }
    expect(mismatches).toEqual([]);
    // Every chunk was embedded once, for the first search; later searches embedded only their query.
    const chunkTexts = server.requests
      .slice(afterProbe)
      .flatMap((r) => r.input)
      .filter((t) => !HYBRID_WORKSPACE.queries.includes(t));
    expect(chunkTexts.length).toBe(fixture.chunks[0]!.chunks);
  });

  it("with the agent's stored vectors, embeds only the queries and says whose vector ranked each result", async () => {
    const { engine } = await openEngine('agent', true);
    const afterProbe = server.requests.length;
    const mismatches: string[] = [];
    for (const vector of fixture.vectors) {
      const response = await engine.search({ query: vector.query, profile: 'openclaw', now: Date.parse(NOW) });
      expect(response.modeReason).toContain("the agent's stored vectors (model tiny-bert)");
      expect(response.notices.map((n) => n.code)).not.toContain('not-agent-model');
      mismatches.push(...mismatchesOf(vector, response));
      for (const r of response.results)
        if (r.breakdown.vector)
          expect(r.breakdown.openclaw?.hybrid?.vectorOf).toEqual({
            kind: 'agent',
            agentId: 'main',
            model: HYBRID_MODEL,
          });
    }
    expect(mismatches).toEqual([]);
    const asked = server.requests.slice(afterProbe).map((r) => r.input);
    expect(asked).toEqual(fixture.vectors.map((v) => [v.query]));
  });

  it('nothing reaching minScore with the keyword matches kept is one code in both rankings: below-min-score', async () => {
    const { engine } = await openEngine('min-score', true);
    await engine.sync();
    const query = { query: 'agreement', now: Date.parse(NOW), minScore: 0.99 };
    for (const response of [await engine.search({ ...query, profile: 'openclaw' }), await engine.search(query)]) {
      expect(response.mode).toBe('hybrid');
      expect(response.results.length).toBeGreaterThan(0);
      expect(response.notices.find((n) => n.code === 'below-min-score')?.message).toMatch(/minScore 0\.99/);
      expect(response.notices.some((n) => n.code === 'relaxed-query' && /minScore/.test(n.message))).toBe(false);
    }
  });

  it("embeds every chunk itself, and says so, when the embedder's model is not the one the agent's index used", async () => {
    const { workspaceDir, openclawHome } = stateFolder('other-model', true);
    const engine = await MemoryEngine.open({
      workspaceDir,
      dataDir: path.join(root, 'data-other-model'),
      openclawHome,
      embedder: {
        model: 'other-embedder',
        modelsDir: '',
        allowDownload: false,
        endpoint: { baseUrl: server.baseUrl, model: 'other-embedder' },
      },
    });
    engines.push(engine);
    const afterProbe = server.requests.length;
    const response = await engine.search({ query: 'agreement', profile: 'openclaw', now: Date.parse(NOW) });
    expect(response.mode).toBe('hybrid');
    expect(response.notices).toContainEqual(
      expect.objectContaining({
        code: 'not-agent-model',
        message: expect.stringContaining('embedded with "tiny-bert", Memory Lens with "other-embedder"'),
        messageId: 'explain:notice.notAgentModel.differs',
      }),
    );
    expect(response.results[0]!.breakdown.openclaw?.hybrid?.vectorOf).toEqual({
      kind: 'embedded',
      provider: 'openai-compatible',
      model: 'other-embedder',
    });
    expect(server.requests.slice(afterProbe).flatMap((r) => r.input).length).toBe(fixture.chunks[0]!.chunks + 1);
  });

  it('stays keyword-only, as the agent does, when the agent\'s index holds no vectors (provider "none")', async () => {
    const copy = copyOpenclawFixture();
    try {
      const engine = await MemoryEngine.open({
        workspaceDir: copy.workspace,
        dataDir: copy.dataDir,
        openclawHome: copy.home,
        embedder: {
          model: HYBRID_MODEL,
          modelsDir: '',
          allowDownload: false,
          endpoint: { baseUrl: server.baseUrl, model: HYBRID_MODEL },
        },
      });
      engines.push(engine);
      const afterProbe = server.requests.length;
      const response = await engine.search({ query: 'contract', profile: 'openclaw' });
      expect(response.mode).toBe('fts-only');
      expect(response.modeReason).toBe(
        'as OpenClaw 2026.9.6 ranks: the agent\'s own index holds no vectors (memory.search.provider "none")',
      );
      expect(response.results.length).toBeGreaterThan(0);
      expect(server.requests.length).toBe(afterProbe);
    } finally {
      await engines.pop()?.close();
      copy.remove();
    }
  });

  it('embeds only the chunks of a file edited since the agent indexed it', async () => {
    const { engine, workspaceDir } = await openEngine('edited', true);
    fs.appendFileSync(path.join(workspaceDir, 'memory/topics/cat.md'), 'The cat likes the router.\n');
    const afterProbe = server.requests.length;
    const response = await engine.search({ query: 'cat', profile: 'openclaw', now: Date.parse(NOW) });
    const texts = server.requests.slice(afterProbe).flatMap((r) => r.input);
    expect(texts).toEqual(['The cat sleeps on the server in the home office.\nThe cat likes the router.\n', 'cat']);
    const cat = response.results.find((r) => r.path === 'memory/topics/cat.md')!;
    expect(cat.breakdown.openclaw?.hybrid?.vectorOf).toEqual({
      kind: 'embedded',
      provider: 'openai-compatible',
      model: HYBRID_MODEL,
    });
  });

  it('falls back to its keyword half, saying why, when the endpoint stops answering', async () => {
    const { engine } = await openEngine('down', true);
    server.behaviour.failNext = 1_000;
    try {
      const response = await engine.search({ query: 'agreement', profile: 'openclaw', now: Date.parse(NOW) });
      expect(response.mode).toBe('fts-only');
      expect(response.modeReason).toMatch(
        /^the embedder tiny-bert failed; this is your agent's keyword half alone — .*503/,
      );
      expect(response.results.map((r) => r.path)).toEqual(['memory/2026-06-14.md']);
      // Opened while the endpoint is down: no embedder at all, and the reason says what is missing.
      const { engine: cold } = await openEngine('down-at-start', true);
      const keywordOnly = await cold.search({ query: 'agreement', profile: 'openclaw', now: Date.parse(NOW) });
      expect(keywordOnly.mode).toBe('fts-only');
      expect(keywordOnly.modeReason).toMatch(
        /^your agent ranks hybrid with "tiny-bert" vectors; this is its keyword half alone — embedding endpoint .* could not be used/,
      );
    } finally {
      server.behaviour.failNext = 0;
    }
  });
});

describe("reading the agent's vectors", () => {
  it('reads allow-listed columns only, never a credential table, changes no byte and leaves no lock behind', async () => {
    const statements: string[] = [];
    const { workspaceDir, openclawHome } = stateFolder('safety', true);
    const dbPath = path.join(openclawHome, 'agents/main/agent/openclaw-agent.sqlite');
    const writer = new Database(dbPath);
    writer
      .prepare('INSERT INTO auth_profile_store (store_key, store_json, updated_at) VALUES (?, ?, ?)')
      .run('openai:default', JSON.stringify({ apiKey: 'sk-NEVER-READ' }), 1);
    writer.pragma('wal_checkpoint(TRUNCATE)');
    const hash = () => crypto.createHash('sha256').update(fs.readFileSync(dbPath)).digest('hex');
    const before = hash();
    const engine = await MemoryEngine.open({
      workspaceDir,
      dataDir: path.join(root, 'data-safety'),
      openclawHome,
      agentDbOptions: { trace: (sql) => statements.push(sql) },
      embedder: {
        model: HYBRID_MODEL,
        modelsDir: '',
        allowDownload: false,
        endpoint: { baseUrl: server.baseUrl, model: HYBRID_MODEL },
      },
    });
    engines.push(engine);
    const response = await engine.search({ query: 'agreement', profile: 'openclaw', now: Date.parse(NOW) });
    expect(response.results[0]!.breakdown.openclaw?.hybrid?.vectorOf).toMatchObject({ kind: 'agent' });
    // The gateway can take its write lock at once, with the engine still open.
    writer.pragma('busy_timeout = 0');
    writer.exec('BEGIN IMMEDIATE; COMMIT');
    writer.close();
    expect(statements.some((sql) => /embedding/.test(sql))).toBe(true);
    expect(statements.filter((sql) => /auth_profile/i.test(sql))).toEqual([]);
    expect(statements.filter((sql) => !/^\s*(select|pragma)\b/i.test(sql))).toEqual([]);
    expect(hash()).toBe(before);
  });
});

describe("OpenClaw's stored chunks", () => {
  it("are exactly the openclaw profile's chunks, and not Memory Lens's own", () => {
    // A copy: even a read-only open of a WAL database leaves -shm beside it.
    const copy = path.join(root, 'stored-chunks.sqlite');
    fs.copyFileSync(AGENT_DB, copy);
    const db = new Database(copy, { readonly: true, fileMustExist: true });
    const rows = db
      .prepare(
        "SELECT path, start_line AS s, end_line AS e, hash FROM memory_index_chunks WHERE source = 'memory' ORDER BY path, s, e",
      )
      .all() as { path: string; s: number; e: number; hash: string }[];
    db.close();
    const stored = new Map<string, string[]>();
    for (const r of rows) stored.set(r.path, [...(stored.get(r.path) ?? []), `${r.s}-${r.e}:${r.hash}`]);
    let sharedHashes = 0;
    for (const [rel, want] of stored) {
      const text = HYBRID_WORKSPACE.files[rel]!;
      expect(prepareOpenClawChunks(rel, text).map((c) => `${c.startLine}-${c.endLine}:${c.hash}`)).toEqual(want);
      const ours = chunkMarkdown(text).map(
        (c) => `${c.startLine}-${c.endLine}:${crypto.createHash('sha256').update(c.text).digest('hex')}`,
      );
      expect(ours).not.toEqual(want);
      sharedHashes += ours.filter((c) => want.some((w) => w.endsWith(c.slice(c.indexOf(':'))))).length;
    }
    expect(stored.size).toBe(Object.keys(HYBRID_WORKSPACE.files).length);
    // docs/openclaw-ranking.md: only 2 of the 22 texts coincide (two windows of the long file).
    expect(sharedHashes).toBe(2);
  });
});
