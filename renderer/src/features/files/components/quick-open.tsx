import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { rankQuickOpenEntries, type QuickOpenEntry } from '../stores/quick-open-match';
import { useFiles } from '../stores/files-store-context';
import { PickListDialog } from '../../../lib/pick-list-dialog';
import { showBidiControls } from '../../../../../shared/bidi-controls';

/** Ctrl/Cmd+P: type part of a path, a title or a date, Enter opens the top match. */
export function QuickOpen({ onOpen }: { onOpen(path: string): void }) {
  const { open, entries, setQuickOpen } = useFiles((s) => ({
    open: s.files.quickOpen,
    entries: s.files.entries,
    setQuickOpen: s.setQuickOpen,
  }));
  if (!open) return null;
  const items = entries.map((e) => ({ path: e.path, title: e.title, day: e.date?.date.slice(0, 10) }));
  return (
    <QuickOpenDialog
      items={items}
      onClose={() => setQuickOpen(false)}
      onOpen={(p) => {
        setQuickOpen(false);
        onOpen(p);
      }}
    />
  );
}

function QuickOpenDialog({
  items,
  onClose,
  onOpen,
}: {
  items: QuickOpenEntry[];
  onClose(): void;
  onOpen(path: string): void;
}) {
  const { t } = useTranslation('files');
  const match = useCallback((query: string) => rankQuickOpenEntries(items, query).slice(0, 50), [items]);
  return (
    <PickListDialog
      title={t('quickOpen.title')}
      testId="quick-open"
      inputTestId="quick-open-input"
      itemTestId="quick-open-item"
      placeholder={t('quickOpen.placeholder')}
      empty={t('quickOpen.empty')}
      match={match}
      keyOf={(m) => m.path}
      dataOf={(m) => ({ 'data-path': m.path })}
      render={(m) => (
        <>
          {m.title ? <span className="quick-open__title">{showBidiControls(m.title)}</span> : null}
          <span className="quick-open__path muted">
            {m.day && !m.path.includes(m.day) ? `${m.day} · ` : ''}
            {showBidiControls(m.path)}
          </span>
        </>
      )}
      onPick={(m) => onOpen(m.path)}
      onClose={onClose}
    />
  );
}
