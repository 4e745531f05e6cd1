import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverFiles, isIgnoredPath, resolveVirtualPath, watchRoots } from './discover.js';
import { listSessionSources, type DiscoverOptions } from './session-sources.js';
import { WorkspaceScope } from './workspace-scope.js';

let base: string;
let home: string;
let workspace: string;

function write(file: string, text = 'x\n'): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ml-')));
  home = path.join(base, '.openclaw');
  workspace = path.join(home, 'workspace');
  write(path.join(workspace, 'MEMORY.md'), '# Memory\n');
  write(path.join(workspace, 'USER.md'));
  write(path.join(workspace, 'README.md')); // not memory
  write(path.join(workspace, 'memory/topic.md'));
  write(path.join(workspace, 'memory/daily/2026-05-04.md'));
  write(path.join(workspace, 'memory/summaries/weekly/2026-w18.md'));
  write(path.join(workspace, 'memory/notes.txt'));
  write(path.join(workspace, 'facts/user-profile.md'));
  write(path.join(workspace, 'sessions/abc.jsonl'));
  write(path.join(workspace, 'sessions/abc.jsonl.lock'));
  write(path.join(workspace, 'sessions/old.jsonl.reset.2026-03-30T10-00-00Z'));
  write(path.join(workspace, 'sessions/gone.jsonl.deleted.2026-03-31T10-00-00Z'));
  write(path.join(home, 'agents/main/sessions/s1.jsonl'));
  write(path.join(home, 'agents/main/sessions/s1.jsonl.lock'));
  write(path.join(home, 'agents/ops/sessions/s2.jsonl'));
});

afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const paths = async (opts: DiscoverOptions) =>
  (await discoverFiles(new WorkspaceScope(opts))).map((f) => f.path).sort();

describe('discoverFiles', () => {
  it('finds memory files, layers, workspace sessions, archives and agent sessions of an OpenClaw workspace', async () => {
    expect(await paths({ workspaceDir: workspace, openclawHome: home })).toEqual([
      'MEMORY.md',
      'USER.md',
      'facts/user-profile.md',
      'memory/daily/2026-05-04.md',
      'memory/summaries/weekly/2026-w18.md',
      'memory/topic.md',
      'sessions/abc.jsonl',
      'sessions/gone.jsonl.deleted.2026-03-31T10-00-00Z',
      'sessions/main/s1.jsonl',
      'sessions/old.jsonl.reset.2026-03-30T10-00-00Z',
      'sessions/ops/s2.jsonl',
    ]);
  });

  it('reports source, size, mtime and agent id', async () => {
    const files = await discoverFiles(new WorkspaceScope({ workspaceDir: workspace, openclawHome: home }));
    const memory = files.find((f) => f.path === 'MEMORY.md')!;
    expect(memory).toMatchObject({ source: 'memory', size: 9, absPath: path.join(workspace, 'MEMORY.md') });
    expect(memory.mtimeMs).toBeGreaterThan(0);
    expect(files.find((f) => f.path === 'sessions/main/s1.jsonl')).toMatchObject({
      source: 'sessions',
      agentId: 'main',
    });
  });

  it('does not look at OpenClaw agents for a workspace elsewhere', async () => {
    const other = path.join(base, 'other');
    write(path.join(other, 'MEMORY.md'));
    expect(await paths({ workspaceDir: other, openclawHome: home })).toEqual(['MEMORY.md']);
  });

  it('adds --sessions folders under sessions/<folder name>/', async () => {
    const extra = path.join(base, 'exported');
    write(path.join(extra, 'x.jsonl'));
    write(path.join(extra, 'nested/y.jsonl'));
    const other = path.join(base, 'other');
    write(path.join(other, 'MEMORY.md'));
    expect(await paths({ workspaceDir: other, sessionDirs: [extra, path.join(home, 'agents/ops/sessions')] })).toEqual([
      'MEMORY.md',
      'sessions/exported/x.jsonl',
      'sessions/ops/s2.jsonl',
    ]);
  });

  it('never follows a symlink out of the workspace', async () => {
    const outside = path.join(base, 'outside');
    write(path.join(outside, 'secret.md'), 'secret');
    write(path.join(outside, 'dir/leak.md'), 'leak');
    write(path.join(outside, 'x.jsonl'), '{}');
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(workspace, 'memory/secret.md'));
    fs.symlinkSync(path.join(outside, 'dir'), path.join(workspace, 'memory/linked-dir'));
    fs.symlinkSync(path.join(outside, 'x.jsonl'), path.join(workspace, 'sessions/x.jsonl'));
    fs.symlinkSync(outside, path.join(workspace, 'memory-link'));
    const found = await paths({ workspaceDir: workspace });
    expect(found.some((p) => p.includes('secret') || p.includes('leak') || p === 'sessions/x.jsonl')).toBe(false);
  });

  it('follows symlinks inside the workspace without loops or duplicates', async () => {
    fs.symlinkSync(path.join(workspace, 'memory'), path.join(workspace, 'memory/daily/loop'));
    fs.symlinkSync(path.join(workspace, 'MEMORY.md'), path.join(workspace, 'memory/alias.md'));
    write(path.join(workspace, 'archive/old.md'));
    fs.symlinkSync(path.join(workspace, 'archive'), path.join(workspace, 'memory/archive'));
    const found = await paths({ workspaceDir: workspace });
    expect(found.filter((p) => p.endsWith('topic.md'))).toHaveLength(1);
    expect(found).not.toContain('memory/alias.md'); // same file as MEMORY.md, listed once
    // archive/ is not a memory folder: a link into it does not make its files memory (issue 17)…
    expect(found.filter((p) => p.includes('old.md'))).toEqual([]);
    // …unless the user names it as an extra path; then it is listed once, under the first name found.
    const withExtra = await paths({ workspaceDir: workspace, extraPaths: ['archive'] });
    expect(withExtra.filter((p) => p.includes('old.md'))).toEqual(['memory/archive/old.md']);
  });

  it('ignores editor temp files, hidden folders and node_modules', async () => {
    for (const name of [
      '.#topic.md',
      'topic.md~',
      '.topic.md.swp',
      'x.md.swo',
      'draft.tmp',
      '.topic.md.1a2b.tmp',
      '4913',
      'a.md.crswap',
      '.DS_Store',
      '.~lock.md',
      '.hidden/x.md',
      'node_modules/x.md',
      '.git/x.md',
    ]) {
      write(path.join(workspace, 'memory', name));
    }
    expect((await paths({ workspaceDir: workspace })).filter((p) => p.startsWith('memory/'))).toEqual([
      'memory/daily/2026-05-04.md',
      'memory/summaries/weekly/2026-w18.md',
      'memory/topic.md',
    ]);
  });

  it('includes extra paths: files and folders inside, and configured folders outside the workspace', async () => {
    write(path.join(workspace, 'notes/a.md'));
    write(path.join(workspace, 'notes/b.txt'));
    write(path.join(workspace, 'journal.md'));
    const outside = path.join(base, 'vault');
    write(path.join(outside, 'c.md'));
    write(path.join(outside, 'sub/d.md'));
    const found = await paths({
      workspaceDir: workspace,
      extraPaths: ['notes', 'journal.md', outside, 'memory/topic.md'],
    });
    expect(found).toEqual(
      expect.arrayContaining(['notes/a.md', 'journal.md', 'extra/vault/c.md', 'extra/vault/sub/d.md']),
    );
    expect(found).not.toContain('notes/b.txt');
    expect(found.filter((p) => p === 'memory/topic.md')).toHaveLength(1);
  });
});

