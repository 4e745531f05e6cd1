// A gutter of short notes beside lines, handed in from outside the editor (app/ composes them):
// the agent's own index puts OpenClaw's importance, triggers, project and origin of each chunk
// here, at the chunk's first line, so a user sees what the agent will weigh while editing.
import { RangeSet, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import { gutter, GutterMarker } from '@codemirror/view';

export interface LineNote {
  line: number;
  /** A few characters: "★8 atlas". */
  label: string;
  /** The full explanation, as a tooltip. */
  title: string;
}

export const setLineNotes = StateEffect.define<readonly LineNote[]>();

class NoteMarker extends GutterMarker {
  constructor(private readonly note: LineNote) {
    super();
  }
  override eq(other: GutterMarker): boolean {
    return other instanceof NoteMarker && other.note.label === this.note.label && other.note.title === this.note.title;
  }
  override toDOM(): Node {
    const el = document.createElement('span');
    el.className = 'cm-line-note';
    el.textContent = this.note.label;
    el.title = this.note.title;
    el.dataset.testid = 'agent-gutter-note';
    return el;
  }
}

const notesField = StateField.define<RangeSet<GutterMarker>>({
  create: () => RangeSet.empty,
  update(value, tr) {
    let markers = value.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setLineNotes)) continue;
      const builder = new RangeSetBuilder<GutterMarker>();
      const doc = tr.state.doc;
      for (const note of [...effect.value].sort((a, b) => a.line - b.line)) {
        if (note.line < 1 || note.line > doc.lines) continue;
        builder.add(doc.line(note.line).from, doc.line(note.line).from, new NoteMarker(note));
      }
      markers = builder.finish();
    }
    return markers;
  },
});

export function lineNotesExtension() {
  return [notesField, gutter({ class: 'cm-line-notes-gutter', markers: (view) => view.state.field(notesField) })];
}
