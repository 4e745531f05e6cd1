// Names and contents that would mislead (issue 17 item 11): invisible text-direction controls in
// new file names are refused; a binary file named `.md` is skipped with its reason, not indexed
// into junk chunks. Real engine, real folders.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toErrorValue } from '../../shared/errors.js';
import { MemoryEngine } from './engine.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(files: Record<string, string | Buffer>): Promise<{ engine: MemoryEngine; workspace: string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-names-'));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const workspace = path.join(root, 'workspace');
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), content);
  }
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dataDir: path.join(root, 'data'),
    openclawHome: path.join(root, 'oc'),
  });
  cleanups.push(() => engine.close());
  return { engine, workspace };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => toErrorValue(error),
  );
const RLO = '\u202E';

describe('bidi controls in file names', () => {
  it('are refused in new names (create, rename, save of a new file) with a typed error that shows them', async () => {
    const { engine, workspace } = await open({ 'memory/notes.md': '# Notes\n' });
    const before = fs.readdirSync(path.join(workspace, 'memory'));
    for (const attempt of [
      () => engine.createFile(`memory/rtl${RLO}dm.exe.md`, 'x\n'),
      () => engine.saveFile(`memory/a\u2066b.md`, 'x\n', null),
      () => engine.renameFile('memory/notes.md', `memory/n\u200Fotes.md`),
    ]) {
      const error = await codeOf(attempt());
      expect(error).toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/invisible text-direction character \(U\+(202E|2066|200F)\).*⟨U\+/),
      });
    }
    expect(fs.readdirSync(path.join(workspace, 'memory'))).toEqual(before);
  });

  it('a file that already has one keeps working: listed, read and saved under its name', async () => {
    const name = `memory/rtl${RLO}dm.exe.md`;
    const { engine, workspace } = await open({ [name]: '# Odd name\n\nA pelican.\n' });
    await engine.sync();
    expect((await engine.listFiles()).map((f) => f.path)).toContain(name);
    const read = await engine.readFile(name);
    await engine.saveFile(name, '# Odd name\n\nTwo pelicans.\n', read.hash);
    expect(fs.readFileSync(path.join(workspace, name), 'utf8')).toContain('Two pelicans');
  });
});

describe('a binary file named .md', () => {
  it('is skipped with its reason in the file list and the scan counts, and no junk chunk is searchable', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      crypto.randomBytes(200_000),
    ]);
    // Random bytes with every NUL removed: invalid UTF-8 all the way.
    const noNul = Buffer.from(crypto.randomBytes(100_000).filter((b) => b !== 0));
    const { engine } = await open({
      'MEMORY.md': '# Memory\n\nCafé au lait, naïve résumé.\n',
      'memory/photo.md': png,
      'memory/blob.md': noNul,
      // Latin-1 text is still text: a few invalid bytes in a readable file.
      'memory/latin1.md': Buffer.from('# Notes\n\nCaf\xe9 au lait with the harbour master.\n'.repeat(20), 'latin1'),
    });
    const report = await engine.sync();
    expect(report.filesSkipped).toBe(2);
    const files = new Map((await engine.listFiles()).map((f) => [f.path, f]));
    expect(files.get('memory/photo.md')).toMatchObject({
      indexState: 'skipped',
      indexError: expect.stringMatching(/^not text \(a NUL byte at offset 8\)/),
    });
    expect(files.get('memory/blob.md')).toMatchObject({
      indexState: 'skipped',
      indexError: expect.stringMatching(/^not text \(\d+% invalid UTF-8\)/),
    });
    expect(files.get('memory/latin1.md')).toMatchObject({ indexState: 'indexed' });
    expect((await engine.chunksOf('memory/photo.md')).length).toBe(0);
    expect((await engine.search({ query: 'harbour', minScore: 0 })).results.map((r) => r.path)).toEqual([
      'memory/latin1.md',
    ]);
  });
});

describe('a transcript that is valid UTF-8 full of U+FFFD', () => {
  it('is indexed, searchable and dated by its messages, not by its file time', async () => {
    const fixture = fs.readFileSync(path.join(import.meta.dirname, 'sync', 'fixtures', 'fffd-transcript.jsonl'));
    const { engine, workspace } = await open({ 'MEMORY.md': '# Memory\n', 'sessions/5e0c9b1f.jsonl': fixture });
    const fileTime = new Date('2026-11-30T12:00:00Z');
    fs.utimesSync(path.join(workspace, 'sessions/5e0c9b1f.jsonl'), fileTime, fileTime);
    const report = await engine.sync();
    expect(report.filesSkipped).toBe(0);
    const file = (await engine.listFiles()).find((f) => f.path === 'sessions/5e0c9b1f.jsonl');
    expect(file).toMatchObject({ indexState: 'indexed', date: { date: '2026-04-17', source: 'first-record' } });
    const hits = (await engine.search({ query: 'quarterly report unzip', minScore: 0 })).results;
    expect(hits.map((r) => r.path)).toContain('sessions/5e0c9b1f.jsonl');
  });
});
