// 10,000 files in 2,000 folders through the real `memlens watch`: everything indexed, nothing
// failed, the watcher up (not silently short of watches) and an edit deep in the tree searchable
// within seconds. The slowest fault test (~15–30 s): the files are as small as they can honestly
// be, and the index is keyword-only.
import { describe, expect, it, onTestFinished } from 'vitest';
import { maxRssMb, printMaxRss, spawnMemlens, tempWorkspace } from './support/fault-kit.js';

const FOLDERS = 2000;
const PER_FOLDER = 5;

describe('10k files in 2k folders (slow: ~20 s)', () => {
  it(
    'indexes them all, watches them all, and picks up an edit in the deepest folder',
    { timeout: 180_000 },
    async () => {
      const files: Record<string, string> = { 'MEMORY.md': '# Memory\n' };
      for (let f = 0; f < FOLDERS; f++) {
        // Two levels: 40 groups × 50 folders.
        const folder = `memory/group-${String(f % 40).padStart(2, '0')}/topic-${String(f).padStart(4, '0')}`;
        for (let n = 0; n < PER_FOLDER; n++)
          files[`${folder}/note-${n}.md`] = `# Topic ${f} note ${n}\n\nkeyword t${f}n${n}\n`;
      }
      const dir = tempWorkspace('many', files);
      onTestFinished(() => dir.cleanup());

      const child = spawnMemlens(['watch', '--json', '--workspace', dir.workspace, '--data-dir', dir.dataDir], {
        home: dir.root,
        preload: printMaxRss,
      });
      onTestFinished(async () => {
        child.kill('SIGKILL');
        await child.exited();
      });
      const [watching] = await child.waitFor(/\{"event":"watching".*\}\n/, 150_000);
      expect(JSON.parse(watching)).toMatchObject({ files: FOLDERS * PER_FOLDER + 1, watcher: 'watching' });

      const deepest = `memory/group-39/topic-${String(FOLDERS - 1).padStart(4, '0')}/note-4.md`;
      dir.write(deepest, '# Edited\n\nkeyword narwhal\n');
      await child.waitFor(
        new RegExp(`"event":"file","path":"${deepest.replace(/[/.]/g, '\\$&')}","change":"changed"`),
        30_000,
      );

      child.kill('SIGINT');
      expect(await child.exited()).toBe(0);
      // Indexing and watching 10k files: a bound that catches a runaway, not a benchmark.
      expect(maxRssMb(child.output())).toBeLessThan(800);
    },
  );
});
