import { useEffect, useRef } from 'react';
import { MergeView } from '@codemirror/merge';
import { compareExtensions, lineSeparatorFor } from './codemirror-extensions';
import { editorStore } from '../stores/editor-store-context';
import { secretMaskExtension } from '../../../lib/secret-mask-extension';
import { useSecretMaskStrings } from '../../../lib/use-secret-mask-strings';

interface CompareViewProps {
  path: string;
  diskText: string;
  eol: 'lf' | 'crlf' | 'mixed' | 'none';
  onClose(): void;
  /** Save the (possibly edited) left side over the disk version. */
  onOverwrite(text: string): void;
  onTakeDisk(): void;
}

/** Side by side: your version (editable) against the one on disk, changes highlighted. */
export function CompareView({ path, diskText, eol, onClose, onOverwrite, onTakeDisk }: CompareViewProps) {
  const store = editorStore.useSliceStore();
  const hostRef = useRef<HTMLDivElement>(null);
  const mergeRef = useRef<MergeView | null>(null);
  const maskStrings = useSecretMaskStrings();

  useEffect(() => {
    // The compare view edits a copy of the live editor text; nothing changes until a button is pressed.
    // Secrets are masked by decoration, as in the editor: both documents stay raw, so the save is too.
    const mine = store.getState().readEditorText() ?? '';
    const side = (readOnly: boolean) => [
      ...compareExtensions(readOnly, lineSeparatorFor(eol)),
      secretMaskExtension(maskStrings),
    ];
    const merge = new MergeView({
      a: { doc: mine, extensions: side(false) },
      b: { doc: diskText, extensions: side(true) },
      parent: hostRef.current!,
      highlightChanges: true,
      gutter: true,
      // Long memories: show the changed regions with a little context, fold the rest.
      collapseUnchanged: { margin: 3, minSize: 6 },
    });
    mergeRef.current = merge;
    return () => {
      merge.destroy();
      mergeRef.current = null;
    };
  }, [store, diskText, eol, maskStrings]);

  return (
    <div className="modal-backdrop">
      <div
        className="modal modal--wide compare-view"
        role="dialog"
        aria-label={`Compare ${path}`}
        data-testid="compare-view"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <div className="compare-view__head">
          <span>
            <strong>Yours</strong> (editable)
          </span>
          <span>
            <strong>On disk</strong>
          </span>
        </div>
        <div className="compare-view__body" ref={hostRef} />
        <div className="form__actions">
          <button type="button" className="button" data-testid="compare-close" onClick={onClose}>
            Close
          </button>
          <button type="button" className="button" data-testid="compare-take-disk" onClick={onTakeDisk}>
            Take disk version
          </button>
          <button
            type="button"
            className="button button--primary button--danger"
            data-testid="compare-overwrite"
            onClick={() => onOverwrite(mergeRef.current?.a.state.sliceDoc() ?? '')}
          >
            Save mine over disk
          </button>
        </div>
      </div>
    </div>
  );
}
