// CodeMirror extension: redoes OpenClaw's budget for the open bootstrap file on every change (the
// same shared arithmetic the engine runs) and shades what the agent will not see. The arithmetic
// works on the file's text as OpenClaw reads it — the editor's lines joined with the file's own
// line separator, a BOM counted as one character — and its offsets are mapped back to editor
// positions (which count any line break as one).
import type { EditorState } from '@codemirror/state';
import { StateEffect, StateField, type Extension, type Range } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';
import { budgetOneFile, type FileBudget } from '../../../../../shared/bootstrap-budget';
import { bootstrapProfile, MAX_BOOTSTRAP_FILE_BYTES } from '../../../../../shared/bootstrap-profiles';
import { budgetLevel } from '../../../../../shared/context-summary';
import type { BudgetParams, LiveBudget } from '../stores/budget-slice';

export type EditorBudgetParams = BudgetParams & { bom: boolean };

export const setEditorBudgetParams = StateEffect.define<EditorBudgetParams | null>();

interface BudgetState {
  params: EditorBudgetParams | null;
  budget: FileBudget | null;
  /** Dropped ranges as editor positions. */
  ranges: { from: number; to: number }[];
  deco: DecorationSet;
}

const droppedMark = Decoration.mark({
  class: 'cm-budget-dropped',
  attributes: { title: 'The agent does not see this (cut by the bootstrap budget)' },
});
const droppedLine = Decoration.line({ class: 'cm-budget-dropped-line' });

/** The text OpenClaw would read for this editor state (BOM included). */
export function fileTextOf(state: EditorState, bom: boolean): string {
  return (bom ? '\uFEFF' : '') + state.sliceDoc();
}

/** Offset in the file text → editor position. */
function toPosition(state: EditorState, offset: number, shift: number): number {
  const doc = state.doc;
  const extra = state.lineBreak.length - 1;
  const o = Math.max(0, offset - shift);
  // Line n starts at doc.line(n).from + (n - 1) * extra in the file text.
  let lo = 1;
  let hi = doc.lines;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (doc.line(mid).from + (mid - 1) * extra <= o) lo = mid;
    else hi = mid - 1;
  }
  const line = doc.line(lo);
  return Math.min(line.to, line.from + (o - (line.from + (lo - 1) * extra)));
}

function compute(state: EditorState, params: EditorBudgetParams | null): BudgetState {
  const empty: BudgetState = { params, budget: null, ranges: [], deco: Decoration.none };
  if (!params || params.notLoaded !== null || state.doc.length > MAX_BOOTSTRAP_FILE_BYTES) return empty;
  const text = fileTextOf(state, params.bom);
  const { budget } = budgetOneFile(
    text,
    params.name,
    params.perFile,
    params.remainingBefore,
    bootstrapProfile(params.version),
  );
  const shift = params.bom ? 1 : 0;
  const ranges = budget.dropped
    .map((r) => ({ from: toPosition(state, r.from, shift), to: toPosition(state, r.to, shift) }))
    .filter((r) => r.to > r.from);
  const decorations: Range<Decoration>[] = [];
  for (const range of ranges) {
    decorations.push(droppedMark.range(range.from, range.to));
    const first = state.doc.lineAt(range.from);
    const last = state.doc.lineAt(range.to);
    for (let n = first.number; n <= last.number; n++) {
      const line = state.doc.line(n);
      // Whole lines get a full-width shade; the partly cut line at each end only its marked part.
      if (line.from >= range.from && line.to <= range.to && line.to > line.from)
        decorations.push(droppedLine.range(line.from));
    }
  }
  return { params, budget, ranges, deco: Decoration.set(decorations, true) };
}

const budgetField = StateField.define<BudgetState>({
  create: () => ({ params: null, budget: null, ranges: [], deco: Decoration.none }),
  update(value, tr) {
    let params = value.params;
    let changed = tr.docChanged;
    for (const effect of tr.effects) {
      if (effect.is(setEditorBudgetParams)) {
        params = effect.value;
        changed = true;
      }
    }
    return changed ? compute(tr.state, params) : value;
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.deco),
});

export function liveBudgetOf(state: EditorState): LiveBudget | null {
  const value = state.field(budgetField, false);
  if (!value?.budget) return null;
  const { budget } = value;
  const droppedLines = value.ranges.map((r) => ({
    startLine: state.doc.lineAt(r.from).number,
    endLine: state.doc.lineAt(r.to - 1).number,
  }));
  const level = budgetLevel({ status: budget.outcome, measuredChars: budget.measuredChars, cap: budget.cap });
  return {
    outcome: budget.outcome,
    measuredChars: budget.measuredChars,
    injectedChars: budget.injectedChars,
    cap: budget.cap,
    droppedLines,
    level,
  };
}

/** The field plus a listener that reports each new result (for the header bar). */
export function budgetExtension(onResult: (live: LiveBudget | null) => void): Extension {
  return [
    budgetField,
    EditorView.updateListener.of((update) => {
      if (update.startState.field(budgetField, false) !== update.state.field(budgetField, false))
        onResult(liveBudgetOf(update.state));
    }),
  ];
}
