import { describe, expect, it } from 'vitest';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { Text } from '@codemirror/state';
import { createEditorSlice, type EditorBridge, type EditorSlice } from './editor-slice';
import { FakeWorkspace } from '../../../test-support/fake-workspace-api';

/** Plays CodeMirror's part: holds the live text and reports dirtiness like the real component. */
class FakeEditor implements EditorBridge {
  doc = Text.of(['']);
  base: Text | null = null;
  constructor(private store: StoreApi<EditorSlice>) {}
  load(text: string) {
    this.doc = Text.of(text.split('\n'));
    this.base = this.doc;
  }
  type(text: string) {
    this.doc = Text.of(text.split('\n'));
    this.store.getState().setEditorDirty(!!this.base && !this.doc.eq(this.base));
  }
  snapshot() {
    return { text: this.doc.toString(), token: this.doc };
  }
  markSaved(token: unknown) {
    if (token instanceof Text) this.base = token;
  }
}

function setup(files: Record<string, string>) {
  const ws = new FakeWorkspace(files);
  const store = createStore<EditorSlice>()(createEditorSlice(ws.api));
  const editor = new FakeEditor(store);
  store.getState().registerEditorBridge(editor);
  return { ws, store, editor, doc: () => store.getState().editor.doc! };
}

async function open(t: ReturnType<typeof setup>, path: string) {
  await t.store.getState().openDocument(path);
  t.editor.load(t.doc().text);
}

