import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DraftStore } from './draft-store.js';

let root: string;
let store: DraftStore;
const workspace = () => path.join(root, 'workspace');

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-drafts-'));
  fs.mkdirSync(workspace());
  store = new DraftStore(path.join(root, 'data'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('DraftStore', () => {
  it('keeps a draft per file across store instances (a restarted app), newest first', async () => {
    await store.put(workspace(), 'USER.md', 'first draft', null, 1000);
    await store.put(workspace(), 'memory/a.md', 'other', 'a'.repeat(64), 2000);
    await store.put(workspace(), 'USER.md', 'second draft', null, 3000);
    const reopened = new DraftStore(path.join(root, 'data'));
    expect(await reopened.list(workspace())).toEqual([
      { path: 'USER.md', text: 'second draft', baseHash: null, savedAt: 3000 },
      { path: 'memory/a.md', text: 'other', baseHash: 'a'.repeat(64), savedAt: 2000 },
    ]);
  });

  it('deletes one draft and says whether there was one', async () => {
    await store.put(workspace(), 'USER.md', 'x', null);
    expect(await store.delete(workspace(), 'USER.md')).toBe(true);
    expect(await store.delete(workspace(), 'USER.md')).toBe(false);
    expect(await store.list(workspace())).toEqual([]);
  });

  it('keeps workspaces apart and writes nothing inside the workspace', async () => {
    const other = path.join(root, 'other');
    fs.mkdirSync(other);
    await store.put(workspace(), 'USER.md', 'mine', null);
    expect(await store.list(other)).toEqual([]);
    expect(fs.readdirSync(workspace())).toEqual([]);
  });

  it('skips a file that is not a draft instead of failing the list', async () => {
    await store.put(workspace(), 'USER.md', 'ok', null);
    fs.writeFileSync(path.join(store.folderFor(workspace()), 'junk.json'), '{"not":"a draft"}');
    expect((await store.list(workspace())).map((d) => d.path)).toEqual(['USER.md']);
  });

  it('refuses a path that leaves the workspace', async () => {
    await expect(store.put(workspace(), '../secret.md', 'x', null)).rejects.toMatchObject({ code: 'OUT_OF_ROOT' });
  });
});
