// CodeMirror pieces the editor is built from: Markdown with styled frontmatter, line numbers,
// in-file search, and a jump-to-lines highlight. Colours come from CSS variables (app theme),
// so light and dark follow the OS without rebuilding the editor.
import { compareChromeTheme, findPanelTheme } from './editor-chrome-theme';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { HighlightStyle, syntaxHighlighting, bracketMatching } from '@codemirror/language';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import {
  EditorState,
  RangeSet,
  RangeSetBuilder,
  StateEffect,
  StateField,
  type Extension,
  type Text,
} from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  drawSelection,
  EditorView,
  gutter,
  GutterMarker,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  type ViewUpdate,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { LineMatch } from '../../../../../shared/domain';

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
  if (
    doc.lines < 2 ||
    doc
      .line(1)
      .text.replace(/^\uFEFF/, '')
      .trimEnd() !== '---'
  )
    return 0;
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
    const limit =
      tr.startState.doc.lines > FRONTMATTER_MAX_LINES
        ? tr.startState.doc.line(FRONTMATTER_MAX_LINES).to
        : tr.startState.doc.length;
    tr.changes.iterChangedRanges((fromA) => {
      if (fromA <= limit) touchesTop = true;
    });
    return touchesTop ? frontmatterDecorations(tr.state.doc) : deco.map(tr.changes);
  },
  provide: (f) => EditorView.decorations.from(f),
});

/**
 * Jump-to-lines: a 1-based cited range (from a search or timeline hit), tinted and marked in the
 * gutter, with the matched words the engine found (findMatches) marked inside it.
 */
export interface CitedRange {
  startLine: number;
  endLine: number;
  matches?: readonly LineMatch[];
}

export const setHighlightedLines = StateEffect.define<CitedRange | null>();

const hitLine = Decoration.line({ class: 'cm-hit-line' });
const matchMark = Decoration.mark({ class: 'cm-match', attributes: { 'data-testid': 'editor-match' } });

class CitedMarker extends GutterMarker {
  override elementClass = 'cm-cited-marker';
  override toDOM(): Node {
    const el = document.createElement('span');
    el.title = 'Cited by the search result';
    return el;
  }
}
const citedMarker = new CitedMarker();

function clampRange(doc: Text, range: CitedRange): [number, number] {
  const start = Math.max(1, Math.min(range.startLine, doc.lines));
  return [start, Math.max(start, Math.min(range.endLine, doc.lines))];
}

function citedDecorations(doc: Text, range: CitedRange): DecorationSet {
  const [start, end] = clampRange(doc, range);
  const byLine = new Map<number, LineMatch[]>();
  for (const m of range.matches ?? []) {
    if (m.line < start || m.line > end) continue;
    const list = byLine.get(m.line) ?? [];
    list.push(m);
    byLine.set(m.line, list);
  }
  const builder = new RangeSetBuilder<Decoration>();
  for (let n = start; n <= end; n++) {
    const line = doc.line(n);
    builder.add(line.from, line.from, hitLine);
    const marks = (byLine.get(n) ?? []).sort((a, b) => a.start - b.start);
    let last = line.from;
    for (const m of marks) {
      // Ranges are the engine's, for the text it read; clamp in case the line was edited since.
      const from = Math.max(last, line.from + Math.min(m.start, line.length));
      const to = line.from + Math.min(m.end, line.length);
      if (to <= from) continue;
      builder.add(from, to, matchMark);
      last = to;
    }
  }
  return builder.finish();
}

const highlightField = StateField.define<{ deco: DecorationSet; gutter: RangeSet<GutterMarker> }>({
  create: () => ({ deco: Decoration.none, gutter: RangeSet.empty }),
  update(value, tr) {
    let { deco, gutter: markers } = value;
    deco = deco.map(tr.changes);
    markers = markers.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setHighlightedLines)) continue;
      if (!effect.value) {
        deco = Decoration.none;
        markers = RangeSet.empty;
        continue;
      }
      const doc = tr.state.doc;
      deco = citedDecorations(doc, effect.value);
      const [start, end] = clampRange(doc, effect.value);
      const builder = new RangeSetBuilder<GutterMarker>();
      for (let n = start; n <= end; n++) builder.add(doc.line(n).from, doc.line(n).from, citedMarker);
      markers = builder.finish();
    }
    return { deco, gutter: markers };
  },
  provide: (f) => EditorView.decorations.from(f, (v) => v.deco),
});

/** The gutter bar beside the cited lines. */
const citedGutter = gutter({
  class: 'cm-cited-gutter',
  markers: (view) => view.state.field(highlightField).gutter,
});

/** Scroll a cited range into view (centred on its first matched word, else its first line) and mark it. */
export function jumpToLines(view: EditorView, range: CitedRange): void {
  const doc = view.state.doc;
  const [start] = clampRange(doc, range);
  const firstMatch = range.matches?.find((m) => m.line >= start);
  const line = doc.line(firstMatch && firstMatch.line <= doc.lines ? firstMatch.line : start);
  view.dispatch({
    effects: [setHighlightedLines.of(range), EditorView.scrollIntoView(line.from, { y: 'center' })],
    selection: { anchor: line.from },
  });
}

/** Marks the matched words of the range already shown, without moving the view. */
export function markCitedRange(view: EditorView, range: CitedRange): void {
  view.dispatch({ effects: setHighlightedLines.of(range) });
}

export interface EditorExtensionOptions {
  readOnly: boolean;
  /** CodeMirror splits lines on any break but joins with this one: keep the file's own. */
  lineSeparator: string;
  /** Number shown for the first line (a window of a large file starts further down). */
  firstLine?: number;
  onSave(): void;
  onDocChanged(update: ViewUpdate): void;
}

export function editorExtensions(options: EditorExtensionOptions): Extension[] {
  return [
    EditorState.lineSeparator.of(options.lineSeparator),
    citedGutter,
    lineNumbers(
      options.firstLine && options.firstLine > 1 ? { formatNumber: (n) => String(n + options.firstLine! - 1) } : {},
    ),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    highlightActiveLine(),
    bracketMatching(),
    highlightSelectionMatches(),
    search({ top: true }),
    findPanelTheme,
    markdown(),
    syntaxHighlighting(markdownHighlight),
    frontmatterField,
    highlightField,
    EditorView.lineWrapping,
    EditorState.readOnly.of(options.readOnly),
    EditorView.editable.of(!options.readOnly),
    keymap.of([
      {
        key: 'Mod-s',
        preventDefault: true,
        run: () => {
          options.onSave();
          return true;
        },
      },
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
    compareChromeTheme,
  ];
}

/** The separator that reproduces the file's bytes: CRLF files keep CRLF; mixed files keep LF joins
 * (their CRs stay inside the lines, so the bytes still round-trip). */
export function lineSeparatorFor(eol: 'lf' | 'crlf' | 'mixed' | 'none'): string {
  return eol === 'crlf' ? '\r\n' : '\n';
}
