// The open document and the safe-save state machine. The editor's live text stays in CodeMirror
// (a 5 MB file must not be copied into the store on every keystroke); the store keeps what was
// loaded or saved, the hash a save must present, and the phase:
//
//   loading → clean ⇄ dirty → saving → clean | dirty (typed during the save) | conflict
//   clean  + changed on disk → silent reload        dirty + changed on disk → conflict
//   conflict → overwrite (save against the disk hash) | reload (take disk) | compare first
//   any    + deleted on disk → banner, text kept; the next save re-creates the file
//   clean  + checksum mismatch → banner; "accept as intended" rewrites checksum/updated on disk
//   too large → a read-only window of the file; paging loads the next or previous window
//
// Unsaved text never lives only in memory: files the user switched away from are kept in `drafts`,
// and every unsaved text is also written to the data dir (draft-persistence.ts), so after a crash
// or a closed window `recovered` offers it back. A restored draft whose file changed on disk
// meanwhile opens in `conflict`, with Compare.
import type { StateCreator } from 'zustand';
import type { FileContent } from '../../../../../shared/contract';
import { errorInfo, shownError } from '../../../lib/error-message';
import { Latest, slicePatch } from '../../../lib/slice-state';
import { createDraftPersistence, type DraftPersistence } from './draft-persistence';
import { createRecoveredDraftActions } from './recovered-drafts';

export type {
  DraftEntry,
  EditorBridge,
  EditorPhase,
  EditorPort,
  EditorSlice,
  LineRange,
  OpenDocument,
} from './editor-types';
import type { EditorBridge, EditorPort, EditorSlice, LineRange, OpenDocument } from './editor-types';

export function fromDisk(content: FileContent): Partial<OpenDocument> {
  return {
    text: content.text,
    hash: content.hash,
    size: content.size,
    liveSize: undefined,
    bom: content.bom,
    eol: content.eol,
    readOnly: content.readOnly,
    window: content.window ?? null,
    checksum: content.checksum ?? null,
  };
}

/** Every file with unsaved text: the open one when dirty, and the drafts of the others. */
export function unsavedPaths(editor: EditorSlice['editor']): string[] {
  const paths = new Set(Object.keys(editor.drafts));
  const doc = editor.doc;
  if (
    doc &&
    (doc.phase === 'dirty' ||
      doc.phase === 'conflict' ||
      doc.phase === 'saving' ||
      (doc.deleted && doc.view === 'text'))
  )
    paths.add(doc.path);
  return [...paths].sort();
}

export function isTranscriptPath(path: string): boolean {
  return /\.jsonl(\.(reset|deleted)\..*)?$/.test(path);
}

/**
 * The bytes the user's text was typed on. In a conflict that is still `hash`, never the disk's new
 * hash: a draft kept with the disk's hash would restore as plain "dirty" and its save would win.
 */
export function draftBase(doc: OpenDocument): string | null {
  return doc.deleted ? null : doc.hash;
}

export const initialEditorState: EditorSlice['editor'] = {
  doc: null,
  highlight: null,
  compareOpen: false,
  drafts: {},
  recovered: [],
  draftError: null,
};

