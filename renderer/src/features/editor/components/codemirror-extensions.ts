// CodeMirror pieces the editor is built from: Markdown with styled frontmatter, line numbers,
// in-file search, and a jump-to-lines highlight. Colours come from CSS variables (app theme),
// so light and dark follow the OS without rebuilding the editor.
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { HighlightStyle, syntaxHighlighting, bracketMatching } from '@codemirror/language';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { EditorState, RangeSetBuilder, StateEffect, StateField, type Extension, type Text } from '@codemirror/state';
import {
  Decoration, type DecorationSet, drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter,
  highlightSpecialChars, keymap, lineNumbers, type ViewUpdate,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';

/** Frontmatter is only looked for in the first lines; YAML blocks are never that long. */
const FRONTMATTER_MAX_LINES = 200;

export const markdownHighlight = HighlightStyle.define([
  { tag: tags.heading1, class: 'tok-h1' },
  { tag: tags.heading2, class: 'tok-h2' },
  { tag: [tags.heading3, tags.heading4, tags.heading5, tags.heading6], class: 'tok-h3' },
  { tag: tags.strong, class: 'tok-strong' },
  { tag: tags.emphasis, class: 'tok-em' },
  { tag: tags.link, class: 'tok-link' },
  { tag: tags.url, class: 'tok-url' },
  { tag: tags.monospace, class: 'tok-code' },
  { tag: tags.quote, class: 'tok-quote' },
  { tag: [tags.processingInstruction, tags.meta], class: 'tok-meta' },
  { tag: tags.contentSeparator, class: 'tok-hr' },
]);

/** 1-based line of the closing `---`, or 0 when the document has no frontmatter. */
export function frontmatterEnd(doc: Text): number {
  if (doc.lines < 2 || doc.line(1).text.replace(/^\uFEFF/, '').trimEnd() !== '---') return 0;
  const last = Math.min(doc.lines, FRONTMATTER_MAX_LINES);
  for (let n = 2; n <= last; n++) {
    const text = doc.line(n).text.trimEnd();
    if (text === '---' || text === '...') return n;
  }
  return 0;
}

const fmLine = Decoration.line({ class: 'cm-frontmatter' });
const fmFence = Decoration.line({ class: 'cm-frontmatter cm-frontmatter-fence' });
const fmKey = Decoration.mark({ class: 'cm-frontmatter-key' });

function frontmatterDecorations(doc: Text): DecorationSet {
  const end = frontmatterEnd(doc);
  const builder = new RangeSetBuilder<Decoration>();
  for (let n = 1; n <= end; n++) {
    const line = doc.line(n);
    builder.add(line.from, line.from, n === 1 || n === end ? fmFence : fmLine);
    const key = n > 1 && n < end ? /^([\w.-]+)\s*:/.exec(line.text) : null;
    if (key?.[1]) builder.add(line.from, line.from + key[1].length, fmKey);
  }
  return builder.finish();
}

const frontmatterField = StateField.define<DecorationSet>({
  create: (state) => frontmatterDecorations(state.doc),
  update: (deco, tr) => {
    if (!tr.docChanged) return deco;
    // Only edits near the top can change the frontmatter; elsewhere just map positions.
    let touchesTop = false;
    const limit = tr.startState.doc.lines > FRONTMATTER_MAX_LINES ? tr.startState.doc.line(FRONTMATTER_MAX_LINES).to : tr.startState.doc.length;
    tr.changes.iterChangedRanges((fromA) => {
      if (fromA <= limit) touchesTop = true;
    });
    return touchesTop ? frontmatterDecorations(tr.state.doc) : deco.map(tr.changes);
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** Jump-to-lines: highlight a 1-based line range (from a search or timeline hit). */
export const setHighlightedLines = StateEffect.define<{ startLine: number; endLine: number } | null>();

const hitLine = Decoration.line({ class: 'cm-hit-line' });

const highlightField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setHighlightedLines)) continue;
      if (!effect.value) {
        deco = Decoration.none;
        continue;
      }
      const doc = tr.state.doc;
      const start = Math.max(1, Math.min(effect.value.startLine, doc.lines));
      const end = Math.max(start, Math.min(effect.value.endLine, doc.lines));
      const builder = new RangeSetBuilder<Decoration>();
      for (let n = start; n <= end; n++) builder.add(doc.line(n).from, doc.line(n).from, hitLine);
      deco = builder.finish();
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** Scroll a line range into view (centred) and highlight it. */
export function jumpToLines(view: EditorView, startLine: number, endLine: number): void {
  const doc = view.state.doc;
  const start = Math.max(1, Math.min(startLine, doc.lines));
  const line = doc.line(start);
  view.dispatch({
    effects: [setHighlightedLines.of({ startLine, endLine }), EditorView.scrollIntoView(line.from, { y: 'center' })],
    selection: { anchor: line.from },
  });
}

export interface EditorExtensionOptions {
  readOnly: boolean;
  /** CodeMirror splits lines on any break but joins with this one: keep the file's own. */
  lineSeparator: string;
  onSave(): void;
  onDocChanged(update: ViewUpdate): void;
}

export function editorExtensions(options: EditorExtensionOptions): Extension[] {
  return [
    EditorState.lineSeparator.of(options.lineSeparator),
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    highlightActiveLine(),
    bracketMatching(),
    highlightSelectionMatches(),
    search({ top: true }),
    markdown(),
    syntaxHighlighting(markdownHighlight),
    frontmatterField,
    highlightField,
    EditorView.lineWrapping,
    EditorState.readOnly.of(options.readOnly),
    EditorView.editable.of(!options.readOnly),
    keymap.of([
      { key: 'Mod-s', preventDefault: true, run: () => { options.onSave(); return true; } },
      ...searchKeymap,
      ...historyKeymap,
      ...defaultKeymap,
      indentWithTab,
    ]),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) options.onDocChanged(update);
    }),
    EditorView.contentAttributes.of({ 'data-testid': 'editor-content', spellcheck: 'false' }),
  ];
}

/** One side of the compare view: Markdown, line numbers, the file's own line separator. */
export function compareExtensions(readOnly: boolean, lineSeparator: string): Extension[] {
  return [
    EditorState.lineSeparator.of(lineSeparator),
    lineNumbers(),
    highlightSpecialChars(),
    history(),
    markdown(),
    syntaxHighlighting(markdownHighlight),
    EditorView.lineWrapping,
    EditorState.readOnly.of(readOnly),
    EditorView.editable.of(!readOnly),
    keymap.of([...historyKeymap, ...defaultKeymap]),
  ];
}

/** The separator that reproduces the file's bytes: CRLF files keep CRLF; mixed files keep LF joins
 * (their CRs stay inside the lines, so the bytes still round-trip). */
export function lineSeparatorFor(eol: 'lf' | 'crlf' | 'mixed' | 'none'): string {
  return eol === 'crlf' ? '\r\n' : '\n';
}
