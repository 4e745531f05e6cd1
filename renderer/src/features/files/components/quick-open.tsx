import { useMemo } from 'react';
import { rankQuickOpenEntries, type QuickOpenEntry } from '../stores/quick-open-match';
import { useFiles } from '../stores/files-store-context';
import { Dialog } from '../../../lib/dialog';
import { useFilterList } from '../../../lib/filter-input';
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
  const list = useFilterList();
  const matches = useMemo(() => rankQuickOpenEntries(items, list.query).slice(0, 50), [items, list.query]);
  const { selected, inputProps } = list.forMatches(matches.length, (i) => onOpen(matches[i]!.path));
  return (
    <Dialog title="Open file" testId="quick-open" onClose={onClose}>
      <input
        className="quick-open__input"
        data-testid="quick-open-input"
        placeholder="Type a file name, a title or a date"
        {...inputProps}
      />
      <ul className="quick-open__list" role="listbox">
        {matches.map((m, i) => (
          <li
            key={m.path}
            role="option"
            aria-selected={i === selected}
            data-testid="quick-open-item"
            data-path={m.path}
            className={i === selected ? 'is-selected' : ''}
            onMouseDown={() => onOpen(m.path)}
          >
            {m.title ? <span className="quick-open__title">{showBidiControls(m.title)}</span> : null}
            <span className="quick-open__path muted">
              {m.day && !m.path.includes(m.day) ? `${m.day} · ` : ''}
              {showBidiControls(m.path)}
            </span>
          </li>
        ))}
        {matches.length === 0 && <li className="muted">No file matches</li>}
      </ul>
    </Dialog>
  );
}
