// A notice as one line: its text cut with an ellipsis (a chevron shows it whole), an optional
// action, and × to dismiss it for the rest of this browser session (sessionStorage, per code).
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const DISMISSED_KEY = 'memlens.notices.dismissed';

function dismissedCodes(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

/** Whether the notice `code` was dismissed in this session, and how to dismiss it. */
export function useDismissedNotice(code: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => dismissedCodes().has(code));
  const dismiss = () => {
    const codes = dismissedCodes();
    codes.add(code);
    try {
      sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...codes]));
    } catch {
      // Storage refused (private mode, quota): dismissed until the page reloads.
    }
    setDismissed(true);
  };
  return [dismissed, dismiss];
}

interface NoticeLineProps {
  code: string;
  testId: string;
  children: ReactNode;
  action?: ReactNode;
}

export function NoticeLine({ code, testId, children, action }: NoticeLineProps) {
  const { t } = useTranslation('search');
  const [dismissed, dismiss] = useDismissedNotice(code);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const textRef = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = textRef.current;
    if (el && !open) setOverflows(el.scrollWidth > el.clientWidth + 1);
  }, [children, open]);
  if (dismissed) return null;
  return (
    <div className={`notice notice--info notice--line${open ? ' is-open' : ''}`} data-testid={testId} data-code={code}>
      {(overflows || open) && (
        <button
          type="button"
          className="notice__toggle"
          data-testid="notice-toggle"
          aria-expanded={open}
          title={open ? t('notice.showOne') : t('notice.showAll')}
          onClick={() => setOpen(!open)}
        >
          {open ? '▾' : '▸'}
        </button>
      )}
      <span ref={textRef} className="notice__text" data-testid="notice-text">
        {children}
      </span>
      {action}
      <button
        type="button"
        className="notice__dismiss"
        data-testid="notice-dismiss"
        aria-label={t('notice.dismiss')}
        title={t('notice.dismiss')}
        onClick={dismiss}
      >
        ×
      </button>
    </div>
  );
}
