import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverFiles, watchRoots } from '../workspace/discover.js';
import { WorkspaceScope } from '../workspace/workspace-scope.js';
import { discoverOne, isWatchIrrelevant, virtualPathFor } from './indexable-path.js';

function layout(): { opts: WorkspaceScope; root: string } {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ml-ipath-')));
  const home = path.join(root, 'openclaw');
  const workspace = path.join(home, 'workspace');
  const files: Record<string, string> = {
    'openclaw/workspace/MEMORY.md': 'm',
    'openclaw/workspace/memory/2026-05-04.md': 'd',
    'openclaw/workspace/memory/.draft.md.swp': 'x',
    'openclaw/workspace/conversations/2026-05-04.md': 'c',
    'openclaw/workspace/notes/other.md': 'not memory',
    'openclaw/workspace/sessions/local.jsonl': '{}',
    'openclaw/workspace/sessions/local.jsonl.lock': '',
    'openclaw/agents/main/sessions/a.jsonl': '{}',
    'openclaw/agents/main/sessions/a.jsonl.reset.2026-05-01': '{}',
    'openclaw/agents/main/config.json': '{}',
    'elsewhere/runs/b.jsonl': '{}',
    'outside/secret.md': 'secret',
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  fs.symlinkSync(path.join(root, 'outside', 'secret.md'), path.join(workspace, 'memory', 'escape.md'));
  return {
    opts: new WorkspaceScope({
      workspaceDir: workspace,
      openclawHome: home,
      sessionDirs: [path.join(root, 'elsewhere', 'runs')],
    }),
    root,
  };
}

describe('WorkspaceScope.sourceOf', () => {
  it('agrees with discovery on every file discovery finds', async () => {
    const { opts } = layout();
    const found = await discoverFiles(opts);
    expect(found.length).toBeGreaterThan(4);
    for (const file of found) expect([file.path, opts.sourceOf(file.path)]).toEqual([file.path, file.source]);
  });

  it('rejects what discovery skips', () => {
    const { opts } = layout();
    for (const rel of [
      'notes/other.md',
      'memory/.draft.md.swp',
      'sessions/local.jsonl.lock',
      'memory/x.txt',
      'sessions/main/deeper/x.jsonl',
      '../x.md',
      'memory/../MEMORY.md',
    ]) {
      expect([rel, opts.sourceOf(rel)]).toEqual([rel, null]);
    }
  });
});

describe('virtualPathFor', () => {
  it('maps absolute paths under each watch root to index paths', () => {
    const { opts, root } = layout();
    const roots = watchRoots(opts.where).reverse();
    const map = (abs: string): string | null => {
      for (const r of roots) {
        const v = virtualPathFor(opts, r, abs);
        if (v) return v;
      }
      return null;
    };
    expect(map(path.join(root, 'openclaw/workspace/memory/2026-05-04.md'))).toBe('memory/2026-05-04.md');
    expect(map(path.join(root, 'openclaw/agents/main/sessions/a.jsonl'))).toBe('sessions/main/a.jsonl');
    expect(map(path.join(root, 'elsewhere/runs/b.jsonl'))).toBe('sessions/runs/b.jsonl');
    expect(map(path.join(root, 'openclaw/agents/main/config.json'))).toBeNull();
    expect(map(path.join(root, 'openclaw/workspace/notes/other.md'))).toBeNull();
  });

  it('keeps the watcher out of folders that never hold memory', () => {
    const { opts, root } = layout();
    const roots = watchRoots(opts.where);
    expect(isWatchIrrelevant(opts, roots, path.join(root, 'openclaw/workspace/notes'))).toBe(true);
    expect(isWatchIrrelevant(opts, roots, path.join(root, 'openclaw/workspace/node_modules'))).toBe(true);
    expect(isWatchIrrelevant(opts, roots, path.join(root, 'openclaw/workspace/memory/deep/er'))).toBe(false);
    expect(isWatchIrrelevant(opts, roots, path.join(root, 'openclaw/agents/main/sessions'))).toBe(false);
    expect(isWatchIrrelevant(opts, roots, path.join(root, 'openclaw/agents/main/workspace-cache'))).toBe(true);
  });
});

describe('discoverOne', () => {
  it('stats a single path as discovery would, refusing symlink escapes', async () => {
    const { opts } = layout();
    expect(await discoverOne(opts, 'sessions/main/a.jsonl')).toMatchObject({
      source: 'sessions',
      agentId: 'main',
      size: 2,
    });
    expect(await discoverOne(opts, 'memory/2026-05-04.md')).toMatchObject({ source: 'memory', size: 1 });
    expect(await discoverOne(opts, 'memory/escape.md')).toBeNull();
    expect(await discoverOne(opts, 'memory/missing.md')).toBeNull();
    expect(await discoverOne(opts, 'notes/other.md')).toBeNull();
  });
});
