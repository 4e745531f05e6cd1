// Ctrl/Cmd+K: every command of the app by name, filtered as you type, Enter runs the top one.
import { useEffect, useMemo, useState } from 'react';
import { Modal } from '../features/files/components/modal';
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
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
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
  const selected = Math.min(cursor, Math.max(0, matches.length - 1));
  const run = (i: number) => {
    const command = matches[i];
    if (!command) return;
    onClose();
    command.run();
  };
  return (
    <Modal title="Commands" testId="command-palette" onClose={onClose}>
      <input
        className="quick-open__input"
        data-testid="command-input"
        placeholder="Type a command"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setCursor(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') { e.preventDefault(); setCursor(Math.min(selected + 1, matches.length - 1)); }
          if (e.key === 'ArrowUp') { e.preventDefault(); setCursor(Math.max(selected - 1, 0)); }
          if (e.key === 'Enter') run(selected);
        }}
      />
      <ul className="quick-open__list" role="listbox">
        {matches.map((c, i) => (
          <li key={c.id} role="option" aria-selected={i === selected} data-testid="command-item" data-id={c.id} className={i === selected ? 'is-selected' : ''} onMouseDown={() => run(i)}>
            <span>{c.label}</span>
            {c.keys && <kbd className="quick-open__keys">{c.keys}</kbd>}
          </li>
        ))}
        {matches.length === 0 && <li className="muted">No command matches</li>}
      </ul>
    </Modal>
  );
}
