// The one dialog of the app: Esc and the backdrop close it, focus starts on its first field or
// primary button.
import { useEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  testId: string;
  wide?: boolean;
  onClose(): void;
  children: ReactNode;
}

export function Dialog({ title, testId, wide, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, select, textarea, button.button--primary')?.focus();
  }, []);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={`modal${wide ? ' modal--text' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid={testId}
        ref={ref}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <h2 className="modal__title">{title}</h2>
        {children}
      </div>
    </div>
  );
}
