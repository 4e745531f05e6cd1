// @codemirror/merge's chrome in glyphs every font has: its "N unchanged lines" bar draws ⦚ marks
// and its revert buttons ⇜ / ⇝, which most Linux and Windows fonts lack (tofu boxes). Middle
// dots stand in here; the revert arrows sit outside the editors, so layout.css redraws them.
import { EditorView } from '@codemirror/view';

export const mergeChromeTheme = EditorView.theme({
  '.cm-collapsedLines': { fontFamily: 'var(--font-ui)', fontSize: '12px', color: 'var(--fg-muted)' },
  '.cm-collapsedLines:before': { content: '"···"' },
  '.cm-collapsedLines:after': { content: '"···"' },
});
