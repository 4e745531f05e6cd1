import { useEffect, useRef } from 'react';
import { markdown } from '@codemirror/lang-markdown';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { mergeChromeTheme } from '../../../lib/merge-view-theme';

interface VersionDiffProps {
  older: string;
  newer: string;
  /** Arrows on each changed block copy the older text into the newer side (restoring one hunk). */
  revertable: boolean;
  /** The newer side after the user restored hunks (null until they do). */
  onNewerChange?(text: string | null): void;
  testId?: string;
}

const sideExtensions = (onChange?: (text: string) => void) => [
  lineNumbers(),
  mergeChromeTheme,
  markdown(),
  EditorView.lineWrapping,
  // Read-only for typing: the only edits are the revert arrows' (they dispatch, which readOnly allows).
  EditorState.readOnly.of(true),
  EditorView.editable.of(false),
  ...(onChange ? [EditorView.updateListener.of((u) => u.docChanged && onChange(u.state.doc.toString()))] : []),
];

/** Two versions side by side with @codemirror/merge: older on the left, newer (or the file now) on the right. */
export function VersionDiff({ older, newer, revertable, onNewerChange, testId = 'version-diff' }: VersionDiffProps) {
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onNewerChange);
  changed.current = onNewerChange;
  useEffect(() => {
    changed.current?.(null);
    const merge = new MergeView({
      a: { doc: older, extensions: sideExtensions() },
      b: { doc: newer, extensions: sideExtensions((text) => changed.current?.(text)) },
      parent: host.current!,
      highlightChanges: true,
      gutter: true,
      collapseUnchanged: { margin: 3, minSize: 6 },
      ...(revertable ? { revertControls: 'a-to-b' as const } : {}),
    });
    return () => merge.destroy();
  }, [older, newer, revertable]);
  return <div className="version-diff" data-testid={testId} ref={host} />;
}
