// A data folder that cannot be written (a read-only mount, a locked-down profile), for real: a
// read-only bind mount in a user namespace. Memory Lens says what is wrong — the folder is read-only
// — and claims nothing it did not do: no "moved to …corrupt-…" for a file that was not moved, no
// INDEX_CORRUPT for an index that is not damaged. Permission bits are not the fault used: as root
// (CI) they are ignored, so a test built on them would prove nothing there.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { inUserNamespace, runMemlens, tempWorkspace, userNamespaceUnavailable } from './support/fault-kit.js';

const unavailable = userNamespaceUnavailable();
if (unavailable) console.warn(`read-only-data-dir: skipped, ${unavailable}`);
const asRoot = process.getuid?.() === 0;
if (asRoot)
  console.warn('read-only-data-dir: the chmod 555 variant is skipped: running as root, which ignores permission bits');

/** Every file under `root` with its size, to prove nothing was moved or written. */
function listing(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), r);
      else out.push(`${r} ${fs.statSync(path.join(dir, entry.name)).size}`);
    }
  };
  walk(root, '');
  return out.sort();
}

describe.skipIf(unavailable !== null)('a read-only data folder (a read-only bind mount in a user namespace)', () => {
  for (const state of ['empty', 'used before'] as const) {
    it(`${state}: search says the folder is read-only, with a truthful code, and moves nothing`, async () => {
      const dir = tempWorkspace(`ro-data-${state.replace(' ', '-')}`, {
        'MEMORY.md': '# Memory\n\nThe lighthouse keeper likes tea.\n',
      });
      onTestFinished(() => dir.cleanup());
      fs.mkdirSync(dir.dataDir, { recursive: true });
      if (state === 'used before') {
        const first = await runMemlens(
          ['search', 'lighthouse', '--workspace', dir.workspace, '--data-dir', dir.dataDir, '--json'],
          { home: dir.root },
        );
        expect(first.code).toBe(0);
      }
      const before = listing(dir.dataDir);
      const readOnly = `mount --bind '${dir.dataDir}' '${dir.dataDir}' && mount -o remount,bind,ro '${dir.dataDir}'`;
      const got = await runMemlens(
        ['search', 'lighthouse', '--workspace', dir.workspace, '--data-dir', dir.dataDir, '--json'],
        {
          home: dir.root,
          launcher: inUserNamespace(readOnly),
        },
      );
      expect(got.code).toBe(1);
      // Before: "…it was moved to …agent-activity.sqlite.corrupt-… and a new one started" (nothing was),
      // then INDEX_CORRUPT "Cannot open the index …: ENOENT: no such file or directory, mkdir …".
      expect(got.output).not.toMatch(/corrupt-|damaged-|moved to/);
      expect(got.output).toMatch(
        /^memlens search: Agent activity \(access counts, search log\) cannot be kept: \S+ is on a read-only file system \(EROFS\)\./m,
      );
      const json = JSON.parse(got.output.slice(got.output.indexOf('{'))) as {
        error: { code: string; message: string };
      };
      expect(json.error).toMatchObject({
        code: 'UNAVAILABLE',
        message: expect.stringMatching(
          /^The search index cannot be kept: \S+ is on a read-only file system \(EROFS\)\. Point --data-dir/,
        ),
      });
      expect(listing(dir.dataDir)).toEqual(before);
      // With --lang zh-CN the same refusal names the store and says why in Chinese.
      const zh = await runMemlens(
        ['search', 'lighthouse', '--workspace', dir.workspace, '--data-dir', dir.dataDir, '--lang', 'zh-CN'],
        { home: dir.root, launcher: inUserNamespace(readOnly) },
      );
      expect(zh.output).toMatch(/^memlens search: 无法保存搜索索引：\S+ 位于只读文件系统上（EROFS）。/m);
      expect(listing(dir.dataDir)).toEqual(before);
    });
  }
});

describe.skipIf(asRoot)('a data folder without write permission (chmod 555)', () => {
  it('search says the folder is not writable, and moves nothing', async () => {
    const dir = tempWorkspace('ro-data-chmod', { 'MEMORY.md': '# Memory\n\nThe lighthouse keeper likes tea.\n' });
    onTestFinished(() => {
      fs.chmodSync(dir.dataDir, 0o755);
      dir.cleanup();
    });
    fs.mkdirSync(dir.dataDir, { recursive: true });
    fs.chmodSync(dir.dataDir, 0o555);
    const got = await runMemlens(
      ['search', 'lighthouse', '--workspace', dir.workspace, '--data-dir', dir.dataDir, '--json'],
      { home: dir.root },
    );
    expect(got.output).not.toMatch(/corrupt-|damaged-|moved to|INDEX_CORRUPT/);
    expect(got.output).toMatch(/is not writable by this user \(EACCES\)/);
    expect(fs.readdirSync(dir.dataDir)).toEqual([]);
  });
});
