import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../shared/domain.js';
import { runCaptured } from '../test-support/capture-io.js';

let tmp: string;
let workspace: string;
let dataDir: string;

const search = (...argv: string[]) =>
  runCaptured(tmp, ['search', ...argv, '--workspace', workspace, '--data-dir', dataDir]);

/** The one index file the data folder holds (keyed by workspace). */
function indexFile(): string {
  const root = path.join(dataDir, 'indexes');
  const [folder] = fs.readdirSync(root);
  return path.join(root, folder!, 'index.sqlite');
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-search-rebuilt-'));
  workspace = path.join(tmp, 'workspace');
  dataDir = path.join(tmp, 'data');
  fs.mkdirSync(workspace, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n\nPrefers green tea.\n');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('memlens search after the index was garbled', () => {
  it('says on stderr and in --json that the index was moved aside and rebuilt, once', async () => {
    const first = await search('tea');
    expect(first.code).toBe(0);
    expect(first.stderr).not.toMatch(/rebuilt/);

    const file = indexFile();
    for (const side of ['-wal', '-shm']) fs.rmSync(file + side, { force: true });
    fs.writeFileSync(file, Buffer.alloc(8192, 0x5a));

    const text = await search('tea');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('MEMORY.md');
    const lines = text.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^memlens search: The index could not be read .*moved to .*index\.sqlite\.damaged-.*rebuilt from the files/,
    );

    fs.writeFileSync(file, Buffer.alloc(8192, 0x5a));
    const json = await search('tea', '--json');
    const response = JSON.parse(json.stdout) as SearchResponse;
    expect(response.results.map((r) => r.path)).toEqual(['MEMORY.md']);
    expect(response.notices.find((n) => n.code === 'index-rebuilt')?.message).toMatch(/could not be read/);

    // Rebuilt: the next search is quiet again.
    const after = await search('tea', '--json');
    expect(after.stderr).toBe('');
    expect((JSON.parse(after.stdout) as SearchResponse).notices.map((n) => n.code)).not.toContain('index-rebuilt');
  });
});
