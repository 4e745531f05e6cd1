// Indicators other features show in the editor's header (e.g. a prompt budget bar), composed here
// so features stay unaware of each other: add one component to the list.
import type { ComponentType } from 'react';

const EXTRAS: readonly ComponentType[] = [];

export function EditorHeaderExtras() {
  if (EXTRAS.length === 0) return null;
  return (
    <span className="editor-pane__extras" data-testid="editor-header-extras">
      {EXTRAS.map((Extra, i) => <Extra key={i} />)}
    </span>
  );
}
