import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../electron/memory/parse/frontmatter.js';
import { parseSessionJsonl } from '../electron/memory/parse/session-jsonl.js';
import { generateSyntheticWorkspace } from './synthetic-workspace.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-synth-'));
  dirs.push(dir);
  return dir;
}

function listFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('generateSyntheticWorkspace', () => {
  it('is deterministic: the same seed writes the same files, byte for byte', () => {
    const a = path.join(tempDir(), 'ws');
    const b = path.join(tempDir(), 'ws');
    const reportA = generateSyntheticWorkspace({ dir: a, files: 150, seed: 7 });
    generateSyntheticWorkspace({ dir: b, files: 150, seed: 7 });
    const files = listFiles(a);
    expect(files).toEqual(listFiles(b));
    expect(files).toHaveLength(150);
    expect(reportA.files).toBe(150);
    for (const f of files)
      expect(fs.readFileSync(path.join(a, f)).equals(fs.readFileSync(path.join(b, f))), f).toBe(true);
    const other = path.join(tempDir(), 'ws');
    generateSyntheticWorkspace({ dir: other, files: 150, seed: 8 });
    expect(fs.readFileSync(path.join(other, 'MEMORY.md'), 'utf8')).not.toBe(
      fs.readFileSync(path.join(a, 'MEMORY.md'), 'utf8'),
    );
  });

  it('writes the OpenClaw layout: root files, four layers with frontmatter, hook files, valid sessions', () => {
    const dir = path.join(tempDir(), 'ws');
    const report = generateSyntheticWorkspace({ dir, files: 400, seed: 3 });
    const files = listFiles(dir);
    expect(files).toContain('MEMORY.md');
    expect(files).toContain('USER.md');
    for (const prefix of [
      'memory/conversations/',
      'memory/summaries/daily/',
      'memory/summaries/weekly/',
      'memory/summaries/monthly/',
      'memory/facts/',
      'memory/tasks/',
      'memory/topics/',
    ]) {
      expect(
        files.some((f) => f.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    expect(files.some((f) => /^memory\/\d{4}-\d{2}-\d{2}-[a-z-]+-\d+\.md$/.test(f))).toBe(true);
    expect(files.some((f) => /^sessions\/[0-9a-f-]+\.jsonl\.reset\./.test(f))).toBe(true);
    expect(report.sessionFiles).toBe(files.filter((f) => f.startsWith('sessions/')).length);

    const weekly = files.find((f) => f.startsWith('memory/summaries/weekly/'))!;
    const fm = parseFrontmatter(fs.readFileSync(path.join(dir, weekly), 'utf8'));
    expect(fm.data).toMatchObject({ type: 'summary', tags: ['weekly'] });
    for (const f of files.filter((name) => name.startsWith('sessions/'))) {
      const parsed = parseSessionJsonl(fs.readFileSync(path.join(dir, f), 'utf8'));
      expect(parsed.malformed, f).toBe(0);
      expect(
        parsed.lines.some((l) => l.startsWith('User: ')),
        f,
      ).toBe(true);
      expect(
        parsed.lines.some((l) => l.startsWith('Assistant: ')),
        f,
      ).toBe(true);
    }
  });

  it('mixes Chinese and English and scales file size with meanTokens', () => {
    const small = generateSyntheticWorkspace({ dir: path.join(tempDir(), 'ws'), files: 60, seed: 1 });
    const large = generateSyntheticWorkspace({ dir: path.join(tempDir(), 'ws'), files: 60, seed: 1, meanTokens: 3300 });
    expect(large.estimatedTokens).toBeGreaterThan(small.estimatedTokens * 5);
    const text = fs.readFileSync(path.join(large.dir, 'MEMORY.md'), 'utf8');
    expect(text).toMatch(/[\u4e00-\u9fff]{4}/);
    expect(text).toMatch(/\b[a-z]{4,}\b/);
  });
});
