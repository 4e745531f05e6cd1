import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryLensError } from '../../../shared/errors.js';
import { encodeForSave, memoryGet, readTextFile, readWholeFile, writeTextFile } from './file-io.js';
import { WorkspaceScope } from './workspace-scope.js';

let base: string;
let workspace: string;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-'));
  workspace = path.join(base, 'workspace');
  fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('readTextFile', () => {
  it('reports text, hash of the exact bytes, size, BOM and line endings', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# 标题\r\n正文\r\n')]);
    const file = path.join(workspace, 'MEMORY.md');
    fs.writeFileSync(file, bytes);
    const content = await readTextFile(file);
    expect(content).toMatchObject({
      text: '# 标题\r\n正文\r\n',
      hash: sha(bytes),
      size: bytes.length,
      bom: true,
      eol: 'crlf',
      readOnly: null,
    });
    expect(content.mtimeMs).toBe(fs.statSync(file).mtimeMs);
  });

  it('detects lf, mixed and no line endings', async () => {
    const file = path.join(workspace, 'a.md');
    for (const [text, eol] of [
      ['a\nb\n', 'lf'],
      ['a\r\nb\n', 'mixed'],
      ['single line', 'none'],
    ] as const) {
      fs.writeFileSync(file, text);
      expect((await readTextFile(file)).eol).toBe(eol);
    }
  });

  it('opens invalid UTF-8 read-only but still shows its text', async () => {
    const file = path.join(workspace, 'bad.md');
    fs.writeFileSync(file, Buffer.from([0x61, 0xff, 0x62]));
    const content = await readTextFile(file);
    expect(content.readOnly).toBe('invalid-utf8');
    expect(content.text).toBe('a\ufffdb');
  });

  it('opens files over the size limit read-only', async () => {
    const file = path.join(workspace, 'big.md');
    fs.writeFileSync(file, 'x'.repeat(2000));
    const content = await readTextFile(file, { maxBytes: 1000 });
    expect(content.readOnly).toBe('too-large');
    expect(content.text.length).toBe(2000);
    expect((await readTextFile(file)).readOnly).toBeNull();
  });
});

