// Kill -9 while the real `memlens serve` records versions: every version the history lists still
// has its bytes (hash-checked), none recorded before the kill is lost, and the next start records
// whatever the killed process wrote to disk but did not get to record.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { HistoryStore } from '../../electron/app/history/history-store.js';
import { eventually, startServeChild, tempWorkspace, type ServeChild } from './support/fault-kit.js';

const sha = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** Big enough that the blob write and its fsync take a while. */
function bigText(seed: string): string {
  const line = `${seed}: ${'the quick brown fox jumps over the lazy dog '.repeat(2)}\n`;
  return `# ${seed}\n\n${line.repeat(Math.floor((2 * 1024 * 1024) / line.length))}`;
}

async function checkStore(dataDir: string, workspace: string): Promise<{ ids: number[]; hashes: (string | null)[] }> {
  const store = HistoryStore.open({ dataDir, workspaceDir: workspace });
  try {
    const versions = store.versionsOf('memory/journal.md');
    for (const v of versions) {
      const bytes = await store.bytesOf(v);
      expect(sha(bytes)).toBe(v.hash);
    }
    return { ids: versions.map((v) => v.id), hashes: versions.map((v) => v.hash) };
  } finally {
    store.close();
  }
}

describe('kill -9 while the history records', () => {
  it('loses at most the version being written, never an older one', { timeout: 400_000 }, async () => {
    const rel = 'memory/journal.md';
    const dir = tempWorkspace('kill-history', { 'MEMORY.md': '# Memory\n', [rel]: bigText('v0') });
    onTestFinished(() => dir.cleanup());
    const servers: ServeChild[] = [];
    onTestFinished(async () => {
      for (const s of servers) {
        s.kill('SIGKILL');
        await s.exited();
      }
    });
    let kept: number[] = [];
    for (let round = 1; round <= 4; round++) {
      const serve = await startServeChild(dir);
      servers.push(serve);
      // The start's rescan has recorded the file as it is (whatever the last kill left on disk).
      await eventually(async () => {
        const listed = await serve.call<{ versions: { hash: string }[] }>('historyList', { path: rel });
        expect(listed.result?.versions[0]?.hash).toBe(sha(fs.readFileSync(path.join(dir.workspace, rel))));
      }, 60_000);
      const acknowledged = (
        await serve.call<{ versions: { id: number }[] }>('historyList', { path: rel })
      ).result!.versions.map((v) => v.id);
      // Everything kept before this start is still there.
      expect(acknowledged.filter((id) => kept.includes(id))).toEqual(kept);
      kept = acknowledged;
      // One full save (acknowledged, so its version is recorded), then one killed part-way.
      const before = sha(fs.readFileSync(path.join(dir.workspace, rel)));
      const done = await serve.call<{ hash: string }>('saveFile', {
        path: rel,
        text: bigText(`saved ${round}`),
        expectedHash: before,
      });
      expect(done.ok).toBe(true);
      const afterSave = (await serve.call<{ versions: { id: number; hash: string }[] }>('historyList', { path: rel }))
        .result!.versions;
      expect(afterSave[0]!.hash).toBe(done.result!.hash);
      kept = afterSave.map((v) => v.id);
      const killed = serve
        .call('saveFile', { path: rel, text: bigText(`killed ${round}`), expectedHash: done.result!.hash })
        .catch((error: Error) => error);
      await new Promise((resolve) => setTimeout(resolve, [5, 40, 120, 400][round - 1]));
      serve.kill('SIGKILL');
      expect(await serve.exited()).toBe('SIGKILL');
      await killed;
      const { ids } = await checkStore(dir.dataDir, dir.workspace);
      expect(ids.filter((id) => kept.includes(id))).toEqual(kept);
    }
  });
});
