import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryLensError } from '../../../shared/errors.js';
import { resolveInWorkspace } from './safe-path.js';

let workspace: string;
let outside: string;

beforeEach(() => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-'));
  workspace = path.join(base, 'workspace');
  outside = path.join(base, 'outside');
  fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n');
  fs.writeFileSync(path.join(outside, 'secret.md'), 'secret\n');
});

afterEach(() => fs.rmSync(path.dirname(workspace), { recursive: true, force: true }));

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MemoryLensError) return error.code;
    throw error;
  }
  return 'resolved';
}

describe('resolveInWorkspace', () => {
  it('resolves existing and new files inside the workspace', async () => {
    const real = fs.realpathSync(workspace);
    expect(await resolveInWorkspace(workspace, 'MEMORY.md')).toBe(path.join(real, 'MEMORY.md'));
    expect(await resolveInWorkspace(workspace, 'memory/new/topic.md')).toBe(path.join(real, 'memory/new/topic.md'));
    expect(await resolveInWorkspace(workspace, './memory//a.md')).toBe(path.join(real, 'memory/a.md'));
  });

  it.each([
    ['../outside/secret.md'],
    ['memory/../../outside/secret.md'],
    ['%2e%2e/outside/secret.md'],
    ['%252e%252e/outside/secret.md'],
    ['memory%2f..%2f..%2foutside/secret.md'],
    [path.join(os.tmpdir(), 'x.md')],
    ['/etc/passwd'],
    ['C:/Windows/win.ini'],
    ['memory\\..\\..\\outside\\secret.md'],
    ['MEMORY.md\0.txt'],
  ])('refuses %s with OUT_OF_ROOT', async (input) => {
    expect(await codeOf(resolveInWorkspace(workspace, input))).toBe('OUT_OF_ROOT');
  });

  it('refuses an empty path with INVALID_ARGUMENT', async () => {
    expect(await codeOf(resolveInWorkspace(workspace, ''))).toBe('INVALID_ARGUMENT');
    expect(await codeOf(resolveInWorkspace(workspace, '  '))).toBe('INVALID_ARGUMENT');
    expect(await codeOf(resolveInWorkspace(workspace, './'))).toBe('INVALID_ARGUMENT');
  });

  it('refuses symlinks that escape, for existing files, folders and new files below them', async () => {
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(workspace, 'memory', 'link.md'));
    fs.symlinkSync(outside, path.join(workspace, 'memory', 'outdir'));
    fs.symlinkSync(path.join(outside, 'missing.md'), path.join(workspace, 'memory', 'dangling.md'));
    expect(await codeOf(resolveInWorkspace(workspace, 'memory/link.md'))).toBe('OUT_OF_ROOT');
    expect(await codeOf(resolveInWorkspace(workspace, 'memory/outdir/secret.md'))).toBe('OUT_OF_ROOT');
    expect(await codeOf(resolveInWorkspace(workspace, 'memory/outdir/new.md'))).toBe('OUT_OF_ROOT');
    expect(await codeOf(resolveInWorkspace(workspace, 'memory/dangling.md'))).toBe('OUT_OF_ROOT');
  });

  it('allows a symlink that stays inside the workspace', async () => {
    fs.symlinkSync(path.join(workspace, 'MEMORY.md'), path.join(workspace, 'memory', 'alias.md'));
    expect(await resolveInWorkspace(workspace, 'memory/alias.md')).toBe(
      path.join(fs.realpathSync(workspace), 'MEMORY.md'),
    );
  });
});
