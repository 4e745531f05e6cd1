// Indicators other features show in the editor's header (e.g. a prompt budget bar), composed here
// so features stay unaware of each other: add one component to the list.
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { LineOriginsButton } from '../features/history/components/line-origins';
import { openFileAt } from './app-actions';
import { useApi, useApp, useAppStoreApi } from './app-store-provider';

/** Where each line of the open memory file came from, and a way to its whole history. */
function HistoryExtra() {
  const { t } = useTranslation('app');
  const api = useApi();
  const store = useAppStoreApi();
  const path = useApp((s) => (s.editor.doc?.view === 'text' ? s.editor.doc.path : null));
  if (!path) return null;
  const openAt = (p: string, line: number) => openFileAt(store, p, { startLine: line, endLine: line });
  return (
    <>
      <LineOriginsButton api={api} path={path} onOpenAt={openAt} onOpenTranscript={openAt} />
      <button
        type="button"
        className="button button--small"
        data-testid="open-history"
        title={t('editorExtras.historyTitle')}
        onClick={() => store.getState().setView('history')}
      >
        {t('editorExtras.history')}
      </button>
    </>
  );
}

const EXTRAS: readonly ComponentType[] = [HistoryExtra];

export function EditorHeaderExtras() {
  if (EXTRAS.length === 0) return null;
  return (
    <span className="editor-pane__extras" data-testid="editor-header-extras">
      {EXTRAS.map((Extra, i) => (
        <Extra key={i} />
      ))}
    </span>
  );
}
