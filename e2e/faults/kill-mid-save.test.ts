// Kill -9 while a save is in flight, through the real `memlens serve`: the file on disk is always
// exactly the old bytes or exactly the new ones, never a mix. A kill between the temp write and
// the rename leaves a hidden temp file, which nothing serves or indexes and the next start removes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LEFTOVER_TEMP_AGE_MS } from '../../electron/memory/files/atomic-write.js';
import { eventually, startServeChild, tempWorkspace, type ServeChild } from './support/fault-kit.js';

/** Large enough that writing and fsyncing it takes a while (under the editor's 5 MB limit). */
function bigText(seed: string): string {
  const line = `${seed}: ${'the quick brown fox jumps over the lazy dog '.repeat(2)}\n`;
  return `# ${seed}\n\n${line.repeat(Math.floor((4.5 * 1024 * 1024) / line.length))}`;
}

const sha = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

describe('kill -9 during a save', () => {
  it('between the temp write and the rename: old bytes stay, the temp file is hidden, and it is cleaned up later', async () => {
    const rel = 'memory/journal.md';
    const oldText = bigText('old');
    const dir = tempWorkspace('kill-save', { 'MEMORY.md': '# Memory\n', [rel]: oldText });
    onTestFinished(() => dir.cleanup());
    const memoryDir = path.join(dir.workspace, 'memory');
    const servers: ServeChild[] = [];
    onTestFinished(async () => {
      for (const s of servers) {
        s.kill('SIGKILL');
        await s.exited();
      }
    });

    for (let round = 0; round < 3; round++) {
      const serve = await startServeChild(dir);
      servers.push(serve);
      const before = fs.readFileSync(path.join(dir.workspace, rel));
      // Kill the moment the temp file appears: the write has begun, the rename cannot have happened.
      const tempAppeared = new Promise<string>((resolve) => {
        const watcher = fs.watch(memoryDir, (_event, name) => {
          if (name && /^\.journal\.md\.[0-9a-f]{12}\.tmp$/.test(name)) {
            serve.kill('SIGKILL');
            watcher.close();
            resolve(name);
          }
        });
      });
      const save = serve
        .call('saveFile', { path: rel, text: bigText(`new ${round}`), expectedHash: sha(before) })
        .catch((error: Error) => error);
      const tempName = await tempAppeared;
      expect(await serve.exited()).toBe('SIGKILL');
      expect(await save).toBeInstanceOf(Error); // the connection died with the server
      const after = fs.readFileSync(path.join(dir.workspace, rel));
      expect(after.equals(before)).toBe(true);
      expect(fs.readdirSync(memoryDir)).toContain(tempName);
    }

    // The next server neither lists, indexes nor serves the leftovers, and removes them once old.
    const leftovers = fs.readdirSync(memoryDir).filter((name) => name.endsWith('.tmp'));
    expect(leftovers.length).toBe(3);
    const old = new Date(Date.now() - LEFTOVER_TEMP_AGE_MS - 60_000);
    for (const name of leftovers) fs.utimesSync(path.join(memoryDir, name), old, old);
    const serve = await startServeChild(dir);
    servers.push(serve);
    await eventually(
      () => expect(fs.readdirSync(memoryDir).filter((name) => name.endsWith('.tmp'))).toEqual([]),
      30_000,
    );
    const listed = (await serve.call<{ path: string }[]>('listFiles')).result!.map((f) => f.path).sort();
    expect(listed).toEqual(['MEMORY.md', rel]);
    expect((await serve.call('readFile', { path: `memory/${leftovers[0]}` })).error?.code).toBe('NOT_ALLOWED');
  });

  it('at any moment: the file is exactly the old or exactly the new bytes', async () => {
    const rel = 'memory/journal.md';
    const dir = tempWorkspace('kill-save-any', { 'MEMORY.md': '# Memory\n', [rel]: bigText('v0') });
    onTestFinished(() => dir.cleanup());
    for (let round = 1; round <= 4; round++) {
      const serve = await startServeChild(dir);
      onTestFinished(async () => {
        serve.kill('SIGKILL');
        await serve.exited();
      });
      const before = fs.readFileSync(path.join(dir.workspace, rel));
      const next = bigText(`v${round}`);
      const save = serve
        .call('saveFile', { path: rel, text: next, expectedHash: sha(before) })
        .catch((error: Error) => error);
      // Spread the kills over the save: early (reading the request), mid-write, around the rename, after.
      await new Promise((resolve) => setTimeout(resolve, [5, 40, 80, 400][round - 1]));
      serve.kill('SIGKILL');
      await serve.exited();
      await save;
      const after = fs.readFileSync(path.join(dir.workspace, rel));
      const which = after.equals(before) ? 'old' : after.equals(Buffer.from(next)) ? 'new' : 'torn';
      expect([round, which]).not.toEqual([round, 'torn']);
    }
  });
});
