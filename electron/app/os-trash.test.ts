import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toErrorValue } from '../../shared/errors.js';
import { sha256 } from '../memory/text/hash.js';
import { createOsTrash } from './os-trash.js';
import { WorkspaceScope } from '../memory/workspace/workspace-scope.js';

let root: string;
let workspace: string;
let trashDir: string;
let trashWith: (relPath: string, expectedHash: string) => Promise<void>;
/** Deletes presenting the file's current hash (or any hash when there is nothing to read). */
const trash = (relPath: string) => {
  const abs = path.join(workspace, relPath);
  const hash = fs.existsSync(abs) && fs.statSync(abs).isFile() ? sha256(fs.readFileSync(abs)) : '0'.repeat(64);
  return trashWith(relPath, hash);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-trash-'));
  workspace = path.join(root, 'workspace');
  trashDir = path.join(root, 'os-trash');
  fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
  fs.mkdirSync(path.join(workspace, 'sessions'));
  fs.mkdirSync(trashDir);
  fs.writeFileSync(path.join(workspace, 'memory', 'note.md'), 'note');
  fs.writeFileSync(path.join(workspace, 'sessions', 's.jsonl'), '{}');
  fs.writeFileSync(path.join(root, 'outside.md'), 'outside');
  fs.symlinkSync(path.join(root, 'outside.md'), path.join(workspace, 'memory', 'escape.md'));
  // A real "trash": moves the file, as shell.trashItem does.
  trashWith = createOsTrash(
    () => new WorkspaceScope({ workspaceDir: workspace }),
    async (abs) => fs.renameSync(abs, path.join(trashDir, path.basename(abs))),
  );
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => toErrorValue(error).code,
  );

describe('desktop delete to the OS trash', () => {
  it('moves a memory file to the trash', async () => {
    await trash('memory/note.md');
    expect(fs.existsSync(path.join(workspace, 'memory', 'note.md'))).toBe(false);
    expect(fs.readFileSync(path.join(trashDir, 'note.md'), 'utf8')).toBe('note');
  });

  it.each(['../outside.md', '<absolute>', '%2e%2e/outside.md', 'memory/escape.md', 'memory/a\0.md'])(
    'refuses %j with OUT_OF_ROOT and touches nothing',
    async (attack) => {
      expect(await codeOf(trash(attack === '<absolute>' ? path.join(root, 'outside.md') : attack))).toBe('OUT_OF_ROOT');
      expect(fs.readFileSync(path.join(root, 'outside.md'), 'utf8')).toBe('outside');
      expect(fs.readdirSync(trashDir)).toEqual([]);
    },
  );

  it('refuses a link inside the workspace to a file that is not memory, and trashes nothing through it', async () => {
    fs.writeFileSync(path.join(workspace, '.env'), 'SECRET=1\n');
    fs.symlinkSync('../.env', path.join(workspace, 'memory', 'envlink.md'));
    fs.symlinkSync('..', path.join(workspace, 'memory', 'loop'));
    fs.writeFileSync(path.join(workspace, 'notes.md'), 'root notes\n');
    for (const p of ['memory/envlink.md', 'memory/loop/notes.md']) {
      expect([p, await codeOf(trash(p))]).toEqual([p, 'NOT_ALLOWED']);
    }
    expect(fs.readFileSync(path.join(workspace, '.env'), 'utf8')).toBe('SECRET=1\n');
    expect(fs.readFileSync(path.join(workspace, 'notes.md'), 'utf8')).toBe('root notes\n');
    expect(fs.readdirSync(trashDir)).toEqual([]);
  });

  it('trashes a link to another memory file as the link; the file it leads to stays', async () => {
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), 'root memory');
    fs.symlinkSync('../MEMORY.md', path.join(workspace, 'memory', 'memlink.md'));
    await trashWith('memory/memlink.md', sha256(Buffer.from('root memory')));
    expect(fs.readFileSync(path.join(workspace, 'MEMORY.md'), 'utf8')).toBe('root memory');
    expect(fs.existsSync(path.join(workspace, 'memory', 'memlink.md'))).toBe(false);
    expect(fs.readlinkSync(path.join(trashDir, 'memlink.md'))).toBe('../MEMORY.md');
  });

  it('refuses transcripts and missing files', async () => {
    expect(await codeOf(trash('sessions/s.jsonl'))).toBe('NOT_ALLOWED');
    expect(await codeOf(trash('memory/missing.md'))).toBe('NOT_FOUND');
    expect(fs.existsSync(path.join(workspace, 'sessions', 's.jsonl'))).toBe(true);
  });
});
