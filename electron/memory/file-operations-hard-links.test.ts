// Hard links and the save lock (issue 17 item 8): two names of one file are one file. Saves are
// serialised per file identity (device + inode), not per name, and a save to a file with more than
// one link writes in place, so the names keep sharing their bytes. Before, two saves presenting
// the same hash to a file and to its hard link both won, and the rename split them into two files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toErrorValue } from '../../shared/errors.js';
import { MemoryEngine } from './engine.js';
import { sha256 } from './text/hash.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openLinked(): Promise<{ engine: MemoryEngine; a: string; b: string; hash: string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-hardlink-'));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
  const a = path.join(workspace, 'memory', 'a.md');
  const b = path.join(workspace, 'memory', 'b.md');
  fs.writeFileSync(a, '# Shared\n\nThe first version.\n');
  fs.linkSync(a, b);
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dataDir: path.join(root, 'data'),
    openclawHome: path.join(root, 'oc'),
  });
  cleanups.push(() => engine.close());
  await engine.sync();
  return { engine, a, b, hash: sha256(fs.readFileSync(a)) };
}

describe('saves to a hard-linked file', () => {
  it('write in place: both names show the new text and stay one file', async () => {
    const { engine, a, b, hash } = await openLinked();
    const inode = fs.statSync(a).ino;
    const saved = await engine.saveFile('memory/b.md', '# Shared\n\nSaved through b.\n', hash);
    expect(fs.readFileSync(a, 'utf8')).toBe('# Shared\n\nSaved through b.\n');
    expect(fs.statSync(a)).toMatchObject({ ino: inode, nlink: 2 });
    expect(fs.statSync(b).ino).toBe(inode);
    expect(saved.hash).toBe(sha256(fs.readFileSync(a)));
    // No temp file of the save is left beside them.
    expect(fs.readdirSync(path.dirname(a)).sort()).toEqual(['a.md', 'b.md']);
  });

  it('two saves with one expected hash, to the file and to its link: exactly one wins, the other gets CONFLICT', async () => {
    const { engine, a, b, hash } = await openLinked();
    for (let round = 0; round < 10; round++) {
      const base = round === 0 ? hash : sha256(fs.readFileSync(a));
      const outcomes = await Promise.allSettled([
        engine.saveFile('memory/a.md', `# Shared\n\nRound ${round} from a.\n`, base),
        engine.saveFile('memory/b.md', `# Shared\n\nRound ${round} from b.\n`, base),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes
        .filter((o): o is PromiseRejectedResult => o.status === 'rejected')
        .map((o) => toErrorValue(o.reason).code);
      expect([round, won.length, lost]).toEqual([round, 1, ['CONFLICT']]);
      // The loser's text is not on disk; the winner's is, under both names.
      const text = fs.readFileSync(a, 'utf8');
      expect(text).toBe(fs.readFileSync(b, 'utf8'));
      expect(text).toMatch(new RegExp(`^# Shared\\n\\nRound ${round} from [ab]\\.\\n$`));
      expect(fs.statSync(a).nlink).toBe(2);
    }
  });
});
