import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemlensApi } from '../../../../../shared/contract';
import type { LineOrigins } from '../../../../../shared/history-schemas';
import { shownError, shownText, type ShownMessage } from '../../../lib/error-message';
import { AgentTurn, AuthorChip, timeText } from './author-chip';

interface LineOriginsProps {
  api: MemlensApi;
  path: string;
  onOpenAt(path: string, line: number): void;
  onOpenTranscript(path: string, line: number): void;
}

interface Run {
  from: number;
  to: number;
  versionId: number | null;
}

function runsOf(origins: LineOrigins): Run[] {
  const runs: Run[] = [];
  for (const { line, versionId } of origins.lines) {
    const last = runs[runs.length - 1];
    if (last && last.versionId === versionId && last.to === line - 1) last.to = line;
    else runs.push({ from: line, to: line, versionId });
  }
  return runs;
}

/** "Where did this line come from?": for the open file, each run of lines with the version that introduced it and its author. */
export function LineOriginsButton({ api, path, onOpenAt, onOpenTranscript }: LineOriginsProps) {
  const { t, i18n } = useTranslation('history');
  const [open, setOpen] = useState(false);
  const [origins, setOrigins] = useState<LineOrigins | null>(null);
  const [error, setError] = useState<ShownMessage | null>(null);
  useEffect(() => {
    if (!open) return;
    setOrigins(null);
    api.lineOrigins({ path }).then(setOrigins, (e: unknown) => setError(shownError(e)));
  }, [api, path, open]);
  const versions = new Map((origins?.versions ?? []).map((v) => [v.id, v]));
  return (
    <span className="line-origins">
      <button
        type="button"
        className={`button button--small${open ? ' is-on' : ''}`}
        data-testid="line-origins-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title={t('origins.toggleTitle')}
      >
        {t('origins.toggle')}
      </button>
      {open && (
        <div
          className="line-origins__panel"
          role="dialog"
          aria-label={t('origins.label', { path })}
          data-testid="line-origins"
        >
          {error && <div className="notice notice--error">{shownText(t, error)}</div>}
          {!origins && !error && <p className="muted">{t('origins.reading')}</p>}
          {origins && (
            <ol className="line-origins__runs">
              {runsOf(origins).map((run) => {
                const v = run.versionId === null ? null : versions.get(run.versionId);
                return (
                  <li
                    key={run.from}
                    className="line-origins__run"
                    data-testid="line-origin"
                    data-from={run.from}
                    data-to={run.to}
                    data-kind={v?.author.kind ?? 'none'}
                  >
                    <button type="button" className="link-button" onClick={() => onOpenAt(path, run.from)}>
                      {run.from === run.to
                        ? t('origins.line', { line: run.from })
                        : t('origins.lines', { from: run.from, to: run.to })}
                    </button>
                    {v ? (
                      <>
                        <span className="muted">
                          {' '}
                          {t('version', { id: v.id })} · {timeText(i18n.language, v.time)} ·{' '}
                        </span>
                        <AuthorChip author={v.author} />
                        <AgentTurn author={v.author} onOpenTranscript={onOpenTranscript} />
                      </>
                    ) : (
                      <span className="muted">{t('origins.notKept')}</span>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      )}
    </span>
  );
}