describe('isIgnoredPath', () => {
  it('matches editor temp files and hidden or vendored folders only', () => {
    for (const p of [
      'memory/.#a.md',
      'memory/a.md~',
      'memory/.a.md.swp',
      'memory/a.swo',
      'a.tmp',
      '4913',
      'memory/a.crswap',
      '.DS_Store',
      'memory/.~lock.a.md#',
      '.git/HEAD',
      'node_modules/x/a.md',
      'sessions/a.jsonl.lock',
    ]) {
      expect(isIgnoredPath(p), p).toBe(true);
    }
    for (const p of ['MEMORY.md', 'memory/2026-05-04.md', 'sessions/a.jsonl', 'sessions/a.jsonl.reset.2026-03-30']) {
      expect(isIgnoredPath(p), p).toBe(false);
    }
  });
});

describe('WorkspaceScope.sourceOf', () => {
  it('accepts exactly the names discovery lists', () => {
    const scope = new WorkspaceScope({ workspaceDir: workspace, openclawHome: home, extraPaths: ['notes'] });
    for (const p of [
      'MEMORY.md',
      'USER.md',
      'memory/a.md',
      'memory/daily/2026-05-04.md',
      'facts/x.md',
      'sessions/a.jsonl',
      'sessions/a.jsonl.reset.1',
      'notes/n.md',
    ]) {
      expect(scope.sourceOf(p), p).not.toBeNull();
    }
    for (const p of [
      'README.md',
      'memory/a.txt',
      'memory/.a.md.swp',
      'sessions/a.jsonl.lock',
      'sessions/x/a.jsonl',
      'other/n.md',
      'memory/node_modules/a.md',
    ]) {
      expect(scope.sourceOf(p), p).toBeNull();
    }
  });
});

