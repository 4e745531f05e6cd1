// The one rule for paths on real folders with real symlinks: what each use allows by name, and
// that where a link really leads is held to the same rule (issue 17 item 1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceScope, type PathUse } from './workspace-scope.js';
import { resolveMemoryPath } from './memory-path.js';

let base: string;
let workspace: string;

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-memory-path-'));
  workspace = path.join(base, 'workspace');
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), text);
  };
  write('MEMORY.md', '# Memory\n');
  write('memory/notes.md', '# Notes\n');
  write('memory/.hidden.md', 'hidden\n');
  write('.env', 'SECRET=1\n');
  write('.git/config', '[core]\n');
  write('notes.md', 'root notes\n');
  write('sessions/a.jsonl', '{}\n');
  fs.symlinkSync('../.env', path.join(workspace, 'memory', 'envlink.md'));
  fs.symlinkSync('../.git/config', path.join(workspace, 'memory', 'gitlink.md'));
  fs.symlinkSync('..', path.join(workspace, 'memory', 'loop'));
  fs.symlinkSync('../.git', path.join(workspace, 'memory', 'gitdir'));
  fs.symlinkSync('notes.md', path.join(workspace, 'memory', 'alias.md'));
  fs.symlinkSync('../MEMORY.md', path.join(workspace, 'memory', 'evergreen.md'));
  fs.symlinkSync('../sessions/a.jsonl', path.join(workspace, 'memory', 'transcript.md'));
});

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const opts = () => new WorkspaceScope({ workspaceDir: workspace, openclawHome: path.join(base, 'oc') });

async function outcome(rel: string, use: PathUse): Promise<string> {
  return resolveMemoryPath(opts(), rel, use).then(
    (r) => `ok ${r.realPath}`,
    (e: { code?: string; details?: { reason?: string } }) => `${e.code} ${e.details?.reason ?? ''}`.trim(),
  );
}

describe('WorkspaceScope.refusal: what each use allows by name', () => {
  it('memory_get: its memory files only, Markdown only, never hidden', () => {
    const o = new WorkspaceScope({ workspaceDir: '/w', extraPaths: ['notes', 'journal.md'] });
    for (const p of [
      'MEMORY.md',
      'memory.md',
      'USER.md',
      'memory/topic.md',
      'memory/daily/2026-05-04.md',
      'notes/a.md',
      'notes/deep/b.md',
      'journal.md',
    ]) {
      expect([p, o.refusal(p, 'get')]).toEqual([p, null]);
    }
    const refused: [string, string][] = [
      ['README.md', 'not-memory'],
      ['notes-old/a.md', 'not-memory'],
      ['conversations/2026-05-04.md', 'not-memory'],
      ['sessions/a.jsonl', 'not-memory'],
      ['memory/data.json', 'not-markdown'],
      ['MEMORY.txt', 'not-markdown'],
      ['memory/.hidden.md', 'hidden'],
      ['memory/.secretdir/x.md', 'hidden'],
    ];
    for (const [p, kind] of refused) expect([p, o.refusal(p, 'get')?.kind]).toEqual([p, kind]);
  });

  it('read allows transcripts and bootstrap files; edit refuses both; write allows bootstrap files', () => {
    const o = new WorkspaceScope({ workspaceDir: '/w' });
    expect(o.refusal('sessions/a.jsonl', 'read')).toBeNull();
    expect(o.refusal('AGENTS.md', 'read')).toBeNull();
    expect(o.refusal('AGENTS.md', 'write')).toBeNull();
    expect(o.refusal('AGENTS.md', 'edit')?.kind).toBe('not-memory');
    expect(o.refusal('sessions/a.jsonl', 'edit')?.kind).toBe('read-only');
    expect(o.refusal('.env', 'read')?.kind).toBe('hidden');
  });
});

describe('resolveMemoryPath: the real target is held to the same rule', () => {
  it('refuses links to .env, .git/config and a root file through a folder link, for every use', async () => {
    for (const use of ['index', 'read', 'get', 'write', 'edit'] as const) {
      for (const p of [
        'memory/envlink.md',
        'memory/gitlink.md',
        'memory/loop/notes.md',
        'memory/gitdir/x.md',
        'memory/loop/new.md',
      ]) {
        const got = await outcome(p, use);
        expect([use, p, got]).toEqual([use, p, 'NOT_ALLOWED symlink-target']);
      }
    }
  });

  it('names the real file and why in the message, and no absolute path', async () => {
    const error = await resolveMemoryPath(opts(), 'memory/envlink.md', 'read').catch((e: Error) => e);
    expect((error as Error).message).toBe(
      'memory/envlink.md leads through a symlink to .env, which is hidden (hidden files and folders are never memory). Memory Lens opens memory files, bootstrap files and session transcripts only.',
    );
    const loop = await resolveMemoryPath(opts(), 'memory/loop/notes.md', 'edit').catch((e: Error) => e);
    expect((loop as Error).message).toMatch(
      /^memory\/loop\/notes\.md leads through a symlink to notes\.md, which is not a memory file\./,
    );
    expect((loop as Error).message).not.toContain(base);
  });

  it('follows links to memory files: a second name for the same file', async () => {
    expect(await outcome('memory/alias.md', 'write')).toBe('ok memory/notes.md');
    expect(await outcome('memory/evergreen.md', 'get')).toBe('ok MEMORY.md');
    expect(await outcome('memory/loop/MEMORY.md', 'read')).toBe('ok MEMORY.md');
    expect(await outcome('memory/loop/memory/notes.md', 'edit')).toBe('ok memory/notes.md');
    // A transcript behind a memory name is readable (it is the user's transcript) but not editable.
    expect(await outcome('memory/transcript.md', 'read')).toBe('ok sessions/a.jsonl');
    expect(await outcome('memory/transcript.md', 'edit')).toBe('NOT_ALLOWED symlink-target');
  });

  it('hidden names are refused before anything is resolved; new files resolve to their real folder', async () => {
    expect(await outcome('memory/.hidden.md', 'get')).toBe('NOT_ALLOWED hidden');
    expect(await outcome('memory/new/topic.md', 'write')).toBe('ok memory/new/topic.md');
    const created = await resolveMemoryPath(opts(), 'memory/new/topic.md', 'write');
    expect(created).toMatchObject({
      exists: false,
      abs: path.join(fs.realpathSync(workspace), 'memory', 'new', 'topic.md'),
    });
  });
});
