// @vitest-environment jsdom
// The editor masks every secret of the live text by decoration: the masks sit exactly over the
// values the shared detector finds, follow edits (also unsaved ones), reveal one value at a time,
// and never change the document, so a save writes the raw text.
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findSecrets } from '../../../shared/secrets';
// The committed fixture the engine's and the CLI's tests read (fake values).
import MEMORY from '../../../shared/fixtures/secrets-workspace/MEMORY.md?raw';
import { maskedSecrets, revealedSecrets, secretMaskExtension, toggleSecretAt } from './secret-mask-extension';

/** Every replace decoration's covered text and the label its widget draws. */
function masks(view: EditorView): { text: string; label: string }[] {
  const out: { text: string; label: string }[] = [];
  for (const source of view.state.facet(EditorView.decorations)) {
    const set = typeof source === 'function' ? source(view) : source;
    set.between(0, view.state.doc.length, (from, to, deco) => {
      if (from === to || !deco.spec.widget) return;
      const widget = deco.spec.widget as { toDOM(view: EditorView): HTMLElement };
      const label = widget.toDOM(view).querySelector('.cm-secret__label')?.textContent ?? '';
      out.push({ text: view.state.sliceDoc(from, to), label });
    });
  }
  return out;
}

const views: EditorView[] = [];
function editor(doc: string): EditorView {
  const view = new EditorView({
    state: EditorState.create({ doc, extensions: [secretMaskExtension()] }),
    parent: document.body,
  });
  views.push(view);
  return view;
}

afterEach(() => {
  vi.useRealTimers();
  for (const view of views.splice(0)) view.destroy();
});

describe('secret mask extension', () => {
  it("masks exactly the detector's values in the fixture, each shown as its label", () => {
    const view = editor(MEMORY);
    const expected = findSecrets(MEMORY).map((f) => MEMORY.slice(f.start, f.end));
    expect(expected.length).toBeGreaterThanOrEqual(12);
    const shown = masks(view);
    expect(shown.map((m) => m.text)).toEqual(expected);
    expect(shown.find((m) => m.text.startsWith('tvly-'))?.label).toBe('tvly-…3HCS');
    expect(shown.find((m) => m.text === 'hunter2')?.label).toBe('password •••••• (7)');
    // The readable set stays readable: the rendered lines show labels, never a value.
    const content = view.contentDOM.textContent ?? '';
    for (const value of expected) expect(content).not.toContain(value);
    expect(content).toContain('tvly-…3HCS');
    expect(content).toContain('3f2504e0-4f89-11d3-9a0c-0305e82c3301');
    expect(content).toContain('9fceb02d0ae598e95dc970b74767f19372d61af8');
    // Masking never touches the document.
    expect(view.state.sliceDoc()).toBe(MEMORY);
  });

  it('masks a value typed into the unsaved text and moves the others along an edit', () => {
    const view = editor('# Notes\n\n- sudo password: hunter2\n');
    view.dispatch({ changes: { from: 9, insert: '- Roger provided API key tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS\n' } });
    expect(masks(view).map((m) => m.text)).toEqual(['tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS', 'hunter2']);
    // Deleting the label word leaves a plain word: nothing is masked there any more.
    const at = view.state.sliceDoc().indexOf('password');
    view.dispatch({ changes: { from: at, to: at + 'password: '.length } });
    expect(masks(view).map((m) => m.text)).toEqual(['tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS']);
  });

  it('reveals one value in place and masks it again when toggled back (losing focus: e2e/secrets.spec.ts)', () => {
    const view = editor('- sudo password: hunter2\n- dashboard 密码：abc123\n');
    const [first, second] = maskedSecrets(view.state);
    view.dispatch({ effects: toggleSecretAt.of(first!.from) });
    expect(revealedSecrets(view.state).map((s) => s.label)).toEqual(['password •••••• (7)']);
    expect(masks(view).map((m) => m.text)).toEqual(['abc123']);
    expect(view.contentDOM.textContent).toContain('hunter2');
    // An edit inside the revealed value keeps it revealed; the file text is the edited raw text.
    view.dispatch({ changes: { from: first!.to, insert: '9' } });
    expect(revealedSecrets(view.state).map((s) => s.label)).toEqual(['password •••••• (8)']);
    expect(view.state.sliceDoc()).toBe('- sudo password: hunter29\n- dashboard 密码：abc123\n');
    view.dispatch({ effects: toggleSecretAt.of(first!.from) });
    expect(revealedSecrets(view.state)).toEqual([]);
    view.dispatch({ effects: toggleSecretAt.of(second!.from + 1) });
    expect(revealedSecrets(view.state).map((s) => s.label)).toEqual(['password •••••• (6)']);
  });

  it('the reveal and copy buttons add no text to the line', () => {
    const view = editor('token: Ab12Cd34Ef56Gh78Ij90\n');
    const line = view.contentDOM.querySelector('.cm-line')!;
    expect(line.textContent).toBe('token: token …Ij90');
    expect(line.querySelector('[data-testid=secret-reveal]')?.getAttribute('data-text')).toBe('show');
  });

  it('a large document is rescanned once typing pauses, its masks mapped along meanwhile', () => {
    vi.useFakeTimers();
    const filler = '- an ordinary remembered fact about the project and its people\n'.repeat(400);
    const view = editor(`${filler}- sudo password: hunter2\n`);
    expect(masks(view).map((m) => m.text)).toEqual(['hunter2']);
    view.dispatch({ changes: { from: 0, insert: '- Voyage key: pa-Qw8Er4Ty6Ui2Op0As5Df7Gh\n' } });
    // Until the rescan, the known mask moved with the text.
    expect(masks(view).map((m) => m.text)).toEqual(['hunter2']);
    vi.runAllTimers();
    expect(masks(view).map((m) => m.text)).toEqual(['pa-Qw8Er4Ty6Ui2Op0As5Df7Gh', 'hunter2']);
  });
});