describe('editor save state machine', () => {
  it('saves with the hash it loaded and becomes clean with the new hash', async () => {
    const t = setup({ 'MEMORY.md': 'one\n' });
    await open(t, 'MEMORY.md');
    const loadedHash = t.doc().hash;
    t.editor.type('one\ntwo\n');
    expect(t.doc().phase).toBe('dirty');
    await t.store.getState().saveDocument();
    expect(t.ws.saves[0]).toEqual({ path: 'MEMORY.md', text: 'one\ntwo\n', expectedHash: loadedHash });
    expect(t.doc().phase).toBe('clean');
    expect(t.doc().hash).toBe(t.ws.files.get('MEMORY.md')!.hash);
    expect(t.ws.files.get('MEMORY.md')!.text).toBe('one\ntwo\n');
  });

  it('typing back to the loaded text makes the document clean again', async () => {
    const t = setup({ 'a.md': 'x' });
    await open(t, 'a.md');
    t.editor.type('xy');
    expect(t.doc().phase).toBe('dirty');
    t.editor.type('x');
    expect(t.doc().phase).toBe('clean');
  });

  it('reloads a clean editor silently when the file changes on disk', async () => {
    const t = setup({ 'a.md': 'old' });
    await open(t, 'a.md');
    const revision = t.doc().revision;
    const hash = t.ws.writeExternally('a.md', 'new from agent');
    await t.store.getState().applyDiskChange({ path: 'a.md', change: 'changed', hash });
    expect(t.doc().text).toBe('new from agent');
    expect(t.doc().revision).toBe(revision + 1);
    expect(t.doc().phase).toBe('clean');
    expect(t.doc().conflict).toBeNull();
  });

  it('ignores the change event of its own save', async () => {
    const t = setup({ 'a.md': 'old' });
    await open(t, 'a.md');
    t.editor.type('mine');
    await t.store.getState().saveDocument();
    const revision = t.doc().revision;
    await t.store.getState().applyDiskChange({ path: 'a.md', change: 'changed', hash: t.doc().hash });
    expect(t.doc().revision).toBe(revision);
    expect(t.doc().phase).toBe('clean');
  });

  it('a change event during the save is held and applied after it (here: it was our own)', async () => {
    const t = setup({ 'a.md': 'old' });
    await open(t, 'a.md');
    t.editor.type('mine');
    t.ws.holdSaves = true;
    const saving = t.store.getState().saveDocument();
    await Promise.resolve();
    expect(t.doc().phase).toBe('saving');
    await t.store.getState().applyDiskChange({ path: 'a.md', change: 'changed', hash: 'f'.repeat(64) });
    expect(t.doc().pendingDisk).not.toBeNull();
    t.ws.releaseSaves();
    await saving;
    // The held event's hash is not the saved one, so it is treated as an outside change: the
    // document is clean, so it reloads what is on disk (our save) without a conflict.
    expect(t.doc().phase).toBe('clean');
    expect(t.doc().text).toBe('mine');
  });

  it('an external edit while dirty opens a conflict with the disk text; nothing is overwritten', async () => {
    const t = setup({ 'a.md': 'base' });
    await open(t, 'a.md');
    t.editor.type('my edit');
    const hash = t.ws.writeExternally('a.md', 'their edit');
    await t.store.getState().applyDiskChange({ path: 'a.md', change: 'changed', hash });
    expect(t.doc().phase).toBe('conflict');
    expect(t.doc().conflict).toEqual({ diskText: 'their edit', diskHash: hash });
    // Ctrl+S during a conflict does not write: the banner decides.
    await t.store.getState().saveDocument();
    expect(t.ws.files.get('a.md')!.text).toBe('their edit');
  });

  it('a save that meets CONFLICT (no event yet) shows the conflict', async () => {
    const t = setup({ 'a.md': 'base' });
    await open(t, 'a.md');
    t.editor.type('my edit');
    t.ws.writeExternally('a.md', 'their edit');
    await t.store.getState().saveDocument();
    expect(t.doc().phase).toBe('conflict');
    expect(t.doc().conflict?.diskText).toBe('their edit');
    expect(t.ws.files.get('a.md')!.text).toBe('their edit');
  });

  it('Overwrite saves the editor text against the disk hash', async () => {
    const t = setup({ 'a.md': 'base' });
    await open(t, 'a.md');
    t.editor.type('my edit');
    const hash = t.ws.writeExternally('a.md', 'their edit');
    await t.store.getState().applyDiskChange({ path: 'a.md', change: 'changed', hash });
    await t.store.getState().overwriteOnDisk();
    expect(t.ws.saves.at(-1)).toEqual({ path: 'a.md', text: 'my edit', expectedHash: hash });
    expect(t.ws.files.get('a.md')!.text).toBe('my edit');
    expect(t.doc().phase).toBe('clean');
    expect(t.doc().conflict).toBeNull();
  });

  it('Reload takes the disk text and drops the edit', async () => {
    const t = setup({ 'a.md': 'base' });
    await open(t, 'a.md');
    t.editor.type('my edit');
    const hash = t.ws.writeExternally('a.md', 'their edit');
    await t.store.getState().applyDiskChange({ path: 'a.md', change: 'changed', hash });
    const revision = t.doc().revision;
    await t.store.getState().reloadFromDisk();
    expect(t.doc()).toMatchObject({ text: 'their edit', hash, phase: 'clean', conflict: null, revision: revision + 1 });
  });

  it('a deleted file keeps its text, shows the banner, and the next save re-creates it', async () => {
    const t = setup({ 'a.md': 'keep me' });
    await open(t, 'a.md');
    t.ws.files.delete('a.md');
    await t.store.getState().applyDiskChange({ path: 'a.md', change: 'deleted', hash: null });
    expect(t.doc().deleted).toBe(true);
    expect(t.doc().text).toBe('keep me');
    await t.store.getState().saveDocument();
    expect(t.ws.saves.at(-1)?.expectedHash).toBeNull();
    expect(t.ws.files.get('a.md')!.text).toBe('keep me');
    expect(t.doc().deleted).toBe(false);
  });

  it('switching files keeps unsaved text as a draft and restores it', async () => {
    const t = setup({ 'a.md': 'a', 'b.md': 'b' });
    await open(t, 'a.md');
    t.editor.type('a edited');
    await open(t, 'b.md');
    expect(t.doc().path).toBe('b.md');
    await t.store.getState().openDocument('a.md');
    expect(t.doc().phase).toBe('dirty');
    expect(t.store.getState().takeRestoredDraft('a.md')).toBe('a edited');
  });

  it('session JSONL opens as a transcript, read-only, with the cited lines to highlight', async () => {
    const t = setup({ 'sessions/s1.jsonl': '{}' });
    await t.store.getState().openDocument('sessions/s1.jsonl', { startLine: 2, endLine: 2 });
    expect(t.doc()).toMatchObject({ view: 'transcript', readOnly: 'session', phase: 'clean' });
    expect(t.doc().transcript?.messages[0]?.line).toBe(2);
    expect(t.store.getState().editor.highlight).toMatchObject({ startLine: 2, endLine: 2 });
  });

  it('an open that fails shows the error instead of an empty editor', async () => {
    const t = setup({});
    await t.store.getState().openDocument('missing.md');
    expect(t.doc().phase).toBe('error');
    expect(t.doc().error).toContain('not found');
  });
});
