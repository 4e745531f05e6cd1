// Bootstrap files are edited with the same safe save as memory files, and only those names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryLensError } from '../../../shared/errors.js';
import { MemoryEngine } from '../engine.js';
import { sha256 } from '../text/hash.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function open() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-bootstrap-edit-'));
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(workspace);
  fs.writeFileSync(path.join(workspace, 'AGENTS.md'), '# Agents\n\nBe brief.\n');
  fs.writeFileSync(path.join(workspace, 'README.md'), 'not a bootstrap file\n');
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dataDir: path.join(root, 'data'),
    openclawHome: path.join(root, 'oc'),
  });
  cleanups.push(async () => {
    await engine.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  return { engine, workspace };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof MemoryLensError ? error.code : String(error);
  }
}

describe('editing bootstrap files', () => {
  it('saves AGENTS.md against the hash it was read with, and creates a missing SOUL.md', async () => {
    const { engine, workspace } = await open();
    const file = await engine.readFile('AGENTS.md');
    await engine.saveFile('AGENTS.md', '# Agents\n\nBe brief. Cite sources.\n', file.hash);
    expect(fs.readFileSync(path.join(workspace, 'AGENTS.md'), 'utf8')).toContain('Cite sources');
    expect(await codeOf(engine.saveFile('AGENTS.md', 'stale\n', file.hash))).toBe('CONFLICT');
    await engine.createFile('SOUL.md', 'Warm, direct.\n');
    expect(sha256(fs.readFileSync(path.join(workspace, 'SOUL.md')))).toBe(sha256(Buffer.from('Warm, direct.\n')));
    const report = await engine.context({});
    expect(report.files.find((f) => f.name === 'SOUL.md')!.status).toBe('full');
  });

  it('refuses other root files, and never deletes or renames a bootstrap file', async () => {
    const { engine, workspace } = await open();
    // Not memory, not a bootstrap file: not even readable through the engine. A save presenting its true hash is refused too.
    expect(await codeOf(engine.readFile('README.md'))).toBe('NOT_ALLOWED');
    const readme = { hash: sha256(fs.readFileSync(path.join(workspace, 'README.md'))) };
    expect(await codeOf(engine.saveFile('README.md', 'changed\n', readme.hash))).toBe('NOT_ALLOWED');
    expect(await codeOf(engine.saveFile('sub/AGENTS.md', 'x\n', null))).toBe('NOT_ALLOWED');
    expect(await codeOf(engine.deleteFile('AGENTS.md'))).toBe('NOT_ALLOWED');
    expect(await codeOf(engine.renameFile('AGENTS.md', 'memory/agents.md'))).toBe('NOT_ALLOWED');
    expect(fs.readFileSync(path.join(workspace, 'README.md'), 'utf8')).toBe('not a bootstrap file\n');
    expect(fs.existsSync(path.join(workspace, 'AGENTS.md'))).toBe(true);
  });
});
