import { useMemo, useState } from 'react';
import { rankQuickOpen } from '../stores/quick-open-match';
import { useFiles } from '../stores/files-store-context';
import { Modal } from './modal';
import { showBidiControls } from '../../../../../shared/bidi-controls';

/** Ctrl/Cmd+P: type part of a path, Enter opens the top match. */
export function QuickOpen({ onOpen }: { onOpen(path: string): void }) {
  const { open, entries, setQuickOpen } = useFiles((s) => ({ open: s.files.quickOpen, entries: s.files.entries, setQuickOpen: s.setQuickOpen }));
  if (!open) return null;
  return <QuickOpenDialog paths={entries.map((e) => e.path)} onClose={() => setQuickOpen(false)} onOpen={(p) => { setQuickOpen(false); onOpen(p); }} />;
}

function QuickOpenDialog({ paths, onClose, onOpen }: { paths: string[]; onClose(): void; onOpen(path: string): void }) {
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const matches = useMemo(() => rankQuickOpen(paths, query).slice(0, 50), [paths, query]);
  const selected = Math.min(cursor, Math.max(0, matches.length - 1));
  return (
    <Modal title="Open file" testId="quick-open" onClose={onClose}>
      <input
        className="quick-open__input"
        data-testid="quick-open-input"
        placeholder="Type a file name"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setCursor(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') { e.preventDefault(); setCursor(Math.min(selected + 1, matches.length - 1)); }
          if (e.key === 'ArrowUp') { e.preventDefault(); setCursor(Math.max(selected - 1, 0)); }
          if (e.key === 'Enter' && matches[selected]) onOpen(matches[selected]);
        }}
      />
      <ul className="quick-open__list" role="listbox">
        {matches.map((p, i) => (
          <li key={p} role="option" aria-selected={i === selected} data-testid="quick-open-item" data-path={p} className={i === selected ? 'is-selected' : ''} onMouseDown={() => onOpen(p)}>
            {showBidiControls(p)}
          </li>
        ))}
        {matches.length === 0 && <li className="muted">No file matches</li>}
      </ul>
    </Modal>
  );
}
