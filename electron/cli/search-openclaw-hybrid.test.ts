// `memlens search --profile openclaw --embedder URL` in a state folder whose agent database OpenClaw
// built with that endpoint's model (e2e/fixtures/openclaw-2026.9-vectors/): OpenClaw's hybrid
// answer, the agent's stored vectors used, and nothing but the query sent to the endpoint.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../shared/domain.js';
import { HYBRID_MODEL, NOW } from '../../scripts/openclaw-search-vectors/hybrid-workspace.mjs';
import type { EmbeddingProvider } from '../memory/embed/embedding-provider.js';
import { startEmbeddingsServer } from '../memory/embed/test-support/openai-embeddings-server.js';
import type { EmbeddingsServer } from '../memory/embed/test-support/openai-embeddings-server.js';
import { loadTinyModel } from '../memory/embed/test-support/tiny-provider.js';
import { runCaptured } from './test-support/capture-io.js';

const fixture = JSON.parse(
  fs.readFileSync(path.join(__dirname, '../../shared/fixtures/openclaw-hybrid-vectors.json'), 'utf8'),
) as { vectors: { query: string; results: { path: string; startLine: number; score: number }[] }[] };
let home: string;
let backing: EmbeddingProvider;
let server: EmbeddingsServer;

beforeAll(async () => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-openclaw-hybrid-'));
  fs.cpSync(path.join(__dirname, '../../e2e/fixtures/openclaw-2026.9-vectors'), path.join(home, '.openclaw'), {
    recursive: true,
  });
  const modelsDir = path.join(home, 'models');
  backing = await loadTinyModel(modelsDir);
  server = await startEmbeddingsServer(backing);
});

afterAll(async () => {
  await server.close();
  await backing.close();
  fs.rmSync(home, { recursive: true, force: true });
});

describe('memlens search --profile openclaw --embedder', () => {
  it("answers as the agent's hybrid search does, embedding only the query", async () => {
    const vector = fixture.vectors.find((v) => v.query === 'what did we sign with the vendor')!;
    const run = await runCaptured(home, [
      'search',
      vector.query,
      '--profile',
      'openclaw',
      '--embedder',
      server.baseUrl,
      '--embedder-model',
      HYBRID_MODEL,
      '--now',
      NOW,
      '--data-dir',
      path.join(home, 'data'),
      '--json',
    ]);
    expect(run.code).toBe(0);
    const response = JSON.parse(run.stdout) as SearchResponse;
    expect(response).toMatchObject({ profile: 'openclaw', mode: 'hybrid', model: HYBRID_MODEL });
    expect(response.results.map((r) => `${r.path}:${r.startLine}`)).toEqual(
      vector.results.map((r) => `${r.path}:${r.startLine}`),
    );
    response.results.forEach((r, i) => expect(r.score).toBeCloseTo(vector.results[i]!.score, 6));
    expect(response.results.every((r) => r.breakdown.openclaw?.hybrid?.vectorOf?.kind === 'agent')).toBe(true);
    // The embedder's start-up probe, then the query: no chunk of ours or the agent's is sent.
    expect(server.requests.map((r) => r.input)).toEqual([['Memory Lens'], [vector.query]]);
  });
});
