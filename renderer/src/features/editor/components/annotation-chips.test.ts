// @vitest-environment jsdom
// Annotation chips mark exactly the carriers, say when OpenClaw ignores one, and never change the
// text: the document (what a save writes) stays byte for byte what was loaded.
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { annotationChips } from './annotation-chips';

interface Chip {
  text: string;
  kind: string;
  ignored: boolean;
  title: string;
}

function chips(state: EditorState): Chip[] {
  const out: Chip[] = [];
  state.facet(EditorView.decorations).forEach((source) => {
    if (typeof source === 'function') return;
    source.between(0, state.doc.length, (from, to, deco) => {
      const spec = deco.spec as { class: string; attributes: Record<string, string> };
      out.push({
        text: state.doc.sliceString(from, to),
        kind: spec.attributes['data-kind']!,
        ignored: spec.class.includes('cm-annotation-ignored'),
        title: spec.attributes.title!,
      });
    });
  });
  return out;
}

const MEMORY =
  '# Memory\n- Never deploy on Fridays. <!-- importance: 8 --> <!-- trigger: deploy, friday -->\n- Alpha <!-- project: alpha -->\n- Late <!-- importance: 4 --> then text\n- Bad <!-- importance: 12 -->\n';

describe('annotation chips', () => {
  it('marks each carrier with its kind and what OpenClaw does with it', () => {
    const state = EditorState.create({ doc: MEMORY, extensions: [annotationChips('MEMORY.md')] });
    const found = chips(state);
    expect(found.map((c) => [c.text, c.kind, c.ignored])).toEqual([
      ['<!-- importance: 8 -->', 'importance', false],
      ['<!-- trigger: deploy, friday -->', 'trigger', false],
      ['<!-- project: alpha -->', 'project', false],
      ['<!-- importance: 4 -->', 'importance', true],
      ['<!-- importance: 12 -->', 'importance', true],
    ]);
    expect(found[0]!.title).toBe('importance 8: OpenClaw ranks this entry × 1.15');
    expect(found[1]!.title).toContain('“deploy” or “friday”');
    expect(found[3]!.title).toMatch(/end of its line/);
  });

  it('in a file OpenClaw reads no importance from, says so', () => {
    const state = EditorState.create({
      doc: '- x <!-- importance: 8 -->\n',
      extensions: [annotationChips('memory/notes.md')],
    });
    expect(chips(state)[0]).toMatchObject({
      ignored: true,
      title: expect.stringMatching(/only in MEMORY\.md and USER\.md/),
    });
  });

  it('follows edits and leaves the text exactly as typed', () => {
    let state = EditorState.create({ doc: MEMORY, extensions: [annotationChips('MEMORY.md')] });
    state = state.update({ changes: { from: MEMORY.length, insert: '- New <!-- importance: 2 -->\n' } }).state;
    expect(chips(state).map((c) => c.text)).toContain('<!-- importance: 2 -->');
    expect(state.doc.toString()).toBe(`${MEMORY}- New <!-- importance: 2 -->\n`);
  });
});
