import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localText } from '../../../../../shared/i18n';
import type { MemlensApi } from '../../../../../shared/contract';
import type { Change, WorkspaceChanges } from '../../../../../shared/history-schemas';
import { errorInfo, shownError, shownText, type ShownMessage } from '../../../lib/error-message';
import { AgentTurn, AuthorChip, kindText, timeText } from './author-chip';

interface ChangesViewProps {
  api: MemlensApi;
  onOpenPath(path: string): void;
  onOpenTranscript(path: string, line: number): void;
}

const HOUR = 3_600_000;
const RANGES: { id: 'seen' | 'hour' | 'day' | 'week' | 'month'; since: (now: number) => number | undefined }[] = [
  { id: 'seen', since: () => undefined },
  { id: 'hour', since: (now) => now - HOUR },
  { id: 'day', since: (now) => now - 24 * HOUR },
  { id: 'week', since: (now) => now - 7 * 24 * HOUR },
  { id: 'month', since: (now) => now - 30 * 24 * HOUR },
];

/** Every change to memory since a time (default: since the user last looked), grouped by who made it. */
export function ChangesView({ api, onOpenPath, onOpenTranscript }: ChangesViewProps) {
  const { t, i18n } = useTranslation('history');
  const [range, setRange] = useState('seen');
  const [changes, setChanges] = useState<WorkspaceChanges | null>(null);
  const [message, setMessage] = useState<{ kind: 'info' | 'error'; text: string | ShownMessage } | null>(null);

  // Leaving the view counts as having looked: next time "Since I last looked" starts where this visit began.
  useEffect(() => {
    const openedAt = Date.now();
    return () => void api.historyMarkSeen({ at: openedAt }).catch(() => undefined);
  }, [api]);

  const load = useCallback(async () => {
    const since = RANGES.find((r) => r.id === range)!.since(Date.now());
    setChanges(await api.historyChanges(since === undefined ? {} : { since }));
  }, [api, range]);
  useEffect(() => {
    load().catch((e: unknown) => setMessage({ kind: 'error', text: shownError(e) }));
  }, [load]);

  const revert = async (change: Change) => {
    const { version, previous } = change;
    try {
      const file = await api.readFile({ path: version.path }).catch(() => null);
      if (file && file.hash !== version.hash) {
        setMessage({
          kind: 'error',
          text: t('changes.changedAgain', { path: version.path }),
        });
        return;
      }
      if (previous && previous.hash !== null)
        await api.historyRestore({ path: version.path, version: previous.id, expectedHash: file?.hash ?? null });
      else if (file) await api.deleteFile({ path: version.path, expectedHash: file.hash });
      setMessage({
        kind: 'info',
        text: previous
          ? t('changes.revertedTo', { path: version.path, version: previous.id })
          : t('changes.reverted', { path: version.path }),
      });
      await load();
    } catch (e) {
      const info = errorInfo(e);
      setMessage({
        kind: 'error',
        text: info.code === 'CONFLICT' ? t('changes.conflict', { path: version.path }) : shownError(e),
      });
    }
  };
  const markSeen = async () => {
    await api.historyMarkSeen({});
    setMessage({ kind: 'info', text: t('changes.markedSeen') });
    if (range === 'seen') await load();
  };

  const count = changes?.groups.reduce((n, g) => n + g.changes.length, 0) ?? 0;
  return (
    <div className="changes-view" data-testid="changes-view">
      <div className="changes-view__bar">
        <h2>{t('changes.title')}</h2>
        <select data-testid="changes-range" value={range} onChange={(e) => setRange(e.target.value)}>
          {RANGES.map((r) => (
            <option key={r.id} value={r.id}>
              {t(`ranges.${r.id}`)}
            </option>
          ))}
        </select>
        {changes && (
          <span className="muted" data-testid="changes-since">
            {t('changes.since', { when: timeText(i18n.language, changes.since), count })}
          </span>
        )}
        <span className="app__spacer" />
        <button type="button" className="button" data-testid="mark-seen" onClick={() => void markSeen()}>
          {t('changes.markSeen')}
        </button>
      </div>
      {changes?.notices.map((n) => (
        <div key={n.message} className="notice notice--warn">
          {localText(t, n)}
        </div>
      ))}
      {message && (
        <div className={`notice notice--${message.kind}`} data-testid="changes-message">
          {typeof message.text === 'string' ? message.text : shownText(t, message.text)}
        </div>
      )}
      {changes && count === 0 && (
        <p className="muted changes-view__empty" data-testid="no-changes">
          {t('changes.none')}
        </p>
      )}
      {changes?.groups.map((group) => (
        <section key={group.kind} className="change-group" data-testid="change-group" data-kind={group.kind}>
          <h3>
            {t(`group.${group.kind}`)} <span className="muted">· {group.changes.length}</span>
          </h3>
          {group.changes.map((change) => (
            <article key={change.version.id} className="change" data-testid="change" data-path={change.version.path}>
              <header className="change__head">
                <button type="button" className="link-button" onClick={() => onOpenPath(change.version.path)}>
                  {change.version.path}
                </button>
                <span className="muted">
                  {kindText(t, change.version)} · {timeText(i18n.language, change.version.time)}
                </span>
                <span className="change__counts">
                  <span className="diff-add">{t('added', { count: change.added })}</span>{' '}
                  <span className="diff-del">{t('removed', { count: change.removed })}</span>
                </span>
                <span className="app__spacer" />
                <button
                  type="button"
                  className="button"
                  data-testid="revert-change"
                  onClick={() => void revert(change)}
                >
                  {t('changes.revert')}
                </button>
              </header>
              <AuthorChip author={change.version.author} withHow />
              <AgentTurn author={change.version.author} onOpenTranscript={onOpenTranscript} />
              <pre className="change__diff" data-testid="change-diff">
                {change.hunks.slice(0, 8).map((h, i) => (
                  <span key={i}>
                    <span className="diff-hunk">
                      {t('changes.hunk', { line: h.toLine })}
                      {'\n'}
                    </span>
                    {h.removed.slice(0, 20).map((l, j) => (
                      <span key={`r${j}`} className="diff-del">
                        - {l}
                        {'\n'}
                      </span>
                    ))}
                    {h.added.slice(0, 20).map((l, j) => (
                      <span key={`a${j}`} className="diff-add">
                        + {l}
                        {'\n'}
                      </span>
                    ))}
                  </span>
                ))}
              </pre>
            </article>
          ))}
        </section>
      ))}
    </div>
  );
}
