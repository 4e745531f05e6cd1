// The editor's file operations through a real engine on real folders: what may be read, what a
// save keeps true, what a killed save leaves behind, and how big and badly named files are met.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEngine } from './engine.js';
import { LEFTOVER_TEMP_AGE_MS } from './files/atomic-write.js';
import { sha256 } from './text/hash.js';
import { parseFrontmatter } from './parse/frontmatter.js';

const engines: MemoryEngine[] = [];
const roots: string[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

async function open(
  files: Record<string, string | Buffer>,
): Promise<{ engine: MemoryEngine; workspace: string; abs(rel: string): string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-fileops-'));
  roots.push(root);
  const workspace = path.join(root, 'workspace');
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), content);
  }
  fs.mkdirSync(workspace, { recursive: true });
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dataDir: path.join(root, 'data'),
    openclawHome: path.join(root, 'oc'),
  });
  engines.push(engine);
  return { engine, workspace, abs: (rel) => path.join(workspace, rel) };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? String(error),
  );
}

const CHECKSUMMED_BODY = '# Preferences\n\nTea, not coffee.\n';
const CHECKSUMMED = `---\ncreated: 2026-06-02T09:00:00+08:00\nupdated: 2026-10-09T22:10:00+08:00\ntype: fact\nchecksum: ${sha256(CHECKSUMMED_BODY)}\n---\n${CHECKSUMMED_BODY}`;

describe('readFile: memory files and transcripts only', () => {
  it('refuses hidden files, VCS internals, temp files of saves and files outside the memory folders', async () => {
    const { engine } = await open({
      'MEMORY.md': '# Memory\n',
      '.env': 'OPENAI_API_KEY=sk-secret\n',
      '.git/config': '[core]\n',
      'memory/.hidden/notes.md': 'hidden\n',
      'memory/.topic.md.0123456789ab.tmp': 'half a save\n',
      'notes/todo.md': 'not memory\n',
    });
    for (const p of [
      '.env',
      '.git/config',
      'memory/.hidden/notes.md',
      'memory/.topic.md.0123456789ab.tmp',
      'notes/todo.md',
    ]) {
      expect([p, await codeOf(engine.readFile(p))]).toEqual([p, 'NOT_ALLOWED']);
    }
    expect((await engine.readFile('MEMORY.md')).text).toBe('# Memory\n');
  });
});

describe('temp files of interrupted saves', () => {
  it('are never listed or indexed, and a sync removes the old ones (a fresh one may be a save in progress)', async () => {
    const { engine, abs } = await open({ 'MEMORY.md': '# Memory\n', 'memory/topic.md': '# Topic\n' });
    fs.writeFileSync(abs('memory/.topic.md.aaaaaaaaaaaa.tmp'), '# Topic\n\nhalf-written quokka');
    fs.writeFileSync(abs('.MEMORY.md.bbbbbbbbbbbb.tmp'), '# Memory\n\nhalf-written quokka');
    fs.writeFileSync(abs('memory/.topic.md.cccccccccccc.tmp'), '# Topic\n\nfresh quokka');
    const old = new Date(Date.now() - LEFTOVER_TEMP_AGE_MS - 60_000);
    fs.utimesSync(abs('memory/.topic.md.aaaaaaaaaaaa.tmp'), old, old);
    fs.utimesSync(abs('.MEMORY.md.bbbbbbbbbbbb.tmp'), old, old);

    await engine.sync();
    expect(fs.existsSync(abs('memory/.topic.md.aaaaaaaaaaaa.tmp'))).toBe(false);
    expect(fs.existsSync(abs('.MEMORY.md.bbbbbbbbbbbb.tmp'))).toBe(false);
    expect(fs.existsSync(abs('memory/.topic.md.cccccccccccc.tmp'))).toBe(true);
    expect((await engine.listFiles()).map((f) => f.path).sort()).toEqual(['MEMORY.md', 'memory/topic.md']);
    expect((await engine.search({ query: 'quokka', minScore: 0 })).results).toEqual([]);
  });
});

