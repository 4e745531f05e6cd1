// The budget slice's hands in CodeMirror: replace a run of lines as one undoable edit, find a
// line, read lines with the file's own separator, jump to a line.
import type { EditorView } from '@codemirror/view';
import type { BudgetSlice } from '../stores/budget-slice';
import { jumpToLines } from './codemirror-extensions';

export function registerBudgetBridge(view: EditorView, slice: Pick<BudgetSlice, 'registerBudgetBridge'>): () => void {
  const inRange = (line: number) => line >= 1 && line <= view.state.doc.lines;
  slice.registerBudgetBridge({
    replaceLines(startLine, endLine, text) {
      if (!inRange(startLine) || !inRange(endLine) || endLine < startLine) return false;
      const doc = view.state.doc;
      const from = doc.line(startLine).from;
      const to = doc.line(endLine).to;
      view.dispatch({
        changes: { from, to, insert: text },
        userEvent: 'input.move-section',
        scrollIntoView: true,
        selection: { anchor: from },
      });
      return true;
    },
    findLine(text, near) {
      const doc = view.state.doc;
      let best: number | null = null;
      for (let n = 1; n <= doc.lines; n++) {
        if (doc.line(n).text === text && (best === null || Math.abs(n - near) < Math.abs(best - near))) best = n;
      }
      return best;
    },
    linesText(startLine, endLine) {
      const doc = view.state.doc;
      return view.state.sliceDoc(doc.line(startLine).from, doc.line(endLine).to);
    },
    jumpToLine(line) {
      if (inRange(line)) jumpToLines(view, { startLine: line, endLine: line });
    },
  });
  return () => slice.registerBudgetBridge(null);
}
