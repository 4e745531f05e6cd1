// Symlinks out of the workspace and symlink loops, against the real `memlens serve`: neither the
// scan nor the watcher follows them. Before, `memory/dot -> .` plus `memory/loop -> ../memory` sent
// the watcher round the loop: 100% CPU, 1.6 GB in 30 s, HTTP unanswered, Ctrl-C ignored.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { eventually, rssMb, startServeChild, tempWorkspace } from './support/fault-kit.js';

describe('symlinks out of the workspace and symlink loops', () => {
  it('serve answers at once, lists each real file once and nothing outside, ignores outside edits, and stops on Ctrl-C', async () => {
    const dir = tempWorkspace('symlink', {
      'MEMORY.md': '# Memory\n\nThe lighthouse keeper likes tea.\n',
      'memory/notes.md': '# Notes\n\nA note about the harbour.\n',
      'memory/deep/inner.md': '# Inner\n\nNested memory.\n',
    });
    onTestFinished(() => dir.cleanup());
    const outside = path.join(dir.root, 'outside');
    fs.mkdirSync(path.join(outside, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(outside, 'secret.md'), '# Secret\n\nplutonium recipe\n');
    fs.writeFileSync(path.join(outside, 'sub', 'more.md'), '# More\n\nplutonium again\n');
    fs.symlinkSync('.', path.join(dir.workspace, 'memory', 'dot'));
    fs.symlinkSync('../memory', path.join(dir.workspace, 'memory', 'loop'));
    fs.symlinkSync('../../memory', path.join(dir.workspace, 'memory', 'deep', 'up'));
    fs.symlinkSync(outside, path.join(dir.workspace, 'memory', 'outside'));
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(dir.workspace, 'memory', 'secret.md'));

    const serve = await startServeChild(dir);
    onTestFinished(async () => {
      serve.kill('SIGKILL');
      await serve.exited();
    });
    await eventually(async () => {
      const status = await serve.call<{ watcher: string; files: number; progress: unknown }>('status');
      expect(status.result).toMatchObject({ watcher: 'watching', files: 3, progress: { phase: 'done' } });
    }, 30_000);
    const listed = (await serve.call<{ path: string }[]>('listFiles')).result!.map((f) => f.path).sort();
    expect(listed).toEqual(['MEMORY.md', 'memory/deep/inner.md', 'memory/notes.md']);
    expect((await serve.call('search', { query: 'plutonium', minScore: 0 })).result).toMatchObject({ results: [] });
    // Bounded memory: the loop used to grow this past 1.6 GB within 30 s.
    expect(rssMb(serve.process.pid)).toBeLessThan(400);

    // An edit outside, reached through the link, is not memory: not after a rescan either.
    fs.writeFileSync(path.join(outside, 'sub', 'new.md'), '# New\n\nplutonium three\n');
    expect((await serve.call('reindex', {})).ok).toBe(true);
    expect((await serve.call('search', { query: 'plutonium', minScore: 0 })).result).toMatchObject({ results: [] });
    for (const p of ['memory/outside/secret.md', 'memory/secret.md', 'memory/outside/sub/new.md']) {
      expect([p, (await serve.call('readFile', { path: p })).error?.code]).toEqual([p, 'OUT_OF_ROOT']);
    }
    // A link that stays inside is just another name for an inside file.
    expect((await serve.call<{ text: string }>('readFile', { path: 'memory/loop/notes.md' })).result?.text).toContain(
      'harbour',
    );
    // Inside edits still arrive through the watcher.
    fs.writeFileSync(path.join(dir.workspace, 'memory', 'notes.md'), '# Notes\n\nThe harbour master owns a parrot.\n');
    await eventually(async () => {
      const found = await serve.call<{ results: { path: string }[] }>('search', { query: 'parrot', minScore: 0 });
      expect(found.result!.results.map((r) => r.path)).toEqual(['memory/notes.md']);
    });

    serve.kill('SIGINT');
    const exit = await Promise.race([
      serve.exited(),
      new Promise((resolve) => setTimeout(() => resolve('still running after 10 s'), 10_000)),
    ]);
    expect(exit).toBe(0);
  });
});
