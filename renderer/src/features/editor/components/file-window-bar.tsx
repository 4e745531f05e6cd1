import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format-number';
import { useEditor } from '../stores/editor-store-context';

/**
 * A file too large to open whole is shown a window at a time (read-only): which lines these are,
 * of how many, and buttons to page. The engine aligns every window to whole lines.
 */
export function FileWindowBar() {
  const { t } = useTranslation('editor');
  const window = useEditor((s) => s.editor.doc?.window ?? null);
  const showWindow = useEditor((s) => s.showWindow);
  if (!window) return null;
  const atStart = window.startByte === 0;
  const atEnd = window.endByte >= window.totalBytes;
  const lines =
    window.endLine >= window.startLine
      ? t('window.lines', { start: window.startLine, end: window.endLine })
      : t('window.noLines');
  return (
    <div
      className="banner banner--info file-window-bar"
      data-testid="file-window"
      data-start-line={window.startLine}
      data-end-line={window.endLine}
    >
      <span>{t('window.text', { size: formatBytes(window.totalBytes), lines, total: window.totalLines })}</span>
      <button
        type="button"
        className="button"
        data-testid="file-window-first"
        disabled={atStart}
        onClick={() => void showWindow(0)}
      >
        {t('window.first')}
      </button>
      <button
        type="button"
        className="button"
        data-testid="file-window-previous"
        disabled={atStart}
        onClick={() => void showWindow(window.startByte, true)}
      >
        {t('window.previous')}
      </button>
      <button
        type="button"
        className="button"
        data-testid="file-window-next"
        disabled={atEnd}
        onClick={() => void showWindow(window.endByte)}
      >
        {t('window.next')}
      </button>
    </div>
  );
}
