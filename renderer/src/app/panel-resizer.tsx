import { useRef } from 'react';

interface PanelResizerProps {
  /** Which side the panel is on: dragging right widens a left panel and narrows a right one. */
  side: 'left' | 'right';
  width: number;
  min: number;
  max: number;
  label: string;
  testId: string;
  onResize(width: number): void;
  onReset(): void;
}

/** Keyboard step: coarse enough to be useful, fine enough to line things up. */
const STEP_PX = 16;

/** A drag handle between two panels; arrow keys resize too, double-click restores the default. */
export function PanelResizer({ side, width, min, max, label, testId, onResize, onReset }: PanelResizerProps) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const sign = side === 'left' ? 1 : -1;
  return (
    <div
      className="panel-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      data-testid={testId}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { x: e.clientX, width };
        document.body.classList.add('is-resizing');
      }}
      onPointerMove={(e) => {
        if (drag.current) onResize(drag.current.width + sign * (e.clientX - drag.current.x));
      }}
      onPointerUp={(e) => {
        e.currentTarget.releasePointerCapture(e.pointerId);
        drag.current = null;
        document.body.classList.remove('is-resizing');
      }}
      onDoubleClick={onReset}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          e.preventDefault();
          onResize(width + sign * (e.key === 'ArrowRight' ? STEP_PX : -STEP_PX));
        }
      }}
    />
  );
}
