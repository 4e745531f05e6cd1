import { utf8Length } from '../../../lib/utf8-length';
import { initialCursor } from './initial-cursor';
import { useEffect, useRef } from 'react';
import { EditorState, Transaction, type Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { annotationChips } from './annotation-chips';
import { editorExtensions, jumpToLines, lineSeparatorFor, markCitedRange } from './codemirror-extensions';
import { budgetExtension, setEditorBudgetParams } from './budget-extension';
import { registerBudgetBridge } from './budget-editor-bridge';
import { lineNotesExtension, setLineNotes, type LineNote } from './line-notes-extension';
import { secretMaskExtension } from '../../../lib/secret-mask-extension';
import { useSecretMaskStrings } from '../../../lib/use-secret-mask-strings';
import { useLineNotes } from '../stores/line-notes-store-context';
import { budgetStore, useBudget } from '../stores/budget-store-context';
import { editorStore, useEditor } from '../stores/editor-store-context';

/**
 * The CodeMirror view for the open text document. It owns the live text; the store learns only
 * whether it differs from what was loaded or saved (`baseDoc`), and reads it through the bridge.
 */
export function CodeEditor() {
  const store = editorStore.useSliceStore();
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const baseDoc = useRef<Text | null>(null);
  const shown = useRef<{ path: string; revision: number } | null>(null);
  /** The budget parameters last handed to the current editor state. */
  const shownBudget = useRef<string | null>(null);
  /** The highlight seq last jumped to. */
  const jumped = useRef<number | null>(null);
  const { path, revision, readOnly, eol, firstLine } = useEditor((s) => ({
    path: s.editor.doc?.path ?? null,
    revision: s.editor.doc?.revision ?? 0,
    readOnly: s.editor.doc?.readOnly ?? null,
    eol: s.editor.doc?.eol ?? 'lf',
    // A window of a large file numbers its lines as the file does.
    firstLine: s.editor.doc?.window?.startLine ?? 1,
  }));
  const highlight = useEditor((s) => s.editor.highlight);
  const budget = budgetStore.useSliceStore();
  const budgetParams = useBudget((s) => s.budget.params);
  const lineNotes = useLineNotes((s) => s.lineNotes);
  const shownNotes = useRef<readonly LineNote[] | null>(null);
  const bom = useEditor((s) => s.editor.doc?.bom ?? false);
  const maskStrings = useSecretMaskStrings();

  // One EditorView for the component's life; documents swap its state.
  useEffect(() => {
    const view = new EditorView({ parent: hostRef.current! });
    viewRef.current = view;
    const { registerEditorBridge } = store.getState();
    registerEditorBridge({
      // sliceDoc joins lines with the file's own separator; Text.toString() would always use \n.
      snapshot: () => ({ text: view.state.sliceDoc(), token: view.state.doc }),
      markSaved: (token) => {
        if (token && typeof token === 'object') baseDoc.current = token as Text;
        store.getState().setEditorDirty(!!baseDoc.current && !view.state.doc.eq(baseDoc.current));
      },
    });
    const unregisterBudget = registerBudgetBridge(view, budget.getState());
    return () => {
      unregisterBudget();
      registerEditorBridge(null);
      view.destroy();
      viewRef.current = null;
      shown.current = null;
    };
  }, [store, budget]);

  // Load a new document (new state, fresh history) or replace the content of the same one.
  useEffect(() => {
    const view = viewRef.current;
    const state = store.getState();
    const doc = state.editor.doc;
    if (!view || !doc || !path || revision === 0 || doc.view !== 'text') return;
    if (shown.current && shown.current.path === path && shown.current.revision === revision) return;
    const draft = state.takeRestoredDraft(path);
    const samePath = shown.current?.path === path;
    shown.current = { path, revision };

    // Windows of a large file get a fresh state: their line numbers start elsewhere.
    if (samePath && !draft && !doc.window) {
      // Silent reload or conflict resolution: keep the cursor and scroll where they were.
      const head = view.state.selection.main.head;
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: doc.text },
        selection: { anchor: Math.min(head, doc.text.length) },
        annotations: Transaction.addToHistory.of(false),
      });
      baseDoc.current = view.state.doc;
      store.getState().setEditorDirty(false);
      return;
    }
    const extensions = editorExtensions({
      // A read-only file mode can be overridden ("Save anyway"), so its text stays editable.
      readOnly: readOnly !== null && readOnly !== 'file-mode',
      lineSeparator: lineSeparatorFor(eol),
      firstLine,
      onSave: () => void store.getState().saveDocument(),
      onDocChanged: (update) => {
        if (!baseDoc.current) return;
        store.getState().setEditorDirty(!update.state.doc.eq(baseDoc.current));
        // The header's size follows the buffer, in the bytes a save would write.
        store.getState().setEditorLiveSize(bufferBytes(update.state, store.getState().editor.doc?.bom ?? false));
      },
    });
    extensions.push(
      budgetExtension((live) => budget.getState().setLiveBudget(live)),
      lineNotesExtension(),
      secretMaskExtension(maskStrings),
    );
    if (path) extensions.push(annotationChips(path));
    const base = EditorState.create({ doc: doc.text, extensions });
    baseDoc.current = base.doc;
    view.setState(draft === null ? base : EditorState.create({ doc: draft, extensions }));
    if (draft !== null) store.getState().setEditorDirty(!view.state.doc.eq(base.doc));
    store.getState().setEditorLiveSize(bufferBytes(view.state, state.editor.doc?.bom ?? false));
    const hl = store.getState().editor.highlight;
    jumped.current = hl?.seq ?? null;
    if (hl) jumpToLines(view, hl);
    else {
      if (draft === null)
        view.dispatch({
          selection: { anchor: Math.min(initialCursor(doc.text.replace(/\r\n?/g, '\n')), view.state.doc.length) },
        });
      view.scrollDOM.scrollTop = 0;
    }
    // Not when the person went on typing elsewhere while the file loaded (the file filter, say):
    // their next keys would land in the file.
    if (readOnly === null && !typingElsewhere(view)) view.focus();
    // A new state starts without budget parameters or notes; the effects below hand them over again.
    shownBudget.current = null;
    shownNotes.current = null;
  }, [store, budget, path, revision, readOnly, eol, firstLine]);

  // Notes for the gutter (the agent's importance / triggers / project / origin per chunk).
  useEffect(() => {
    const view = viewRef.current;
    if (!view || !path || revision === 0) return;
    const notes = lineNotes && lineNotes.path === path ? lineNotes.notes : [];
    if (shownNotes.current === notes) return;
    shownNotes.current = notes;
    view.dispatch({ effects: setLineNotes.of(notes) });
  }, [lineNotes, path, revision]);

  // The bootstrap budget for this file (from the engine's report): shade what the agent will not see.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || !shown.current) return;
    const params = budgetParams && budgetParams.path === path ? { ...budgetParams, bom } : null;
    const key = JSON.stringify([params, revision]);
    if (shownBudget.current === key) return;
    shownBudget.current = key;
    view.dispatch({ effects: setEditorBudgetParams.of(params) });
    if (!params) budget.getState().setLiveBudget(null);
  }, [budget, budgetParams, path, revision, bom]);

  // Jump to a search/timeline hit in the file that is already open; when only its matched words
  // arrive (the same jump), mark them without moving the view the user may have scrolled.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || !highlight || !shown.current) return;
    if (jumped.current === highlight.seq) markCitedRange(view, highlight);
    else jumpToLines(view, highlight);
    jumped.current = highlight.seq;
  }, [highlight]);

  return (
    <div
      className="code-editor"
      data-testid="editor"
      data-path={path ?? undefined}
      data-revision={revision}
      ref={hostRef}
    />
  );
}

/** Focus is in a text field outside this editor. */
function typingElsewhere(view: EditorView): boolean {
  const active = view.dom.ownerDocument.activeElement;
  if (!active || view.dom.contains(active)) return false;
  return (
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    (active instanceof HTMLElement && active.isContentEditable)
  );
}

/** What a save would write: the text with the file's line endings, in UTF-8, and its BOM. */
function bufferBytes(state: EditorState, bom: boolean): number {
  return utf8Length(state.sliceDoc()) + (bom ? 3 : 0);
}
