// The typed-filter box of a pick list (quick open, the command palette): what is typed, which row
// is selected, and the arrow keys and Enter that move and pick.
import { useState, type ChangeEvent, type KeyboardEvent } from 'react';

export function useFilterList() {
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  /** The selected row and the input's props, for a list of `count` matches; Enter picks the selected one. */
  const forMatches = (count: number, onPick: (index: number) => void) => {
    const selected = Math.min(cursor, Math.max(0, count - 1));
    const inputProps = {
      value: query,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setQuery(e.target.value);
        setCursor(0);
      },
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          setCursor(Math.min(selected + 1, count - 1));
        }
        if (e.key === 'ArrowUp') {
          e.preventDefault();
          setCursor(Math.max(selected - 1, 0));
        }
        if (e.key === 'Enter' && count > 0) onPick(selected);
      },
    };
    return { selected, inputProps };
  };
  return { query, forMatches };
}
