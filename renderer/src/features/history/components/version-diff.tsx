import { useEffect, useRef } from 'react';
import { markdown } from '@codemirror/lang-markdown';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { mergeChromeTheme } from '../../../lib/merge-view-theme';
import { secretMaskExtension, type SecretMaskStrings } from '../../../lib/secret-mask-extension';
import { useSecretMaskStrings } from '../../../lib/use-secret-mask-strings';

interface VersionDiffProps {
  older: string;
  newer: string;
  /** Arrows on each changed block copy the older text into the newer side (restoring one hunk). */
  revertable: boolean;
  /** The newer side after the user restored hunks (null until they do). */
  onNewerChange?(text: string | null): void;
  testId?: string;
}

const sideExtensions = (maskStrings: () => SecretMaskStrings, onChange?: (text: string) => void) => [
  lineNumbers(),
  mergeChromeTheme,
  markdown(),
  EditorView.lineWrapping,
  // Read-only for typing: the only edits are the revert arrows' (they dispatch, which readOnly allows).
  EditorState.readOnly.of(true),
  EditorView.editable.of(false),
  // Secrets drawn as their mask (show/copy per value); the documents stay the stored text.
  secretMaskExtension(maskStrings),
  ...(onChange ? [EditorView.updateListener.of((u) => u.docChanged && onChange(u.state.doc.toString()))] : []),
];

/** Two versions side by side with @codemirror/merge: older on the left, newer (or the file now) on the right. */
export function VersionDiff({ older, newer, revertable, onNewerChange, testId = 'version-diff' }: VersionDiffProps) {
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onNewerChange);
  changed.current = onNewerChange;
  const maskStrings = useSecretMaskStrings();
  useEffect(() => {
    changed.current?.(null);
    const merge = new MergeView({
      a: { doc: older, extensions: sideExtensions(maskStrings) },
      b: { doc: newer, extensions: sideExtensions(maskStrings, (text) => changed.current?.(text)) },
      parent: host.current!,
      highlightChanges: true,
      gutter: true,
      collapseUnchanged: { margin: 3, minSize: 6 },
      ...(revertable ? { revertControls: 'a-to-b' as const } : {}),
    });
    return () => merge.destroy();
  }, [older, newer, revertable, maskStrings]);
  return <div className="version-diff" data-testid={testId} ref={host} />;
}
