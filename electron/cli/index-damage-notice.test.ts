// A damaged index is moved aside and rebuilt from the files, and the CLI says so on stderr instead
// of rebuilding silently; the search still answers from the rebuilt index.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCaptured } from './test-support/capture-io.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-damage-cli-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

it('memlens search on a damaged index says it was moved aside and rebuilt, then answers', async () => {
  const workspace = path.join(tmp, 'workspace');
  fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
  fs.writeFileSync(
    path.join(workspace, 'memory', 'router.md'),
    '# Router\n\nThe firmware update needs the vendor image.\n',
  );
  const db = path.join(tmp, 'index.sqlite');
  const args = [
    'search',
    'firmware',
    '--workspace',
    workspace,
    '--db',
    db,
    '--data-dir',
    path.join(tmp, 'data'),
    '--json',
  ];

  const first = await runCaptured(tmp, args);
  expect(first.code).toBe(0);
  expect(first.stderr).not.toMatch(/could not be read/);

  // Garbage over the SQLite header: the file is no database any more.
  const fd = fs.openSync(db, 'r+');
  fs.writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 0);
  fs.closeSync(fd);

  const second = await runCaptured(tmp, args);
  expect(second.code).toBe(0);
  expect(second.stderr).toMatch(
    /memlens search: The index could not be read \(.+\); it was moved to .+ and is being rebuilt/,
  );
  const movedTo = /moved to (\S+) and/.exec(second.stderr)![1]!;
  expect(fs.existsSync(movedTo)).toBe(true);
  expect(JSON.parse(second.stdout).results.map((r: { path: string }) => r.path)).toEqual(['memory/router.md']);

  // Rebuilt: the next run has nothing to say.
  const third = await runCaptured(tmp, args);
  expect(third.stderr).not.toMatch(/could not be read/);

  // The same notice in Chinese with --lang zh-CN (the file system's own words stay as they are).
  const again = fs.openSync(db, 'r+');
  fs.writeSync(again, Buffer.alloc(4096, 0x5a), 0, 4096, 0);
  fs.closeSync(again);
  const zh = await runCaptured(tmp, [...args, '--lang', 'zh-CN']);
  expect(zh.code).toBe(0);
  expect(zh.stderr).toMatch(/^memlens search: 无法读取索引（.+）；已把它移到 \S+，正在根据文件重建。$/m);
});
