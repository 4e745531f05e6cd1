// A full disk, for real: a 1 MB tmpfs mounted in a user namespace (the machine's disks are never
// filled). Saves and creates that do not fit fail with a clear error and leave nothing behind —
// no partial temp file, no empty folder, the old bytes intact. An index whose disk fills up stops
// with a clear error and carries on once there is space again.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  childEnv,
  inUserNamespace,
  memlensBin,
  repoRoot,
  startServeChild,
  tempWorkspace,
  userNamespaceUnavailable,
} from './support/fault-kit.js';

const unavailable = userNamespaceUnavailable();
if (unavailable) console.warn(`disk-full: skipped, ${unavailable}`);

/** Every file and folder under `root`, relative, sorted. */
function tree(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const entryRel = rel ? `${rel}/${entry.name}` : entry.name;
      out.push(entry.isDirectory() ? `${entryRel}/` : entryRel);
      if (entry.isDirectory()) walk(path.join(dir, entry.name), entryRel);
    }
  };
  walk(root, '');
  return out.sort();
}

describe.skipIf(unavailable !== null)('disk full (a 1 MB tmpfs in a user namespace)', () => {
  it('a save or create that does not fit fails clearly and leaves no temp file, no empty folder, the old bytes intact', async () => {
    const dir = tempWorkspace('disk-full', {
      'MEMORY.md': '# Memory\n\nSmall and safe.\n',
      'memory/topic.md': '# Topic\n\nAlso small.\n',
    });
    onTestFinished(() => dir.cleanup());
    const disk = path.join(dir.root, 'disk');
    fs.mkdirSync(disk);
    // The workspace lives on the tmpfs, with 700 kB of it already taken.
    const setup = `mount -t tmpfs -o size=1m tmpfs '${disk}' && cp -r '${dir.workspace}' '${disk}/ws' && head -c 700000 /dev/zero > '${disk}/filler'`;
    const serve = await startServeChild(dir, { launcher: inUserNamespace(setup), workspace: path.join(disk, 'ws') });
    onTestFinished(async () => {
      serve.kill('SIGKILL');
      await serve.exited();
    });
    // The tmpfs exists only in the server's mount namespace: look at it through its root.
    const ws = `/proc/${serve.process.pid}/root${disk}/ws`;
    const before = tree(ws);
    const memoryBytes = fs.readFileSync(path.join(ws, 'MEMORY.md'));
    const big = `# Big\n\n${'x'.repeat(600_000)}\n`;

    const created = await serve.call('createFile', { path: 'memory/new-folder/deeper/big.md', text: big });
    expect(created.status).toBe(503);
    expect(created.error).toMatchObject({
      code: 'UNAVAILABLE',
      message:
        'Not enough disk space to create memory/new-folder/deeper/big.md; nothing was changed. Free some space and try again.',
    });

    const hash = (await serve.call<{ hash: string }>('readFile', { path: 'MEMORY.md' })).result!.hash;
    const saved = await serve.call('saveFile', { path: 'MEMORY.md', text: big, expectedHash: hash });
    expect(saved.error).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/^Not enough disk space to save MEMORY\.md/),
    });

    const savedNew = await serve.call('saveFile', { path: 'memory/other/x.md', text: big, expectedHash: null });
    expect(savedNew.error).toMatchObject({ code: 'UNAVAILABLE' });

    expect(tree(ws)).toEqual(before);
    expect(fs.readFileSync(path.join(ws, 'MEMORY.md')).equals(memoryBytes)).toBe(true);

    // Not wedged: what fits still saves.
    const small = await serve.call('saveFile', {
      path: 'MEMORY.md',
      text: '# Memory\n\nStill saving.\n',
      expectedHash: hash,
    });
    expect(small.ok).toBe(true);
    expect(fs.readFileSync(path.join(ws, 'MEMORY.md'), 'utf8')).toBe('# Memory\n\nStill saving.\n');
  });

  it('an index whose disk fills up stops with a clear error, and the next run completes once there is space', async () => {
    const files: Record<string, string> = { 'MEMORY.md': '# Memory\n' };
    for (let i = 0; i < 400; i++)
      files[`memory/notes/n${i}.md`] = `# Note ${i}\n\nflamingo${i} ${'padding words for the index '.repeat(40)}\n`;
    const dir = tempWorkspace('index-full', files);
    onTestFinished(() => dir.cleanup());
    fs.mkdirSync(dir.dataDir);
    const run = (args: string) =>
      `'${process.execPath}' '${memlensBin()}' ${args} --workspace '${dir.workspace}' --data-dir '${dir.dataDir}' --json; echo "exit=$?"`;
    // One shell in one namespace: index on a 300 kB tmpfs, grow it, index again, search.
    const script = [
      `mount -t tmpfs -o size=300k tmpfs '${dir.dataDir}'`,
      run('index'),
      'echo ---',
      `mount -o remount,size=50m '${dir.dataDir}'`,
      run('index'),
      'echo ---',
      run('search flamingo399 --min-score 0'),
    ].join('\n');
    const child = spawn('unshare', ['-U', '-r', '-m', 'sh', '-c', script], { cwd: repoRoot, env: childEnv(dir.root) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.once('exit', resolve));
    const [full, grown, search] = output.split('---\n');

    expect(full).toMatch(/exit=1/);
    const error = JSON.parse(full!.slice(full!.indexOf('{'), full!.lastIndexOf('}') + 1)) as {
      error: { code: string; message: string };
    };
    expect(error.error.code).toBe('UNAVAILABLE');
    expect(error.error.message).toMatch(/^The disk holding the index is full .*Free some space, then reindex\.$/);

    expect(grown).toMatch(/exit=0/);
    const report = JSON.parse(grown!.slice(grown!.indexOf('{'), grown!.lastIndexOf('}') + 1)) as {
      filesScanned: number;
      filesFailed: number;
    };
    expect(report).toMatchObject({ filesScanned: 401, filesFailed: 0 });
    expect(search).toMatch(/"path": "memory\/notes\/n399\.md"/);
  });
  it('a full data disk is not damage: nothing moved aside, search answers from what is indexed, writes say the disk is full, and all resumes with space', async () => {
    const dir = tempWorkspace('data-full', { 'MEMORY.md': '# Memory\n\nThe lighthouse keeper likes tea.\n' });
    onTestFinished(() => dir.cleanup());
    fs.mkdirSync(dir.dataDir);
    const run = (args: string) =>
      `'${process.execPath}' '${memlensBin()}' ${args} --workspace '${dir.workspace}' --data-dir '${dir.dataDir}' --json 2>&1; echo "exit=$?"`;
    // The SQLite files of the data folder with their sizes (a moved-aside file would show here).
    const list = `find '${dir.dataDir}' -name '*.sqlite*' ! -name '*-shm' ! -name '*-wal' -printf '%P %s\\n' | sort`;
    const script = [
      `mount -t tmpfs -o size=2m tmpfs '${dir.dataDir}'`,
      run('search lighthouse --log --min-score 0'),
      `head -c 100000000 /dev/zero > '${dir.dataDir}/filler' 2>/dev/null`,
      list,
      'echo ---',
      `printf '# Later\\n\\nThe lighthouse got a new lamp.\\n' > '${dir.workspace}/memory-later.md'`,
      `mkdir -p '${dir.workspace}/memory' && mv '${dir.workspace}/memory-later.md' '${dir.workspace}/memory/later.md'`,
      run('search lighthouse --log --min-score 0'),
      'echo ---',
      list,
      'echo ---',
      `rm '${dir.dataDir}/filler'`,
      run('search lighthouse --log --min-score 0'),
    ].join('\n');
    const child = spawn('unshare', ['-U', '-r', '-m', 'sh', '-c', script], { cwd: repoRoot, env: childEnv(dir.root) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.once('exit', resolve));
    const [before, full, after, freed] = output.split('---\n');
    const results = (text: string) =>
      (
        JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as { results: { path: string }[] }
      ).results.map((r) => r.path);

    // Before: "the agent activity file could not be read (disk I/O error); it was moved to
    // …agent-activity.sqlite.corrupt-…", then INDEX_CORRUPT "…database or disk is full", exit 1.
    expect(full).toMatch(/exit=0/);
    expect(full).not.toMatch(/corrupt|damaged|moved to|moved aside/);
    expect(results(full!)).toEqual(['MEMORY.md']);
    expect(full).toMatch(/The disk holding the index is full/);
    expect(full).toMatch(/logging the search failed: The data disk is full: agent-activity\.sqlite/);
    expect(after).toBe(before!.replace(/^.*exit=0\n/s, ''));
    expect(before).toMatch(/agent-activity\.sqlite \d+/);

    expect(freed).toMatch(/exit=0/);
    expect(results(freed!).sort()).toEqual(['MEMORY.md', 'memory/later.md']);
  });
});
