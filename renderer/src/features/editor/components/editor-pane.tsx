import { BudgetBar } from './budget-bar';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { showBidiControls } from '../../../../../shared/bidi-controls';
import { ChecksumBanner } from './checksum-banner';
import { CodeEditor } from './code-editor';
import { CompareView } from './compare-view';
import { FileWindowBar } from './file-window-bar';
import { TranscriptView } from './transcript-view';
import { useEditor } from '../stores/editor-store-context';
import type { OpenDocument } from '../stores/editor-slice';
import { formatBytes } from '../../../lib/format-number';
import { shownText } from '../../../lib/error-message';
import { AgentAccessStrip } from './agent-access-strip';
import { SaveSessionButton, SessionSavedNotice } from './save-session-button';

/** The editor namespace's key for each read-only reason. */
const READ_ONLY_NOTICES = {
  'too-large': 'readOnly.tooLarge',
  'invalid-utf8': 'readOnly.invalidUtf8',
  session: 'readOnly.session',
  'file-mode': 'readOnly.fileMode',
} as const satisfies Record<NonNullable<OpenDocument['readOnly']>, string>;

const DIRTY_DOT = '●';

/** Line endings and byte-order mark: file-format names, the same in every language. */
function encodingFacts(doc: OpenDocument): string {
  return doc.bom ? `${doc.eol.toUpperCase()} · BOM` : doc.eol.toUpperCase();
}

interface EditorPaneProps {
  /** Extras for the header (other features' indicators, composed in app/), after the file's facts. */
  headerExtras?: ReactNode;
  /** Opens another file the way the rest of the window does (sidebar selection included). */
  onOpenPath?: (path: string) => void;
  /** A transcript's title (its first user message), shown instead of its path as the sidebar does. */
  transcriptTitle?: string;
}

export function EditorPane({ headerExtras, onOpenPath, transcriptTitle }: EditorPaneProps) {
  const { t } = useTranslation('editor');
  const doc = useEditor((s) => s.editor.doc);
  const compareOpen = useEditor((s) => s.editor.compareOpen);
  const { saveDocument, overwriteOnDisk, reloadFromDisk, setCompareOpen, openDocument } = useEditor((s) => ({
    openDocument: s.openDocument,
    saveDocument: s.saveDocument,
    overwriteOnDisk: s.overwriteOnDisk,
    reloadFromDisk: s.reloadFromDisk,
    setCompareOpen: s.setCompareOpen,
  }));

  if (!doc) {
    return (
      <div className="editor-pane editor-pane--empty" data-testid="editor-empty">
        <p>
          <Trans t={t} i18nKey="empty" components={{ kbd: <kbd /> }} />
        </p>
      </div>
    );
  }

  const changed = doc.phase === 'dirty' || doc.deleted;
  const canSave = doc.view === 'text' && !doc.readOnly && changed;
  const canSaveAnyway = doc.view === 'text' && doc.readOnly === 'file-mode' && changed;
  const unsaved = doc.view === 'text' && (doc.phase === 'dirty' || doc.phase === 'conflict' || doc.deleted);
  const transcript = doc.view === 'transcript' ? doc.transcript : null;
  return (
    <div className="editor-pane" data-testid="editor-pane" data-phase={doc.phase} data-path={doc.path}>
      <header className="editor-pane__head">
        <span
          className={transcript && transcriptTitle ? 'editor-pane__path editor-pane__path--title' : 'editor-pane__path'}
          data-testid="editor-path"
          title={showBidiControls(transcript && transcriptTitle ? `${transcriptTitle}\n${doc.path}` : doc.path)}
        >
          {unsaved && (
            <span className="dirty-dot" data-testid="editor-dirty" title={t('phase.dirty')}>
              {DIRTY_DOT}
            </span>
          )}
          {showBidiControls(transcript && transcriptTitle ? transcriptTitle : doc.path)}
        </span>
        <span className="editor-pane__meta" data-testid="editor-meta">
          {transcript ? (
            `${t('messages', { count: transcript.messages.length })} · ${formatBytes(doc.size)}`
          ) : doc.phase === 'loading' ? (
            ''
          ) : (
            <span data-testid="editor-size" data-value={doc.liveSize ?? doc.size}>
              {formatBytes(doc.liveSize ?? doc.size)}
            </span>
          )}
          {doc.view === 'text' && doc.phase !== 'loading' && ` · ${encodingFacts(doc)}`}
        </span>
        {headerExtras}
        <span className={`editor-pane__phase phase--${doc.phase}`} data-testid="editor-phase" data-value={doc.phase}>
          {doc.view === 'transcript' && doc.phase === 'clean' ? t('phase.transcript') : t(`phase.${doc.phase}`)}
        </span>
        {doc.view === 'text' && !doc.readOnly && (
          <button
            type="button"
            className="button button--primary"
            data-testid="save-button"
            disabled={!canSave}
            onClick={() => void saveDocument()}
            title={t('saveTitle')}
          >
            {t('save')}
          </button>
        )}
        {doc.view === 'text' && doc.readOnly === 'file-mode' && (
          <button
            type="button"
            className="button button--danger"
            data-testid="save-anyway-button"
            disabled={!canSaveAnyway}
            onClick={() => void saveDocument({ overrideReadOnly: true })}
            title={t('saveAnywayTitle')}
          >
            {t('saveAnyway')}
          </button>
        )}
        {doc.view === 'transcript' && doc.phase !== 'loading' && <SaveSessionButton path={doc.path} />}
      </header>
      {doc.view === 'text' && <BudgetBar />}
      {doc.phase !== 'loading' && doc.phase !== 'error' && <AgentAccessStrip path={doc.path} />}
      {doc.view === 'transcript' && (
        <SessionSavedNotice path={doc.path} onOpenPath={onOpenPath ?? ((p) => void openDocument(p))} />
      )}

      {doc.phase === 'conflict' && doc.conflict && (
        <div className="banner banner--warning" role="alert" data-testid="conflict-banner">
          <span>{t('conflict.text')}</span>
          <button type="button" className="button" data-testid="conflict-compare" onClick={() => setCompareOpen(true)}>
            {t('conflict.compare')}
          </button>
          <button
            type="button"
            className="button button--danger"
            data-testid="conflict-overwrite"
            onClick={() => void overwriteOnDisk()}
          >
            {t('conflict.overwrite')}
          </button>
          <button type="button" className="button" data-testid="conflict-reload" onClick={() => void reloadFromDisk()}>
            {t('conflict.reload')}
          </button>
        </div>
      )}
      {doc.deleted && (
        <div className="banner banner--warning" role="alert" data-testid="deleted-banner">
          <span>{t('deleted')}</span>
        </div>
      )}
      <ChecksumBanner />
      <FileWindowBar />
      {doc.readOnly && !doc.window && (
        <div className="banner banner--info" data-testid="readonly-notice" data-value={doc.readOnly}>
          {t(READ_ONLY_NOTICES[doc.readOnly])}
        </div>
      )}
      {doc.error && (
        <div className="banner banner--error" role="alert" data-testid="editor-error">
          {shownText(t, doc.error)}
        </div>
      )}

      {doc.view === 'text' ? <CodeEditor /> : <TranscriptView />}
      {compareOpen && doc.conflict && (
        <CompareView
          path={doc.path}
          diskText={doc.conflict.diskText}
          eol={doc.eol}
          onClose={() => setCompareOpen(false)}
          onOverwrite={(text) => void overwriteOnDisk(text)}
          onTakeDisk={() => void reloadFromDisk()}
        />
      )}
    </div>
  );
}
