// A workspace opened through a symlink (`~/memory -> ~/Dropbox/memory`) is watched through its
// real path, so an edit made through the link or in the real folder is found live (issue 17
// item 7: before, status said "watching" and nothing arrived until a reindex).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileChangeEvent } from '../../../shared/domain.js';
import { MemoryEngine } from '../engine.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Resolves with the first file event matching `want`; generous, only to catch a watcher that never reports. */
function nextEvent(
  engine: MemoryEngine,
  want: (event: FileChangeEvent) => boolean,
  timeoutMs = 20_000,
): Promise<FileChangeEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no matching file event within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = engine.onDidChangeFile((event) => {
      if (!want(event)) return;
      clearTimeout(timer);
      off();
      resolve(event);
    });
  });
}

describe('a workspace that is itself a symlink', () => {
  it('finds edits and new files made through the link or in its target, without a reindex', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-linked-ws-'));
    cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
    const real = path.join(root, 'real-workspace');
    fs.mkdirSync(path.join(real, 'memory'), { recursive: true });
    fs.writeFileSync(path.join(real, 'MEMORY.md'), '# Memory\n\nThe boat is blue.\n');
    const link = path.join(root, 'workspace-link');
    fs.symlinkSync(real, link);

    const engine = await MemoryEngine.open({
      workspaceDir: link,
      dataDir: path.join(root, 'data'),
      openclawHome: path.join(root, 'oc'),
    });
    cleanups.push(() => engine.close());
    await engine.sync();
    await engine.startWatching();
    expect(engine.status().watcher).toBe('watching');
    const search = async (query: string) => (await engine.search({ query, minScore: 0 })).results.map((r) => r.path);

    const edited = nextEvent(engine, (e) => e.path === 'MEMORY.md' && e.change === 'changed');
    fs.writeFileSync(path.join(link, 'MEMORY.md'), '# Memory\n\nThe boat is now painted crimson.\n');
    await edited;
    expect(await search('crimson')).toEqual(['MEMORY.md']);

    const added = nextEvent(engine, (e) => e.path === 'memory/heron.md' && e.change === 'added');
    fs.writeFileSync(path.join(real, 'memory', 'heron.md'), '# Heron\n\nA grey heron nests by the lock.\n');
    await added;
    expect(await search('heron')).toEqual(['memory/heron.md']);

    const throughLink = nextEvent(engine, (e) => e.path === 'memory/kestrel.md' && e.change === 'added');
    fs.writeFileSync(path.join(link, 'memory', 'kestrel.md'), '# Kestrel\n\nA kestrel hovers over the dyke.\n');
    await throughLink;
    expect(await search('kestrel')).toEqual(['memory/kestrel.md']);
  });
});
