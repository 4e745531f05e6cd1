import { describe, expect, it } from 'vitest';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { Text } from '@codemirror/state';
import { createEditorSlice, unsavedPaths, type EditorBridge, type EditorSlice } from './editor-slice';
import { FakeWorkspace } from '../../../test-support/fake-workspace-api';
import { MemoryLensError } from '../../../../../shared/errors';
import { createI18n } from '../../../../../shared/i18n';
import { englishLeft } from '../../../../../shared/test-support/english-left';
import { shownText } from '../../../lib/error-message';

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

function setup(files: Record<string, string>, ws = new FakeWorkspace(files)) {
  const store = createStore<EditorSlice>()(createEditorSlice(ws.api, { draftDelayMs: 0 }));
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
    expect(t.doc().error?.message).toContain('not found');
  });
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('drafts that survive the window', () => {
  it('writes unsaved text to the data dir soon after an edit, and forgets it once saved', async () => {
    const t = setup({ 'USER.md': 'me\n' });
    await open(t, 'USER.md');
    t.editor.type('me\nand my draft\n');
    await settle();
    expect(t.ws.drafts.get('USER.md')).toMatchObject({ text: 'me\nand my draft\n', baseHash: t.doc().hash });
    await t.store.getState().saveDocument();
    await settle();
    expect(t.ws.drafts.has('USER.md')).toBe(false);
  });

  it('typing back to the disk version forgets the draft', async () => {
    const t = setup({ 'a.md': 'x' });
    await open(t, 'a.md');
    t.editor.type('xy');
    await settle();
    expect(t.ws.drafts.has('a.md')).toBe(true);
    t.editor.type('x');
    await settle();
    expect(t.ws.drafts.has('a.md')).toBe(false);
  });

  it('lists every unsaved file: the open one and those switched away from', async () => {
    const t = setup({ 'USER.md': 'u', 'MEMORY.md': 'm' });
    await open(t, 'USER.md');
    t.editor.type('u2');
    await open(t, 'MEMORY.md');
    expect(unsavedPaths(t.store.getState().editor)).toEqual(['USER.md']);
    t.editor.type('m2');
    expect(unsavedPaths(t.store.getState().editor)).toEqual(['MEMORY.md', 'USER.md']);
  });

  it('offers drafts left by an earlier window and restores them over the file as it is', async () => {
    const first = setup({ 'USER.md': 'base\n', 'MEMORY.md': 'mem\n' });
    await open(first, 'USER.md');
    first.editor.type('base\nunsaved line\n');
    await settle();
    // The window is gone (crash, closed tab); a new one starts on the same data dir.
    const second = setup({}, first.ws);
    await second.store.getState().loadRecoveredDrafts();
    expect(second.store.getState().editor.recovered.map((d) => d.path)).toEqual(['USER.md']);
    await second.store.getState().restoreRecoveredDrafts();
    expect(second.doc()).toMatchObject({ path: 'USER.md', phase: 'dirty', text: 'base\n' });
    expect(second.store.getState().takeRestoredDraft('USER.md')).toBe('base\nunsaved line\n');
    expect(second.store.getState().editor.recovered).toEqual([]);
  });

  it('drafts that cannot be read at start are said as such (not as text that could not be kept), in either language', async () => {
    const t = setup({ 'USER.md': 'base\n' });
    t.ws.api.draftList = async () => {
      throw new MemoryLensError('NOT_ALLOWED', {
        messageId: 'errors:fs.permission',
        params: { action: 'read', path: 'drafts/' },
      });
    };
    await t.store.getState().loadRecoveredDrafts();
    const shown = t.store.getState().editor.draftError!;
    expect(shownText(createI18n('en').t, shown)).toBe(
      'Unsaved drafts could not be read: Cannot read drafts/: permission denied.',
    );
    const chinese = shownText(createI18n('zh-CN').t, shown);
    expect(chinese).toBe('无法读取未保存的草稿：无法读取 drafts/：权限不足。');
    expect(englishLeft(chinese)).toEqual([]);
  });

  it('a restored draft whose file changed on disk meanwhile opens as a conflict', async () => {
    const first = setup({ 'USER.md': 'base\n' });
    await open(first, 'USER.md');
    first.editor.type('mine\n');
    await settle();
    first.ws.writeExternally('USER.md', 'theirs\n');
    const second = setup({}, first.ws);
    await second.store.getState().loadRecoveredDrafts();
    await second.store.getState().restoreRecoveredDrafts(['USER.md']);
    expect(second.doc()).toMatchObject({ phase: 'conflict', conflict: { diskText: 'theirs\n' } });
  });

  it('a conflicted draft keeps the base it was typed on until the user resolves it, window after window', async () => {
    const first = setup({ 'USER.md': 'base\n' });
    await open(first, 'USER.md');
    const base = first.doc().hash;
    first.editor.type('mine\n');
    await settle();
    first.ws.writeExternally('USER.md', 'base\nexternal line A\n');
    // A conflict in this window: the kept draft still names the old base.
    await first.store
      .getState()
      .applyDiskChange({ path: 'USER.md', change: 'changed', hash: first.ws.files.get('USER.md')!.hash });
    expect(first.doc().phase).toBe('conflict');
    first.editor.type('mine, more\n');
    await settle();
    expect(first.ws.drafts.get('USER.md')?.baseHash).toBe(base);
    // Restored in a second window, re-kept there, restored in a third: a conflict each time.
    for (let round = 0; round < 2; round++) {
      const next = setup({}, first.ws);
      await next.store.getState().loadRecoveredDrafts();
      await next.store.getState().restoreRecoveredDrafts(['USER.md']);
      expect(next.doc().phase).toBe('conflict');
      next.editor.load(next.doc().text);
      next.editor.type(next.store.getState().takeRestoredDraft('USER.md')!);
      await settle();
      expect(first.ws.drafts.get('USER.md')?.baseHash).toBe(base);
      await next.store.getState().saveDocument();
      expect(first.ws.files.get('USER.md')!.text).toBe('base\nexternal line A\n');
    }
  });

  it('discarding recovered drafts deletes them from the data dir', async () => {
    const first = setup({ 'USER.md': 'base' });
    await open(first, 'USER.md');
    first.editor.type('draft');
    await settle();
    const second = setup({}, first.ws);
    await second.store.getState().loadRecoveredDrafts();
    await second.store.getState().discardRecoveredDrafts();
    await settle();
    expect(first.ws.drafts.size).toBe(0);
  });
});

