// A dialog of one filter box over a pick list (quick open, the command palette): typing filters,
// the arrow keys move, Enter or a click picks. What is listed and how a row reads is the caller's.
import { useMemo, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { useFilterList } from './filter-input';

export interface PickListDialogProps<T> {
  title: string;
  testId: string;
  inputTestId: string;
  itemTestId: string;
  placeholder: string;
  /** Shown as the only row when nothing matches. */
  empty: string;
  /** The rows for what is typed, best first (memoise it: it runs when the query changes). */
  match(query: string): readonly T[];
  keyOf(item: T): string;
  /** data-* attributes of a row, e.g. `{ 'data-path': … }`, for tests and styles. */
  dataOf(item: T): Record<`data-${string}`, string>;
  render(item: T): ReactNode;
  onPick(item: T): void;
  onClose(): void;
}

export function PickListDialog<T>(props: PickListDialogProps<T>) {
  const list = useFilterList();
  const { match, onPick } = props;
  const matches = useMemo(() => match(list.query), [match, list.query]);
  const pick = (i: number) => {
    const item = matches[i];
    if (item !== undefined) onPick(item);
  };
  const { selected, inputProps } = list.forMatches(matches.length, pick);
  return (
    <Dialog title={props.title} testId={props.testId} onClose={props.onClose}>
      <input
        className="quick-open__input"
        data-testid={props.inputTestId}
        placeholder={props.placeholder}
        {...inputProps}
      />
      <ul className="quick-open__list" role="listbox">
        {matches.map((item, i) => (
          <li
            key={props.keyOf(item)}
            role="option"
            aria-selected={i === selected}
            data-testid={props.itemTestId}
            {...props.dataOf(item)}
            className={i === selected ? 'is-selected' : ''}
            onMouseDown={() => pick(i)}
          >
            {props.render(item)}
          </li>
        ))}
        {matches.length === 0 && <li className="muted">{props.empty}</li>}
      </ul>
    </Dialog>
  );
}
