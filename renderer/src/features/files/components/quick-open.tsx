import { useMemo, useState } from 'react';
import { rankQuickOpenEntries, type QuickOpenEntry } from '../stores/quick-open-match';
import { useFiles } from '../stores/files-store-context';
import { Modal } from './modal';
import { showBidiControls } from '../../../../../shared/bidi-controls';

/** Ctrl/Cmd+P: type part of a path, a title or a date, Enter opens the top match. */
export function QuickOpen({ onOpen }: { onOpen(path: string): void }) {
  const { open, entries, setQuickOpen } = useFiles((s) => ({ open: s.files.quickOpen, entries: s.files.entries, setQuickOpen: s.setQuickOpen }));
  if (!open) return null;
  const items = entries.map((e) => ({ path: e.path, title: e.title, day: e.date?.date.slice(0, 10) }));
  return <QuickOpenDialog items={items} onClose={() => setQuickOpen(false)} onOpen={(p) => { setQuickOpen(false); onOpen(p); }} />;
}

function QuickOpenDialog({ items, onClose, onOpen }: { items: QuickOpenEntry[]; onClose(): void; onOpen(path: string): void }) {
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const matches = useMemo(() => rankQuickOpenEntries(items, query).slice(0, 50), [items, query]);
  const selected = Math.min(cursor, Math.max(0, matches.length - 1));
  return (
    <Modal title="Open file" testId="quick-open" onClose={onClose}>
      <input
        className="quick-open__input"
        data-testid="quick-open-input"
        placeholder="Type a file name, a title or a date"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setCursor(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') { e.preventDefault(); setCursor(Math.min(selected + 1, matches.length - 1)); }
          if (e.key === 'ArrowUp') { e.preventDefault(); setCursor(Math.max(selected - 1, 0)); }
          if (e.key === 'Enter' && matches[selected]) onOpen(matches[selected].path);
        }}
      />
      <ul className="quick-open__list" role="listbox">
        {matches.map((m, i) => (
          <li key={m.path} role="option" aria-selected={i === selected} data-testid="quick-open-item" data-path={m.path} className={i === selected ? 'is-selected' : ''} onMouseDown={() => onOpen(m.path)}>
            {m.title ? <span className="quick-open__title">{showBidiControls(m.title)}</span> : null}
            <span className="quick-open__path muted">{m.day && !m.path.includes(m.day) ? `${m.day} · ` : ''}{showBidiControls(m.path)}</span>
          </li>
        ))}
        {matches.length === 0 && <li className="muted">No file matches</li>}
      </ul>
    </Modal>
  );
}