describe('matched words of a search hit', () => {
  it('asks the engine where the terms are and keeps them with the highlighted range', async () => {
    const t = setup({ 'memory/a.md': 'one\nbudget two\n' });
    t.ws.matches.set('memory/a.md', [{ line: 2, start: 0, end: 6 }]);
    await t.store.getState().openDocument('memory/a.md', { startLine: 1, endLine: 2, terms: ['budget'] });
    await settle();
    expect(t.store.getState().editor.highlight).toMatchObject({
      startLine: 1,
      endLine: 2,
      matches: [{ line: 2, start: 0, end: 6 }],
    });
  });
});

describe('editor: frontmatter checksum', () => {
  it('shows a mismatch, and "accept as intended" reloads what the engine rewrote', async () => {
    const t = setup({ 'memory/f.md': '---\nchecksum: stale\n---\nbody\n' });
    await open(t, 'memory/f.md');
    expect(t.doc().checksum).toMatchObject({ ok: false });
    const revision = t.doc().revision;
    await t.store.getState().acceptChecksum();
    expect(t.doc()).toMatchObject({
      text: '---\nchecksum: ok\n---\nbody\n',
      checksum: null,
      phase: 'clean',
      revision: revision + 1,
    });
    expect(t.doc().hash).toBe(t.ws.files.get('memory/f.md')!.hash);
  });

  it('does not accept over unsaved edits (they were made against the old bytes)', async () => {
    const t = setup({ 'memory/f.md': '---\nchecksum: stale\n---\nbody\n' });
    await open(t, 'memory/f.md');
    t.editor.type('---\nchecksum: stale\n---\nbody edited\n');
    await t.store.getState().acceptChecksum();
    expect(t.ws.files.get('memory/f.md')!.text).toBe('---\nchecksum: stale\n---\nbody\n');
    expect(t.doc().phase).toBe('dirty');
  });
});

describe('editor: a save the engine rewrote', () => {
  it('shows the text as written (refreshed checksum) when nothing was typed during the save', async () => {
    const t = setup({ 'memory/f.md': 'x' });
    await open(t, 'memory/f.md');
    const api = t.ws.api;
    const save = api.saveFile;
    api.saveFile = async (args) => ({ ...(await save(args)), text: `${args.text}\nrefreshed` });
    t.editor.type('mine');
    const revision = t.doc().revision;
    await t.store.getState().saveDocument();
    expect(t.doc()).toMatchObject({ text: 'mine\nrefreshed', phase: 'clean', revision: revision + 1 });
  });
});
