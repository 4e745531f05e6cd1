// `memlens search --profile openclaw` as a user runs it: every OpenClaw vector through the CLI's
// batch mode (one engine, one line per query), the flag in --help, and a bad profile refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../shared/domain.js';
import { MTIME, NOW, WORKSPACES } from '../../scripts/openclaw-search-vectors/search-workspaces.mjs';
import { runCaptured } from './test-support/capture-io.js';

interface Vector {
  workspace: string;
  query: string;
  results: Array<{ path: string; startLine: number; endLine: number; score: number }>;
}
const fixture = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../shared/fixtures/openclaw-search-vectors.json'), 'utf8'),
) as { vectors: Vector[] };
let tmp: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-profile-'));
  const mtime = new Date(MTIME);
  for (const ws of WORKSPACES) {
    for (const [rel, text] of Object.entries(ws.files)) {
      const abs = path.join(tmp, ws.name, rel);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, text);
      fs.utimesSync(abs, mtime, mtime);
    }
  }
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('memlens search --profile openclaw', () => {
  it('answers every OpenClaw vector exactly, through the CLI', async () => {
    let matched = 0;
    for (const ws of WORKSPACES) {
      const vectors = fixture.vectors.filter((v) => v.workspace === ws.name);
      const batch = path.join(tmp, `${ws.name}.jsonl`);
      fs.writeFileSync(batch, vectors.map((v, i) => JSON.stringify({ id: i, query: v.query })).join('\n'));
      const { code, stdout } = await runCaptured(tmp, [
        'search',
        '--queries',
        batch,
        '--profile',
        'openclaw',
        '--now',
        NOW,
        '--workspace',
        path.join(tmp, ws.name),
        '--data-dir',
        path.join(tmp, `data-${ws.name}`),
        '--json',
      ]);
      expect(code).toBe(0);
      const lines = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: number; results: SearchResult[] });
      expect(lines.length).toBe(vectors.length);
      for (const { id, results } of lines) {
        const want = vectors[id]!.results;
        const same =
          results.length === want.length &&
          results.every(
            (r, i) =>
              r.path === want[i]!.path &&
              r.startLine === want[i]!.startLine &&
              r.endLine === want[i]!.endLine &&
              Math.abs(r.score - want[i]!.score) <= 1e-9,
          );
        expect({ query: vectors[id]!.query, same }).toEqual({ query: vectors[id]!.query, same: true });
        matched += 1;
      }
    }
    expect(matched).toBe(fixture.vectors.length);
  });

  it('is in --help, and an unknown profile is refused with exit 2', async () => {
    const help = await runCaptured(tmp, ['search', '--help']);
    expect(help.stdout).toMatch(/--profile NAME\s+memory-lens \(default\).*openclaw: rank as your agent does/s);
    const bad = await runCaptured(tmp, [
      'search',
      'x',
      '--profile',
      'agent',
      '--workspace',
      path.join(tmp, 'english'),
      '--data-dir',
      path.join(tmp, 'data-bad'),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--profile accepts one of memory-lens, openclaw (got "agent")');
  });
});
