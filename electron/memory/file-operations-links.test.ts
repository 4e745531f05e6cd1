// Delete and rename of a symlink act on the link, never on the file it leads to (issue 29, hole 2).
// Before, with `memory/memlink.md -> ../MEMORY.md`, deleting the link moved MEMORY.md itself to
// the trash and renaming it moved MEMORY.md into memory/. A rename that would leave a relative link
// leading nowhere (or to another file) is refused with the reason.
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

const MEMORY_TEXT = '# Memory\n\nThe root memory file.\n';

async function openWithLink(linkTarget?: (workspace: string) => string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-links-'));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const workspace = path.join(root, 'workspace');
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(path.join(workspace, 'memory', 'sub'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), MEMORY_TEXT);
  const link = path.join(workspace, 'memory', 'memlink.md');
  fs.symlinkSync(linkTarget ? linkTarget(workspace) : '../MEMORY.md', link);
  const engine = await MemoryEngine.open({ workspaceDir: workspace, dataDir, openclawHome: path.join(root, 'oc') });
  cleanups.push(() => engine.close());
  await engine.sync();
  return { engine, workspace, dataDir, link, hash: sha256(Buffer.from(MEMORY_TEXT)) };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => toErrorValue(error),
  );

/** Every entry under `dir`, links shown with their target, so a test sees exactly what moved. */
function listing(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((name) => {
      const stat = fs.lstatSync(path.join(dir, name));
      return stat.isSymbolicLink() ? `${name} -> ${fs.readlinkSync(path.join(dir, name))}` : name;
    })
    .sort();
}

describe('delete and rename of a symlink', () => {
  it('delete moves the link to the trash; the file it leads to stays', async () => {
    const { engine, workspace, dataDir, hash } = await openWithLink();
    await engine.deleteFile('memory/memlink.md', hash);
    expect(fs.readFileSync(path.join(workspace, 'MEMORY.md'), 'utf8')).toBe(MEMORY_TEXT);
    expect(listing(workspace)).toEqual(['MEMORY.md', 'memory', 'memory/sub']);
    const trashed = listing(path.join(dataDir, 'trash')).filter((name) => name.endsWith('memlink.md -> ../MEMORY.md'));
    expect(trashed).toHaveLength(1);
    expect((await engine.search({ query: 'root memory file', minScore: 0 })).results.map((r) => r.path)).toContain(
      'MEMORY.md',
    );
  });

  it('rename moves the link; the file it leads to stays where it was', async () => {
    const { engine, workspace, hash } = await openWithLink();
    const renamed = await engine.renameFile('memory/memlink.md', 'memory/renamed.md', hash);
    expect(renamed).toMatchObject({ path: 'memory/renamed.md', hash });
    expect(fs.readFileSync(path.join(workspace, 'MEMORY.md'), 'utf8')).toBe(MEMORY_TEXT);
    expect(listing(workspace)).toEqual(['MEMORY.md', 'memory', 'memory/renamed.md -> ../MEMORY.md', 'memory/sub']);
  });

  it('a rename that would leave a relative link leading nowhere is refused with the reason; nothing moves', async () => {
    const { engine, workspace, hash } = await openWithLink();
    const before = listing(workspace);
    const error = await refusal(engine.renameFile('memory/memlink.md', 'memory/sub/moved.md', hash));
    expect(error).toMatchObject({ code: 'NOT_ALLOWED', details: { reason: 'symlink-would-dangle' } });
    expect(error?.message).toContain('memory/memlink.md');
    expect(error?.message).not.toContain(workspace);
    expect(listing(workspace)).toEqual(before);
  });

  it('a rename that would make a relative link lead to another file is refused too', async () => {
    const { engine, workspace, hash } = await openWithLink();
    fs.writeFileSync(path.join(workspace, 'memory', 'MEMORY.md'), '# Another file\n');
    const before = listing(workspace);
    const error = await refusal(engine.renameFile('memory/memlink.md', 'memory/sub/moved.md', hash));
    expect(error).toMatchObject({ code: 'NOT_ALLOWED', details: { reason: 'symlink-would-retarget' } });
    expect(listing(workspace)).toEqual(before);
  });

  it('an absolute link can move anywhere and still leads to its file', async () => {
    const { engine, workspace, hash } = await openWithLink((ws) => path.join(ws, 'MEMORY.md'));
    await engine.renameFile('memory/memlink.md', 'memory/sub/moved.md', hash);
    expect(fs.readFileSync(path.join(workspace, 'MEMORY.md'), 'utf8')).toBe(MEMORY_TEXT);
    expect(fs.lstatSync(path.join(workspace, 'memory', 'sub', 'moved.md')).isSymbolicLink()).toBe(true);
    expect(fs.existsSync(path.join(workspace, 'memory', 'memlink.md'))).toBe(false);
  });

  it('renaming the file a link leads to is a rename of that file (the link is left dangling, as a shell mv would)', async () => {
    const { engine, workspace, link, hash } = await openWithLink();
    await engine.renameFile('MEMORY.md', 'memory/moved.md', hash);
    expect(fs.readFileSync(path.join(workspace, 'memory', 'moved.md'), 'utf8')).toBe(MEMORY_TEXT);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
  });
});
