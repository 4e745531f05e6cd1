// Ctrl/Cmd+K: every command of the app by name, filtered as you type, Enter runs the top one.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickListDialog } from '../lib/pick-list-dialog';
import { quickOpenScore } from '../features/files/stores/quick-open-match';
import { appCommands } from './app-commands';
import type { AppStore } from './create-app-store';

function isMod(e: KeyboardEvent): boolean {
  return navigator.platform.toLowerCase().includes('mac') ? e.metaKey : e.ctrlKey;
}

export function CommandPalette({ store }: { store: AppStore }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isMod(e) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);
  if (!open) return null;
  return <PaletteDialog store={store} onClose={() => setOpen(false)} />;
}

function PaletteDialog({ store, onClose }: { store: AppStore; onClose(): void }) {
  const { t } = useTranslation('app');
  const commands = useMemo(() => appCommands(store, t), [store, t]);
  const match = useCallback(
    (query: string) =>
      commands
        .map((c) => ({ c, score: quickOpenScore(c.label, query) }))
        .filter((m): m is { c: (typeof commands)[number]; score: number } => m.score !== null)
        .sort((a, b) => b.score - a.score)
        .map((m) => m.c),
    [commands],
  );
  return (
    <PickListDialog
      title={t('commands.title')}
      testId="command-palette"
      inputTestId="command-input"
      itemTestId="command-item"
      placeholder={t('commands.placeholder')}
      empty={t('commands.empty')}
      match={match}
      keyOf={(c) => c.id}
      dataOf={(c) => ({ 'data-id': c.id })}
      render={(c) => (
        <>
          <span>{c.label}</span>
          {c.keys && <kbd className="quick-open__keys">{c.keys}</kbd>}
        </>
      )}
      onPick={(c) => {
        onClose();
        c.run();
      }}
      onClose={onClose}
    />
  );
}
