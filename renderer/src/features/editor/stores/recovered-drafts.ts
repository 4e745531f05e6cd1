// Drafts an earlier window left in the data dir (it crashed, or was closed with unsaved text):
// offered back at start, restored over the file as it is now — as a conflict, with Compare, when
// the file changed on disk since — or discarded.
import type { StoreApi } from 'zustand';
import type { FileContent } from '../../../../../shared/contract';
import { errorInfo, shownError } from '../../../lib/error-message';
import type { DraftPersistence } from './draft-persistence';
import type { DraftEntry, EditorPort, EditorSlice, OpenDocument } from './editor-types';

interface RecoveredContext {
  port: EditorPort;
  set: StoreApi<EditorSlice>['setState'];
  get: StoreApi<EditorSlice>['getState'];
  patchDoc(path: string, patch: Partial<OpenDocument>): void;
  /** Texts CodeMirror takes when it next loads the path (takeRestoredDraft). */
  restored: Map<string, string>;
  persistence: DraftPersistence;
  unsavedPaths(editor: EditorSlice['editor']): string[];
}

export function createRecoveredDraftActions(ctx: RecoveredContext) {
  const { port, set, get, patchDoc, restored, persistence } = ctx;
  return {
    /** Opens a draft with no document yet: the file as it is now, the draft's text on top. */
    async openRecovered(path: string, draft: DraftEntry, stillCurrent: () => boolean): Promise<void> {
      let content: FileContent | null = null;
      try {
        content = await port.readFile({ path });
      } catch (error) {
        if (errorInfo(error).code !== 'NOT_FOUND') {
          if (stillCurrent()) patchDoc(path, { phase: 'error', error: shownError(error) });
          return;
        }
      }
      if (!stillCurrent()) return;
      restored.set(path, draft.text);
      set((s) => {
        const drafts = { ...s.editor.drafts };
        delete drafts[path];
        return { editor: { ...s.editor, drafts } };
      });
      if (!content) {
        patchDoc(path, { phase: 'dirty', deleted: true, hash: null, revision: 1 });
        return;
      }
      const changedOnDisk = draft.baseHash !== content.hash;
      // `hash` stays the draft's base until the user resolves the conflict (Compare, Overwrite,
      // Reload): it is what the draft is kept with, so a reload or restart restores the conflict again.
      patchDoc(path, {
        text: content.text,
        hash: changedOnDisk ? draft.baseHash : content.hash,
        size: content.size,
        bom: content.bom,
        eol: content.eol,
        readOnly: content.readOnly,
        revision: 1,
        phase: changedOnDisk ? 'conflict' : 'dirty',
        conflict: changedOnDisk ? { diskText: content.text, diskHash: content.hash } : null,
      });
    },

    async loadRecoveredDrafts(): Promise<void> {
      if (!port.draftList) return;
      try {
        const list = await port.draftList();
        const open = new Set(ctx.unsavedPaths(get().editor));
        set((s) => ({ editor: { ...s.editor, recovered: list.filter((d) => !open.has(d.path)) } }));
      } catch (error) {
        // Not a write that failed: the banner says the drafts could not be read, in its own words.
        set((s) => ({ editor: { ...s.editor, draftError: shownError(error, 'editor:draftError.listFailed') } }));
      }
    },

    async restoreRecoveredDrafts(paths?: string[]): Promise<void> {
      const chosen = get().editor.recovered.filter((d) => !paths || paths.includes(d.path));
      if (chosen.length === 0) return;
      set((s) => ({
        editor: {
          ...s.editor,
          recovered: s.editor.recovered.filter((d) => !chosen.includes(d)),
          drafts: {
            ...s.editor.drafts,
            ...Object.fromEntries(chosen.map((d) => [d.path, { doc: null, text: d.text, baseHash: d.baseHash }])),
          },
        },
      }));
      await get().openDocument(chosen[0]!.path);
    },

    async discardRecoveredDrafts(paths?: string[]): Promise<void> {
      const chosen = get().editor.recovered.filter((d) => !paths || paths.includes(d.path));
      set((s) => ({ editor: { ...s.editor, recovered: s.editor.recovered.filter((d) => !chosen.includes(d)) } }));
      for (const draft of chosen) persistence.forget(draft.path);
    },
  };
}
