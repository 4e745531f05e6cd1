import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { newMemoryFile, validateRenameTarget, type NewFileKind } from '../stores/new-file-template';
import { useFiles } from '../stores/files-store-context';
import { Dialog } from '../../../lib/dialog';
import type { ErrorValue } from '../../../../../shared/errors';
import { localText } from '../../../../../shared/i18n';

/** New / rename / delete dialogs, driven by `files.dialog`. */
export function FileDialogs({ onOpen }: { onOpen(path: string): void }) {
  const { dialog, dialogError, openFileDialog } = useFiles((s) => ({
    dialog: s.files.dialog,
    dialogError: s.files.dialogError,
    openFileDialog: s.openFileDialog,
  }));
  if (!dialog) return null;
  const close = () => openFileDialog(null);
  if (dialog.kind === 'new') return <NewFileDialog error={dialogError} onClose={close} onOpen={onOpen} />;
  if (dialog.kind === 'rename')
    return <RenameDialog path={dialog.path} error={dialogError} onClose={close} onOpen={onOpen} />;
  return <DeleteDialog path={dialog.path} error={dialogError} onClose={close} />;
}

function NewFileDialog({
  error,
  onClose,
  onOpen,
}: {
  error: ErrorValue | null;
  onClose(): void;
  onOpen(path: string): void;
}) {
  const { t } = useTranslation('files');
  const createMemoryFile = useFiles((s) => s.createMemoryFile);
  const [kind, setKind] = useState<NewFileKind>('dated');
  const [title, setTitle] = useState('');
  const preview = newMemoryFile(kind, title, new Date());
  const submit = async () => {
    const path = await createMemoryFile(preview.path, preview.text);
    if (path) onOpen(path);
  };
  return (
    <Dialog title={t('dialogs.newTitle')} testId="new-file-dialog" onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="form__row">
          {t('dialogs.title')}
          <input
            data-testid="new-file-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t('dialogs.titlePlaceholder')}
          />
        </label>
        <fieldset className="form__row form__radios">
          <label>
            <input type="radio" name="kind" checked={kind === 'dated'} onChange={() => setKind('dated')} />{' '}
            {t('dialogs.dated')}
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              data-testid="new-file-topic"
              checked={kind === 'topic'}
              onChange={() => setKind('topic')}
            />{' '}
            {t('dialogs.topic')}
          </label>
        </fieldset>
        <div className="form__preview" data-testid="new-file-path">
          {preview.path}
        </div>
        {error && (
          <div className="notice notice--error" role="alert">
            {localText(t, error)}
          </div>
        )}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('dialogs.cancel')}
          </button>
          <button type="submit" className="button button--primary" data-testid="new-file-create">
            {t('dialogs.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function RenameDialog({
  path,
  error,
  onClose,
  onOpen,
}: {
  path: string;
  error: ErrorValue | null;
  onClose(): void;
  onOpen(path: string): void;
}) {
  const { t } = useTranslation('files');
  const renameMemoryFile = useFiles((s) => s.renameMemoryFile);
  const [target, setTarget] = useState(path);
  const invalid = validateRenameTarget(target);
  return (
    <Dialog title={t('dialogs.renameTitle', { path })} testId="rename-dialog" onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (invalid || target === path) return;
          void renameMemoryFile(path, target.trim()).then((to) => to && onOpen(to));
        }}
      >
        <label className="form__row">
          {t('dialogs.newPath')}
          <input data-testid="rename-input" value={target} onChange={(e) => setTarget(e.target.value)} />
        </label>
        {(invalid || error) && (
          <div className="notice notice--error" role="alert">
            {error ? localText(t, error) : t(`renameProblem.${invalid!}`)}
          </div>
        )}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('dialogs.cancel')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            data-testid="rename-confirm"
            disabled={!!invalid || target === path}
          >
            {t('dialogs.rename')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ path, error, onClose }: { path: string; error: ErrorValue | null; onClose(): void }) {
  const { t } = useTranslation('files');
  const deleteMemoryFile = useFiles((s) => s.deleteMemoryFile);
  return (
    <Dialog title={t('dialogs.deleteTitle')} testId="delete-dialog" onClose={onClose}>
      <p>
        <Trans t={t} i18nKey="dialogs.deleteBody" values={{ path }} components={[<code key="path" />]} />
      </p>
      {error && (
        <div className="notice notice--error" role="alert">
          {localText(t, error)}
        </div>
      )}
      <div className="form__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('dialogs.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger button--primary"
          data-testid="delete-confirm"
          onClick={() => void deleteMemoryFile(path)}
        >
          {t('dialogs.trash')}
        </button>
      </div>
    </Dialog>
  );
}