export function createEditorSlice(
  port: EditorPort,
  options: { draftDelayMs?: number } = {},
): StateCreator<EditorSlice, [], [], EditorSlice> {
  let bridge: EditorBridge | null = null;
  const opens = new Latest();
  // Highlight identities (LineRange.seq), not a staleness gate: no Latest here.
  let highlightSeq = 0;
  const restored = new Map<string, string>();

  return (set, get) => {
    const current = () => get().editor.doc;
    const patch = slicePatch(set, 'editor');
    const persistence: DraftPersistence = createDraftPersistence(
      port,
      (error) => {
        if (error || get().editor.draftError) patch({ draftError: error });
      },
      options.draftDelayMs,
    );
    /** Keep the open document's live text in the data dir soon. */
    const persistOpen = () => {
      const doc = current();
      if (!doc || doc.view !== 'text') return;
      const path = doc.path;
      persistence.schedule(path, () => {
        const d = current();
        if (!d || d.path !== path || !bridge) return null;
        return { text: bridge.snapshot().text, baseHash: draftBase(d) };
      });
    };

    /** Asks the engine where the result's words are, and adds them to the highlight if it is still current. */
    async function loadMatches(path: string, highlight: LineRange) {
      if (!port.findMatches || !highlight.terms?.length) return;
      try {
        const matches = await port.findMatches({
          path,
          startLine: highlight.startLine,
          endLine: highlight.endLine,
          terms: highlight.terms.slice(0, 64),
        });
        set((s) =>
          s.editor.highlight?.seq === highlight.seq && s.editor.doc?.path === path
            ? { editor: { ...s.editor, highlight: { ...highlight, matches } } }
            : s,
        );
      } catch {
        // Marks are a help; the cited lines are highlighted anyway.
      }
    }

    /** Patch the open document only if it is still `path` (async results may arrive late). */
    const patchDoc = (path: string, patch: Partial<OpenDocument> | ((doc: OpenDocument) => Partial<OpenDocument>)) =>
      set((s) => {
        const doc = s.editor.doc;
        if (!doc || doc.path !== path) return s;
        const p = typeof patch === 'function' ? patch(doc) : patch;
        return { editor: { ...s.editor, doc: { ...doc, ...p } } };
      });
    const recoveredActions = createRecoveredDraftActions({
      port,
      set,
      get,
      patchDoc,
      restored,
      persistence,
      unsavedPaths,
    });

    async function loadConflict(path: string) {
      try {
        const disk = await port.readFile({ path });
        patchDoc(path, { phase: 'conflict', conflict: { diskText: disk.text, diskHash: disk.hash }, deleted: false });
      } catch (error) {
        const info = errorInfo(error);
        if (info.code === 'NOT_FOUND') patchDoc(path, { deleted: true, phase: 'dirty', hash: null });
        else patchDoc(path, { error: shownError(error), phase: 'dirty' });
      }
    }

    async function reloadSilently(path: string) {
      const doc = current();
      if (!doc) return;
      if (doc.view === 'transcript') {
        const transcript = await port.readTranscript({ path });
        patchDoc(path, { transcript, size: transcript.size, deleted: false });
        return;
      }
      const content = await port.readFile({ path });
      patchDoc(path, (d) => {
        // The user may have typed while we read: then this is a conflict, not a reload.
        if (d.phase !== 'clean')
          return { conflict: { diskText: content.text, diskHash: content.hash }, phase: 'conflict' };
        return { ...fromDisk(content), revision: d.revision + 1, deleted: false };
      });
    }

    async function saveText(
      path: string,
      snapshot: { text: string; token: unknown },
      expectedHash: string | null,
      overrideReadOnly = false,
    ) {
      patchDoc(path, { phase: 'saving', error: null });
      try {
        const result = await port.saveFile({
          path,
          text: snapshot.text,
          expectedHash,
          ...(overrideReadOnly ? { overrideReadOnly } : {}),
        });
        bridge?.markSaved(snapshot.token);
        const after = bridge?.snapshot().text;
        const typedMeanwhile = after !== undefined && after !== snapshot.text;
        // The engine refreshed the frontmatter checksum/updated: show what is on disk, unless the
        // user typed during the save (then their text stays; the next save refreshes again).
        const rewritten = result.text !== undefined && !typedMeanwhile;
        patchDoc(path, (d) => ({
          text: rewritten ? result.text! : snapshot.text,
          hash: result.hash,
          size: result.size,
          phase: typedMeanwhile ? 'dirty' : 'clean',
          conflict: null,
          deleted: false,
          savedAt: Date.now(),
          pendingDisk: null,
          checksum: result.text !== undefined ? null : d.checksum,
          // A plain save went through: the file's mode lets us write it now.
          readOnly: d.readOnly === 'file-mode' && !overrideReadOnly ? null : d.readOnly,
          // The editor already shows this text unless the engine rewrote it.
          revision: rewritten ? d.revision + 1 : d.revision,
        }));
        if (current()?.path === path && current()?.phase === 'clean') persistence.forget(path);
        else persistOpen();
        const pending = current()?.pendingDisk;
        if (pending && pending.hash !== result.hash) await get().applyDiskChange(pending);
      } catch (error) {
        const info = errorInfo(error);
        if (info.code === 'CONFLICT') {
          patchDoc(path, { phase: 'dirty', pendingDisk: null });
          await loadConflict(path);
        } else if (info.code === 'READ_ONLY') {
          // Made read-only since it was opened: say so, and offer "Save anyway" as at open.
          patchDoc(path, {
            phase: 'dirty',
            readOnly: 'file-mode',
            error: shownError(error, 'editor:error.notSaved'),
            pendingDisk: null,
          });
        } else {
          patchDoc(path, { phase: 'dirty', error: shownError(error, 'editor:error.saveFailed'), pendingDisk: null });
        }
      }
    }

    return {
      editor: initialEditorState,

      async openDocument(path, range) {
        const highlight: LineRange | null = range ? { ...range, seq: ++highlightSeq } : null;
        const doc = current();
        // A recovered draft being restored into the file that is already open (reopened after a
        // reload, unedited) goes through the draft path below, so its base and conflict survive.
        const restoring =
          get().editor.drafts[path]?.doc === null &&
          doc?.path === path &&
          !(doc.phase === 'dirty' || doc.phase === 'conflict' || doc.phase === 'saving');
        if (doc && doc.path === path && doc.phase !== 'error' && !restoring) {
          set((s) => ({ editor: { ...s.editor, highlight: highlight ?? s.editor.highlight } }));
          if (highlight) void loadMatches(path, highlight);
          return;
        }
        // Keep unsaved work of the file we are leaving (in memory, and in the data dir now).
        if (doc && (doc.phase === 'dirty' || doc.phase === 'conflict' || doc.phase === 'saving') && bridge) {
          const text = bridge.snapshot().text;
          const baseHash = draftBase(doc);
          set((s) => ({
            editor: { ...s.editor, drafts: { ...s.editor.drafts, [doc.path]: { doc, text, baseHash } } },
          }));
          void persistence.flush();
        }
        const seq = opens.next();
        const view = isTranscriptPath(path) ? 'transcript' : 'text';
        const loading: OpenDocument = {
          path,
          view,
          text: '',
          hash: null,
          revision: 0,
          readOnly: view === 'transcript' ? 'session' : null,
          bom: false,
          eol: 'lf',
          size: 0,
          phase: 'loading',
          deleted: false,
          conflict: null,
          pendingDisk: null,
          transcript: null,
          error: null,
          savedAt: null,
          window: null,
          checksum: null,
        };
        const draft = get().editor.drafts[path];
        if (draft?.doc) {
          const kept = draft.doc;
          restored.set(path, draft.text);
          set((s) => {
            const drafts = { ...s.editor.drafts };
            delete drafts[path];
            return {
              editor: {
                ...s.editor,
                drafts,
                highlight,
                compareOpen: false,
                doc: { ...kept, revision: kept.revision + 1 },
              },
            };
          });
          if (highlight) void loadMatches(path, highlight);
          return;
        }
        patch({ doc: loading, highlight, compareOpen: false });
        if (draft) {
          await recoveredActions.openRecovered(path, draft, () => opens.isCurrent(seq));
          if (highlight) void loadMatches(path, highlight);
          return;
        }
        if (highlight) void loadMatches(path, highlight);
        try {
          if (view === 'transcript') {
            const transcript = await port.readTranscript({ path });
            if (!opens.isCurrent(seq)) return;
            patchDoc(path, { transcript, size: transcript.size, phase: 'clean', revision: 1 });
          } else {
            const content = await port.readFile({ path });
            if (!opens.isCurrent(seq)) return;
            patchDoc(path, { ...fromDisk(content), phase: 'clean', revision: 1 });
          }
        } catch (error) {
          if (opens.isCurrent(seq)) patchDoc(path, { phase: 'error', error: shownError(error) });
        }
      },

      setEditorDirty(dirty) {
        const doc = current();
        if (!doc) return;
        if (doc.phase === 'clean' && dirty) patchDoc(doc.path, { phase: 'dirty' });
        else if (doc.phase === 'dirty' && !dirty) patchDoc(doc.path, { phase: 'clean' });
        // Every edit: keep the text in the data dir; typed back to the disk version: nothing to keep.
        if (dirty || doc.phase === 'conflict' || doc.deleted) persistOpen();
        else if (doc.phase === 'dirty' || doc.phase === 'clean') persistence.forget(doc.path);
      },

      setEditorLiveSize(bytes) {
        const doc = current();
        if (doc && doc.liveSize !== bytes) patchDoc(doc.path, { liveSize: bytes });
      },

      async saveDocument(options = {}) {
        const doc = current();
        if (!doc || doc.view !== 'text' || !bridge) return;
        // A read-only file mode is the one read-only reason a person may override, and only explicitly.
        // A plain save of such a file still goes to the engine: its READ_ONLY refusal is shown in words
        // (pressing Ctrl+S is never met with silence), and a file made writable since saves as usual.
        if (doc.readOnly && doc.readOnly !== 'file-mode') return;
        if (doc.phase === 'saving' || doc.phase === 'loading' || doc.phase === 'error') return;
        if (doc.phase === 'conflict') return; // the banner decides: overwrite, reload or compare
        if (doc.phase === 'clean' && !doc.deleted) return;
        await saveText(doc.path, bridge.snapshot(), doc.deleted ? null : doc.hash, options.overrideReadOnly === true);
      },

      async overwriteOnDisk(text) {
        const doc = current();
        if (!doc || !bridge) return;
        const snapshot = text === undefined ? bridge.snapshot() : { text, token: null };
        const expected = doc.conflict ? doc.conflict.diskHash : doc.deleted ? null : doc.hash;
        patch({ compareOpen: false });
        if (text !== undefined) {
          // The merged text replaces the editor's content first, so what is saved is what is shown.
          patchDoc(doc.path, (d) => ({ text, revision: d.revision + 1 }));
        }
        await saveText(doc.path, snapshot, expected);
      },

      async reloadFromDisk() {
        const doc = current();
        if (!doc) return;
        patch({ compareOpen: false });
        try {
          const content = await port.readFile({ path: doc.path });
          patchDoc(doc.path, (d) => ({
            ...fromDisk(content),
            revision: d.revision + 1,
            phase: 'clean',
            conflict: null,
            deleted: false,
            error: null,
          }));
          persistence.forget(doc.path);
        } catch (error) {
          patchDoc(doc.path, { error: shownError(error) });
        }
      },

      setCompareOpen: (compareOpen) => patch({ compareOpen }),

      async applyDiskChange(event) {
        const doc = current();
        if (!doc || doc.path !== event.path) {
          // A drafted file changed on disk: its next save will meet CONFLICT and show the banner.
          return;
        }
        if (doc.phase === 'saving') {
          patchDoc(doc.path, { pendingDisk: event });
          return;
        }
        if (doc.phase === 'loading') return;
        if (event.change === 'deleted') {
          patchDoc(doc.path, { deleted: true });
          return;
        }
        if (event.hash && event.hash === doc.hash && !doc.deleted) return; // our own save, or no real change
        try {
          if (doc.phase === 'clean' || doc.view === 'transcript') await reloadSilently(doc.path);
          else await loadConflict(doc.path);
        } catch (error) {
          patchDoc(doc.path, { error: shownError(error) });
        }
      },

      closeDocument: () => patch({ doc: null, highlight: null, compareOpen: false }),

      registerEditorBridge(next) {
        bridge = next;
      },

      readEditorText: () => bridge?.snapshot().text ?? null,

      takeRestoredDraft(path) {
        const text = restored.get(path) ?? null;
        restored.delete(path);
        return text;
      },

      ...recoveredActions,

      flushDrafts: () => persistence.flush(),

      resetForWorkspace: () =>
        set((s) => ({
          editor: {
            ...s.editor,
            doc: null,
            highlight: null,
            compareOpen: false,
            drafts: {},
            recovered: [],
            draftError: null,
          },
        })),

      async acceptChecksum() {
        const doc = current();
        // Only over a clean buffer: the rewrite changes the bytes an unsaved edit was based on.
        if (!doc || doc.phase !== 'clean' || !doc.hash || !doc.checksum || doc.checksum.ok) return;
        try {
          const result = await port.acceptChecksum({ path: doc.path, expectedHash: doc.hash });
          patchDoc(doc.path, (d) => ({
            text: result.text ?? d.text,
            hash: result.hash,
            size: result.size,
            checksum: null,
            error: null,
            revision: d.phase === 'clean' ? d.revision + 1 : d.revision,
          }));
        } catch (error) {
          const info = errorInfo(error);
          if (info.code === 'CONFLICT') await get().applyDiskChange({ path: doc.path, change: 'changed', hash: null });
          else patchDoc(doc.path, { error: shownError(error, 'editor:error.acceptChecksum') });
        }
      },

      async showWindow(offset, backward = false) {
        const doc = current();
        if (!doc?.window) return;
        try {
          const content = await port.readFile({ path: doc.path, offset, ...(backward ? { backward } : {}) });
          patchDoc(doc.path, (d) => ({ ...fromDisk(content), revision: d.revision + 1, error: null }));
        } catch (error) {
          patchDoc(doc.path, { error: shownError(error) });
        }
      },
    };
  };
}
