// Line annotations (`<!-- importance: 9 -->`, `<!-- trigger: … -->`, `<!-- project: … -->`) drawn
// as chips: a mark over the carrier's own characters, so the text stays exactly as written (and
// saved byte for byte) while the chip says what OpenClaw makes of it.
import { StateField, type Extension, type Range, type Text } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';
import {
  annotationProblem,
  importanceMultiplier,
  scanAnnotations,
  type MemoryAnnotation,
} from '../../../../../shared/memory-annotations';
import { isRootMemoryPath } from '../../../../../shared/memory-scope';

function chipTitle(a: MemoryAnnotation, problem: string | null): string {
  if (problem) return `${a.kind}: ${problem}`;
  if (a.kind === 'importance')
    return `importance ${a.value}: OpenClaw ranks this entry × ${importanceMultiplier(Number(a.value)).toFixed(2)}`;
  if (a.kind === 'trigger')
    return `trigger: OpenClaw recalls this entry when a message says ${a.value
      .split(/[,;]/u)
      .map((p) => `“${p.trim()}”`)
      .filter((p) => p !== '“”')
      .join(' or ')}`;
  return `project: ranked higher in sessions on ${a.value}`;
}

function chipDecorations(doc: Text, curatedRoot: boolean): DecorationSet {
  const marks: Range<Decoration>[] = [];
  for (const a of scanAnnotations(doc.toString())) {
    const line = doc.lineAt(a.start);
    const lineScoped = doc.lineAt(a.end).number === line.number;
    let problem = lineScoped ? annotationProblem(a, line.text) : 'spans lines: OpenClaw does not read it';
    if (!problem && !curatedRoot && a.kind !== 'project')
      problem = 'OpenClaw reads importance and triggers only in MEMORY.md and USER.md';
    marks.push(
      Decoration.mark({
        class: `cm-annotation-chip cm-annotation-${a.kind}${problem ? ' cm-annotation-ignored' : ''}`,
        attributes: {
          title: chipTitle(a, problem),
          'data-testid': 'annotation-chip',
          'data-kind': a.kind,
          'data-value': a.value,
        },
      }).range(a.start, a.end),
    );
  }
  return Decoration.set(marks, true);
}

/** Chips for the annotations of the file at `relPath` (workspace-relative). */
export function annotationChips(relPath: string): Extension {
  const curatedRoot = isRootMemoryPath(relPath);
  const field = StateField.define<DecorationSet>({
    create: (state) => chipDecorations(state.doc, curatedRoot),
    update: (deco, tr) => (tr.docChanged ? chipDecorations(tr.state.doc, curatedRoot) : deco),
    provide: (f) => EditorView.decorations.from(f),
  });
  return field;
}