describe('the integrity contract (frontmatter checksum and updated)', () => {
  it('an app save recomputes checksum and sets updated; every other byte is what the editor sent', async () => {
    const { engine, abs } = await open({ 'memory/facts/preferences.md': CHECKSUMMED });
    await engine.sync();
    const file = await engine.readFile('memory/facts/preferences.md');
    expect(file.checksum).toMatchObject({ ok: true });
    const edited = file.text.replace('Tea, not coffee.', 'Tea, not coffee. Oolong above all.');
    const saved = await engine.saveFile('memory/facts/preferences.md', edited, file.hash);

    const onDisk = fs.readFileSync(abs('memory/facts/preferences.md'), 'utf8');
    expect(saved.text).toBe(onDisk);
    expect(saved.hash).toBe(sha256(onDisk));
    const sent = edited.split('\n');
    const written = onDisk.split('\n');
    expect(written.filter((line, i) => line !== sent[i])).toEqual([
      expect.stringMatching(/^updated: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/),
      `checksum: ${sha256('# Preferences\n\nTea, not coffee. Oolong above all.\n')}`,
    ]);
    expect(parseFrontmatter(onDisk).checksum).toMatchObject({ ok: true });
    expect((await engine.listFiles()).find((f) => f.path === 'memory/facts/preferences.md')?.checksum).toMatchObject({
      ok: true,
    });
  });

  it('an external edit that breaks the checksum stays a mismatch through an unrelated app save, until accepted', async () => {
    const { engine, abs } = await open({ 'memory/facts/preferences.md': CHECKSUMMED });
    fs.writeFileSync(abs('memory/facts/preferences.md'), CHECKSUMMED.replace('Tea', 'Coffee'));
    const file = await engine.readFile('memory/facts/preferences.md');
    expect(file.checksum).toMatchObject({ ok: false });

    // Saving something else must not silently "fix" what the mismatch is warning about.
    const saved = await engine.saveFile('memory/facts/preferences.md', `${file.text}More.\n`, file.hash);
    expect(saved.text).toBeUndefined();
    const afterSave = await engine.readFile('memory/facts/preferences.md');
    expect(afterSave.checksum).toMatchObject({ ok: false });

    await expect(engine.acceptChecksum('memory/facts/preferences.md', file.hash)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const accepted = await engine.acceptChecksum('memory/facts/preferences.md', afterSave.hash);
    const onDisk = fs.readFileSync(abs('memory/facts/preferences.md'), 'utf8');
    expect(accepted.text).toBe(onDisk);
    expect(parseFrontmatter(onDisk).checksum).toMatchObject({ ok: true });
    // Only the two fields moved.
    const before = afterSave.text.split('\n');
    expect(
      onDisk
        .split('\n')
        .filter((line, i) => line !== before[i])
        .map((line) => line.split(':')[0]),
    ).toEqual(['updated', 'checksum']);
  });

  it('refuses to accept a checksum for a file that declares none', async () => {
    const { engine } = await open({ 'MEMORY.md': '# Memory\n' });
    const file = await engine.readFile('MEMORY.md');
    await expect(engine.acceptChecksum('MEMORY.md', file.hash)).rejects.toMatchObject({ code: 'NOT_ALLOWED' });
  });

  it('a new file with a checksum field gets a true one', async () => {
    const { engine, abs } = await open({ 'MEMORY.md': '# Memory\n' });
    const created = await engine.createFile(
      'memory/facts/new.md',
      '---\ntype: fact\nchecksum: TODO\n---\n# New fact\n',
    );
    expect(created.text).toBeDefined();
    expect(parseFrontmatter(fs.readFileSync(abs('memory/facts/new.md'), 'utf8')).checksum).toMatchObject({ ok: true });
  });
});

describe('paths a file system would refuse', () => {
  it('a 300-character name or a 2,000-level path is INVALID_ARGUMENT with the relative path, and nothing is created', async () => {
    const { engine, workspace } = await open({ 'MEMORY.md': '# Memory\n' });
    const long = `memory/${'n'.repeat(296)}.md`;
    for (const attempt of [
      engine.saveFile(long, 'x', null),
      engine.createFile(long, 'x'),
      engine.readFile(long),
      engine.get(long),
    ]) {
      const error = (await attempt.catch((e: unknown) => e)) as { code: string; message: string };
      expect(error.code).toBe('INVALID_ARGUMENT');
      expect(error.message).not.toContain(workspace);
    }
    const deep = `memory/${'b/'.repeat(2000)}x.md`;
    expect(await codeOf(engine.saveFile(deep, 'x', null))).toBe('INVALID_ARGUMENT');
    expect(fs.readdirSync(path.join(workspace))).toEqual(['MEMORY.md']);
  });
});

describe('invalid UTF-8', () => {
  it('opens read-only, refuses a save (it would change bytes nobody can see), keeps the bytes, and is still searchable', async () => {
    const bytes = Buffer.concat([
      Buffer.from('# Notes\n\nThe albatross '),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(' returned.\n'),
    ]);
    const { engine, abs } = await open({ 'memory/broken.md': bytes });
    await engine.sync();
    const file = await engine.readFile('memory/broken.md');
    expect(file.readOnly).toBe('invalid-utf8');
    expect(file.text).toContain('albatross \uFFFD');
    await expect(engine.saveFile('memory/broken.md', 'fixed\n', file.hash)).rejects.toMatchObject({
      code: 'NOT_ALLOWED',
    });
    expect(fs.readFileSync(abs('memory/broken.md')).equals(bytes)).toBe(true);
    expect((await engine.search({ query: 'albatross', minScore: 0 })).results.map((r) => r.path)).toEqual([
      'memory/broken.md',
    ]);
  });
});