describe('readWholeFile', () => {
  it('returns the exact bytes and the stat, for empty, small and multi-megabyte files', async () => {
    for (const bytes of [Buffer.alloc(0), Buffer.from('# 笔记\n'), Buffer.from('合同 budget\n'.repeat(400_000))]) {
      const file = path.join(workspace, 'memory', 'f.md');
      fs.writeFileSync(file, bytes);
      const { stat, bytes: read } = await readWholeFile(file);
      expect(read && sha(read)).toBe(sha(bytes));
      expect(stat.size).toBe(bytes.length);
    }
  });

  it('gives no bytes for a file over the limit or a folder, and fails for a missing file', async () => {
    const file = path.join(workspace, 'memory', 'big.md');
    fs.writeFileSync(file, 'x'.repeat(2000));
    expect((await readWholeFile(file, 1000)).bytes).toBeNull();
    expect((await readWholeFile(file, 2000)).bytes).toHaveLength(2000);
    expect((await readWholeFile(path.join(workspace, 'memory'))).bytes).toBeNull();
    await expect(readWholeFile(path.join(workspace, 'nope.md'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('writeTextFile', () => {
  it('round-trips BOM and CRLF byte-exactly', async () => {
    const original = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('---\r\ncreated: 2026-03-28\r\n---\r\n合同金额\r\n'),
    ]);
    const file = path.join(workspace, 'memory', 'finance.md');
    fs.writeFileSync(file, original);
    const read = await readTextFile(file);
    const saved = await writeTextFile(file, read.text, { bom: read.bom });
    expect(fs.readFileSync(file).equals(original)).toBe(true);
    expect(saved.hash).toBe(read.hash);
    expect(saved.size).toBe(original.length);
  });

  it('writes exactly the text it receives and adds no BOM to a file without one', async () => {
    const file = path.join(workspace, 'memory', 'new.md');
    await writeTextFile(file, 'a\r\nb\nc', { bom: false });
    expect(fs.readFileSync(file, 'latin1')).toBe('a\r\nb\nc');
    expect(encodeForSave('\uFEFFx', { bom: true }).equals(Buffer.from('\uFEFFx'))).toBe(true);
  });
});

describe('memoryGet', () => {
  beforeEach(() => {
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), 'one\ntwo\nthree\nfour\n');
    fs.writeFileSync(path.join(workspace, 'memory', 'crlf.md'), 'a\r\nb\r\n');
    fs.writeFileSync(path.join(workspace, 'README.md'), 'readme\n');
    fs.writeFileSync(path.join(workspace, 'memory', 'data.json'), '{}');
    fs.writeFileSync(path.join(base, 'secret.md'), 'secret\n');
    fs.symlinkSync(path.join(base, 'secret.md'), path.join(workspace, 'memory', 'link.md'));
  });

  it('returns exact lines with from/lines clamped to the file', async () => {
    expect(await memoryGet(new WorkspaceScope({ workspaceDir: workspace }), 'MEMORY.md')).toEqual({
      path: 'MEMORY.md',
      text: 'one\ntwo\nthree\nfour',
      from: 1,
      lines: 4,
      totalLines: 4,
    });
    expect(await memoryGet(new WorkspaceScope({ workspaceDir: workspace }), 'MEMORY.md', 2, 2)).toMatchObject({
      text: 'two\nthree',
      from: 2,
      lines: 2,
    });
    expect(await memoryGet(new WorkspaceScope({ workspaceDir: workspace }), 'MEMORY.md', 3, 100)).toMatchObject({
      text: 'three\nfour',
      from: 3,
      lines: 2,
    });
    expect(await memoryGet(new WorkspaceScope({ workspaceDir: workspace }), 'MEMORY.md', 99)).toMatchObject({
      text: 'four',
      from: 4,
      lines: 1,
    });
    expect(await memoryGet(new WorkspaceScope({ workspaceDir: workspace }), 'MEMORY.md', 0, 1)).toMatchObject({
      text: 'one',
      from: 1,
    });
    expect(await memoryGet(new WorkspaceScope({ workspaceDir: workspace }), 'memory/crlf.md')).toMatchObject({
      text: 'a\nb',
      totalLines: 2,
    });
  });

  it('refuses paths outside the memory_get rules with clear errors', async () => {
    const cases: [string, string][] = [
      ['../secret.md', 'OUT_OF_ROOT'],
      [path.join(base, 'secret.md'), 'OUT_OF_ROOT'],
      ['%2e%2e/secret.md', 'OUT_OF_ROOT'],
      ['memory/link.md', 'OUT_OF_ROOT'],
      ['README.md', 'NOT_ALLOWED'],
      ['memory/data.json', 'NOT_ALLOWED'],
      ['memory/missing.md', 'NOT_FOUND'],
      ['', 'INVALID_ARGUMENT'],
    ];
    for (const [input, code] of cases) {
      const error = await memoryGet(new WorkspaceScope({ workspaceDir: workspace }), input).catch((e: unknown) => e);
      expect(error, input).toBeInstanceOf(MemoryLensError);
      expect((error as MemoryLensError).code, input).toBe(code);
    }
  });

  it('reads configured extra paths inside and outside the workspace', async () => {
    fs.mkdirSync(path.join(workspace, 'notes'));
    fs.writeFileSync(path.join(workspace, 'notes', 'a.md'), 'note\n');
    fs.mkdirSync(path.join(base, 'vault'));
    fs.writeFileSync(path.join(base, 'vault', 'v.md'), 'vault\n');
    expect(
      (await memoryGet(new WorkspaceScope({ workspaceDir: workspace, extraPaths: ['notes'] }), 'notes/a.md')).text,
    ).toBe('note');
    expect(
      (
        await memoryGet(
          new WorkspaceScope({ workspaceDir: workspace, extraPaths: [path.join(base, 'vault')] }),
          'extra/vault/v.md',
        )
      ).text,
    ).toBe('vault');
    await expect(memoryGet(new WorkspaceScope({ workspaceDir: workspace }), 'notes/a.md')).rejects.toMatchObject({
      code: 'NOT_ALLOWED',
    });
  });
});
