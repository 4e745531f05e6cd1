// Ctrl/Cmd+K: every command of the app by name, filtered as you type, Enter runs the top one.
import { useEffect, useMemo, useState } from 'react';
import { Dialog } from '../lib/dialog';
import { useFilterList } from '../lib/filter-input';
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
  const list = useFilterList();
  const query = list.query;
  const commands = useMemo(() => appCommands(store), [store]);
  const matches = useMemo(
    () =>
      commands
        .map((c) => ({ c, score: quickOpenScore(c.label, query) }))
        .filter((m): m is { c: (typeof commands)[number]; score: number } => m.score !== null)
        .sort((a, b) => b.score - a.score)
        .map((m) => m.c),
    [commands, query],
  );
  const run = (i: number) => {
    const command = matches[i];
    if (!command) return;
    onClose();
    command.run();
  };
  const { selected, inputProps } = list.forMatches(matches.length, run);
  return (
    <Dialog title="Commands" testId="command-palette" onClose={onClose}>
      <input className="quick-open__input" data-testid="command-input" placeholder="Type a command" {...inputProps} />
      <ul className="quick-open__list" role="listbox">
        {matches.map((c, i) => (
          <li
            key={c.id}
            role="option"
            aria-selected={i === selected}
            data-testid="command-item"
            data-id={c.id}
            className={i === selected ? 'is-selected' : ''}
            onMouseDown={() => run(i)}
          >
            <span>{c.label}</span>
            {c.keys && <kbd className="quick-open__keys">{c.keys}</kbd>}
          </li>
        ))}
        {matches.length === 0 && <li className="muted">No command matches</li>}
      </ul>
    </Dialog>
  );
}
