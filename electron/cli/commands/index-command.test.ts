// memlens index and status, as a user reads them: a file the index leaves out (over the size
// limit) is listed as skipped with its reason on every run — never counted as "unchanged".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INDEXED_MARKDOWN_BYTES } from '../../memory/sync/sync-target.js';
import { runCaptured } from '../test-support/capture-io.js';

let tmp: string;
let workspace: string;
const cli = (...argv: string[]) =>
  runCaptured(tmp, [...argv, '--workspace', workspace, '--data-dir', path.join(tmp, 'data')]);

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-index-'));
  workspace = path.join(tmp, 'workspace');
  fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n\n- Prefers tea.\n');
  fs.writeFileSync(path.join(workspace, 'memory', 'dump.md'), 'x'.repeat(MAX_INDEXED_MARKDOWN_BYTES + 1));
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('memlens index: skipped files', () => {
  it(
    'says a file over the size limit was skipped and why, on the first run and the next',
    { timeout: 60_000 },
    async () => {
      for (let run = 0; run < 2; run++) {
        const out = await cli('index');
        expect(out.code).toBe(0);
        expect(out.stdout).toContain(
          run === 0 ? '1 indexed, 0 unchanged, 1 skipped' : '0 indexed, 1 unchanged, 1 skipped',
        );
        expect(out.stdout).toMatch(
          /\n {2}skipped memory\/dump\.md: too large to index \(5\.0 MB; Markdown files over 5\.0 MB are not indexed\)\n/,
        );
      }
      const json = JSON.parse((await cli('index', '--json')).stdout) as {
        filesUnchanged: number;
        filesSkipped: number;
        skipped: unknown[];
      };
      expect(json).toMatchObject({ filesUnchanged: 1, filesSkipped: 1, skipped: [{ path: 'memory/dump.md' }] });
      const status = await cli('status');
      expect(status.stdout).toMatch(/skipped {5}1 \(not indexed\)\n {2}memory\/dump\.md: too large to index/);
    },
  );
});
