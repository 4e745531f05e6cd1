import { useState } from 'react';
import { newMemoryFile, validateRenameTarget, type NewFileKind } from '../stores/new-file-template';
import { useFiles } from '../stores/files-store-context';
import { Dialog } from '../../../lib/dialog';

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
  error: string | null;
  onClose(): void;
  onOpen(path: string): void;
}) {
  const createMemoryFile = useFiles((s) => s.createMemoryFile);
  const [kind, setKind] = useState<NewFileKind>('dated');
  const [title, setTitle] = useState('');
  const preview = newMemoryFile(kind, title, new Date());
  const submit = async () => {
    const path = await createMemoryFile(preview.path, preview.text);
    if (path) onOpen(path);
  };
  return (
    <Dialog title="New memory file" testId="new-file-dialog" onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="form__row">
          Title
          <input
            data-testid="new-file-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="API design decisions"
          />
        </label>
        <fieldset className="form__row form__radios">
          <label>
            <input type="radio" name="kind" checked={kind === 'dated'} onChange={() => setKind('dated')} /> Dated note
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              data-testid="new-file-topic"
              checked={kind === 'topic'}
              onChange={() => setKind('topic')}
            />{' '}
            Topic file
          </label>
        </fieldset>
        <div className="form__preview" data-testid="new-file-path">
          {preview.path}
        </div>
        {error && (
          <div className="notice notice--error" role="alert">
            {error}
          </div>
        )}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" data-testid="new-file-create">
            Create
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
  error: string | null;
  onClose(): void;
  onOpen(path: string): void;
}) {
  const renameMemoryFile = useFiles((s) => s.renameMemoryFile);
  const [target, setTarget] = useState(path);
  const invalid = validateRenameTarget(target);
  return (
    <Dialog title={`Rename ${path}`} testId="rename-dialog" onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (invalid || target === path) return;
          void renameMemoryFile(path, target.trim()).then((to) => to && onOpen(to));
        }}
      >
        <label className="form__row">
          New path
          <input data-testid="rename-input" value={target} onChange={(e) => setTarget(e.target.value)} />
        </label>
        {(invalid || error) && (
          <div className="notice notice--error" role="alert">
            {error ?? invalid}
          </div>
        )}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            data-testid="rename-confirm"
            disabled={!!invalid || target === path}
          >
            Rename
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ path, error, onClose }: { path: string; error: string | null; onClose(): void }) {
  const deleteMemoryFile = useFiles((s) => s.deleteMemoryFile);
  return (
    <Dialog title="Move to trash?" testId="delete-dialog" onClose={onClose}>
      <p>
        <code>{path}</code> will be moved to the trash. The index forgets it; you can restore it from the trash.
      </p>
      {error && (
        <div className="notice notice--error" role="alert">
          {error}
        </div>
      )}
      <div className="form__actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger button--primary"
          data-testid="delete-confirm"
          onClick={() => void deleteMemoryFile(path)}
        >
          Move to trash
        </button>
      </div>
    </Dialog>
  );
}
