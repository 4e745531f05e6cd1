// CodeMirror's own chrome in the app's look: the find panel (unstyled browser controls by
// default) and the compare view's "N unchanged lines" bar, whose ⦚ marks are missing from most
// Linux and Windows fonts (tofu) — middle dots, in every font, stand in for them.
import { EditorView } from '@codemirror/view';

export const findPanelTheme = EditorView.theme({
  '.cm-panels': { backgroundColor: 'var(--bg-soft)', color: 'var(--fg)', borderColor: 'var(--border)' },
  '.cm-panel.cm-search': {
    padding: '6px 8px',
    fontFamily: 'var(--font-ui)',
    fontSize: '12.5px',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '4px 6px',
  },
  '.cm-panel.cm-search input.cm-textfield': {
    font: 'inherit',
    padding: '3px 8px',
    margin: '0',
    border: '1px solid var(--border)',
    borderRadius: '6px',
    backgroundColor: 'var(--bg)',
    color: 'var(--fg)',
    minWidth: '12em',
  },
  '.cm-panel.cm-search input.cm-textfield:focus': {
    outline: 'none',
    borderColor: 'var(--accent)',
    boxShadow: '0 0 0 2px var(--accent-soft)',
  },
  '.cm-panel.cm-search .cm-button': {
    font: 'inherit',
    backgroundImage: 'none',
    backgroundColor: 'var(--bg-raised)',
    color: 'var(--fg)',
    border: '1px solid var(--border)',
    borderRadius: '6px',
    padding: '2px 10px',
    margin: '0',
    cursor: 'pointer',
  },
  '.cm-panel.cm-search .cm-button:hover': { borderColor: 'var(--accent)' },
  '.cm-panel.cm-search label': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '3px',
    fontSize: '12px',
    color: 'var(--fg-muted)',
    margin: '0',
  },
  '.cm-panel.cm-search [name=close]': {
    position: 'static',
    marginLeft: 'auto',
    fontSize: '16px',
    color: 'var(--fg-muted)',
    background: 'none',
    border: 'none',
    cursor: 'pointer',
  },
  '.cm-searchMatch': { backgroundColor: 'var(--hit)', outline: '1px solid rgba(224, 122, 31, 0.5)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'var(--keyword)', color: '#fff' },
});

/** The compare view's merge chrome (renderer/src/lib/merge-view-theme.ts, shared with History). */
export { mergeChromeTheme as compareChromeTheme } from '../../../lib/merge-view-theme';
