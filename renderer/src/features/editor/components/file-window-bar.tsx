import { formatBytes } from '../../../lib/format-number';
import { useEditor } from '../stores/editor-store-context';

/**
 * A file too large to open whole is shown a window at a time (read-only): which lines these are,
 * of how many, and buttons to page. The engine aligns every window to whole lines.
 */
export function FileWindowBar() {
  const window = useEditor((s) => s.editor.doc?.window ?? null);
  const showWindow = useEditor((s) => s.showWindow);
  if (!window) return null;
  const atStart = window.startByte === 0;
  const atEnd = window.endByte >= window.totalBytes;
  const lines =
    window.endLine >= window.startLine ? `lines ${fmt(window.startLine)}–${fmt(window.endLine)}` : 'no lines';
  return (
    <div
      className="banner banner--info file-window-bar"
      data-testid="file-window"
      data-start-line={window.startLine}
      data-end-line={window.endLine}
    >
      <span>
        This file is {formatBytes(window.totalBytes)}, too large to open whole: showing {lines} of{' '}
        {fmt(window.totalLines)}, read-only.
      </span>
      <button
        type="button"
        className="button"
        data-testid="file-window-first"
        disabled={atStart}
        onClick={() => void showWindow(0)}
      >
        First
      </button>
      <button
        type="button"
        className="button"
        data-testid="file-window-previous"
        disabled={atStart}
        onClick={() => void showWindow(window.startByte, true)}
      >
        Previous
      </button>
      <button
        type="button"
        className="button"
        data-testid="file-window-next"
        disabled={atEnd}
        onClick={() => void showWindow(window.endByte)}
      >
        Next
      </button>
    </div>
  );
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}
