// @vitest-environment jsdom
// The editor's live budget cuts exactly where the engine cuts, also for CRLF files and files with
// a BOM (OpenClaw counts both; the editor counts any line break as one position).
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { budgetOneFile } from '../../../../../shared/bootstrap-budget';
import { bootstrapProfile } from '../../../../../shared/bootstrap-profiles';
import type { LiveBudget } from '../stores/budget-slice';
import { budgetExtension, liveBudgetOf, setEditorBudgetParams, type EditorBudgetParams } from './budget-extension';

const params = (bom: boolean): EditorBudgetParams => ({
  path: 'MEMORY.md',
  name: 'MEMORY.md',
  absPath: '/ws/MEMORY.md',
  version: '2026.9.6',
  perFile: 300,
  remainingBefore: 60_000,
  totalCap: 60_000,
  othersInjected: 0,
  order: 6,
  notLoaded: null,
  bom,
});

function shadedText(state: EditorState): string[] {
  const out: string[] = [];
  state.facet(EditorView.decorations).forEach((source) => {
    const set = typeof source === 'function' ? null : source;
    set?.between(0, state.doc.length, (from, to, deco) => {
      if (deco.spec.class === 'cm-budget-dropped') out.push(state.sliceDoc(from, to));
    });
  });
  return out;
}

describe('budget extension', () => {
  for (const [label, separator, bom] of [
    ['LF', '\n', false],
    ['CRLF', '\r\n', false],
    ['CRLF + BOM', '\r\n', true],
  ] as const) {
    it(`shades exactly what OpenClaw drops (${label})`, () => {
      const lines = Array.from({ length: 40 }, (_, i) => `- line ${i + 1}: some remembered fact`);
      const fileText = (bom ? '\uFEFF' : '') + lines.join(separator) + separator;
      const results: (LiveBudget | null)[] = [];
      let state = EditorState.create({
        // As the editor loads a file: its own separator, which is then the only one CodeMirror splits on.
        doc: lines.join(separator) + separator,
        extensions: [EditorState.lineSeparator.of(separator), budgetExtension((live) => results.push(live))],
      });
      state = state.update({ effects: setEditorBudgetParams.of(params(bom)) }).state;
      const engine = budgetOneFile(fileText, 'MEMORY.md', 300, 60_000, bootstrapProfile('2026.9.6')).budget;
      expect(engine.outcome).toBe('truncated');
      // The file's dropped characters (sliceDoc joins lines with the file's own separator again).
      const expected = engine.dropped.map((d) => fileText.slice(d.from, d.to));
      expect(shadedText(state)).toEqual(expected);
      const live = liveBudgetOf(state)!;
      expect(live).toMatchObject({
        outcome: 'truncated',
        measuredChars: engine.measuredChars,
        injectedChars: engine.injectedChars,
        level: 'over',
      });
      const firstDroppedLine = fileText.slice(0, engine.dropped[0]!.from).split(separator).length;
      expect(live.droppedLines[0]!.startLine).toBe(firstDroppedLine);
    });
  }

  it('a file this release does not load is neither measured nor shaded', () => {
    let state = EditorState.create({ doc: 'x'.repeat(1000), extensions: [budgetExtension(() => undefined)] });
    state = state.update({
      effects: setEditorBudgetParams.of({ ...params(false), notLoaded: { message: 'not loaded' } }),
    }).state;
    expect(liveBudgetOf(state)).toBeNull();
    expect(shadedText(state)).toEqual([]);
  });
});