describe('virtual paths', () => {
  it('maps virtual session and extra paths back to absolute paths', () => {
    const opts = {
      workspaceDir: workspace,
      openclawHome: home,
      sessionDirs: [path.join(base, 'exported')],
      extraPaths: [path.join(base, 'vault')],
    };
    expect(resolveVirtualPath(opts, 'sessions/main/s1.jsonl')).toBe(path.join(home, 'agents/main/sessions/s1.jsonl'));
    expect(resolveVirtualPath(opts, 'sessions/exported/x.jsonl')).toBe(path.join(base, 'exported/x.jsonl'));
    expect(resolveVirtualPath(opts, 'sessions/abc.jsonl')).toBe(path.join(workspace, 'sessions/abc.jsonl'));
    expect(resolveVirtualPath(opts, 'extra/vault/sub/d.md')).toBe(path.join(base, 'vault/sub/d.md'));
    expect(resolveVirtualPath(opts, 'memory/topic.md')).toBe(path.join(workspace, 'memory/topic.md'));
    expect(resolveVirtualPath(opts, '../x.md')).toBeNull();
    expect(resolveVirtualPath(opts, '/etc/passwd')).toBeNull();
  });

  it('lists the folders to watch', () => {
    const roots = watchRoots({
      workspaceDir: workspace,
      openclawHome: home,
      sessionDirs: [path.join(base, 'exported')],
    });
    expect(roots.map((r) => [r.dir, r.virtualPrefix])).toEqual([
      [workspace, ''],
      // Agents folders inside the workspace and beside it (the watcher skips those that do not exist).
      [path.join(workspace, 'agents'), 'sessions/'],
      [path.join(workspace, '.openclaw/agents'), 'sessions/'],
      [path.join(home, 'agents'), 'sessions/'],
      [path.join(base, 'exported'), 'sessions/exported/'],
    ]);
  });
});

describe('agents inside and beside an opened folder', () => {
  it('finds agents/<id>/sessions and .openclaw/agents/<id>/sessions under the folder, and agents/ beside it', async () => {
    const state = path.join(base, 'state');
    const opened = path.join(state, 'my-workspace');
    write(path.join(opened, 'MEMORY.md'));
    write(path.join(opened, 'agents/main/sessions/a.jsonl'));
    write(path.join(opened, 'agents/main/sessions/a.jsonl.lock'));
    write(path.join(opened, '.openclaw/agents/coder/sessions/b.jsonl'));
    write(path.join(state, 'agents/ops/sessions/c.jsonl'));
    // The same agent id beside the workspace: the folder inside it wins, nothing is listed twice.
    write(path.join(state, 'agents/main/sessions/shadowed.jsonl'));
    const files = await discoverFiles(new WorkspaceScope({ workspaceDir: opened, openclawHome: home }));
    expect(files.map((f) => f.path).sort()).toEqual([
      'MEMORY.md',
      'sessions/coder/b.jsonl',
      'sessions/main/a.jsonl',
      'sessions/ops/c.jsonl',
    ]);
    expect(files.find((f) => f.path === 'sessions/coder/b.jsonl')).toMatchObject({
      agentId: 'coder',
      absPath: path.join(opened, '.openclaw/agents/coder/sessions/b.jsonl'),
    });
    expect(resolveVirtualPath({ workspaceDir: opened }, 'sessions/ops/c.jsonl')).toBe(
      path.join(state, 'agents/ops/sessions/c.jsonl'),
    );
    expect(resolveVirtualPath({ workspaceDir: opened }, 'sessions/main/a.jsonl')).toBe(
      path.join(opened, 'agents/main/sessions/a.jsonl'),
    );

    const sources = await listSessionSources({ workspaceDir: opened });
    expect(sources.map((s) => [s.agentId, s.location, s.files, s.included, s.excludedBecause])).toEqual([
      ['main', 'agents', 1, true, undefined],
      ['coder', 'hidden-agents', 1, true, undefined],
      ['main', 'beside', 1, false, 'duplicate-agent'],
      ['ops', 'beside', 1, true, undefined],
    ]);
  });

  it('leaves out agents the settings exclude, and says so in the sources', async () => {
    const opened = path.join(base, 'ws');
    write(path.join(opened, 'MEMORY.md'));
    write(path.join(opened, 'sessions/own.jsonl'));
    write(path.join(opened, 'agents/main/sessions/a.jsonl'));
    write(path.join(opened, 'agents/ops/sessions/b.jsonl'));
    const opts = { workspaceDir: opened, excludedAgents: ['ops'] };
    expect(await paths(opts)).toEqual(['MEMORY.md', 'sessions/main/a.jsonl', 'sessions/own.jsonl']);
    const sources = await listSessionSources(opts);
    expect(sources.find((s) => s.agentId === 'ops')).toMatchObject({
      included: false,
      excludedBecause: 'settings',
      files: 1,
    });
    expect(sources[0]).toMatchObject({ agentId: null, location: 'workspace', files: 1, included: true });
  });
});
