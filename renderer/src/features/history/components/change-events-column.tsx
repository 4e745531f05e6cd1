import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { MemlensApi } from '../../../../../shared/contract';
import type { Change } from '../../../../../shared/history-schemas';
import { formatDate } from '../../../lib/format-locale';
import { AuthorChip, kindText } from './author-chip';

const DAYS = 30;

/** Beside the timeline's dated memories: the changes made to memory, newest first, by day. */
export function ChangeEventsColumn({ api, onOpenHistory }: { api: MemlensApi; onOpenHistory(path: string): void }) {
  const { t, i18n } = useTranslation('history');
  const [changes, setChanges] = useState<Change[] | null>(null);
  useEffect(() => {
    const load = () =>
      api.historyChanges({ since: Date.now() - DAYS * 86_400_000 }).then(
        (c) => setChanges(c.groups.flatMap((g) => g.changes).sort((a, b) => b.version.id - a.version.id)),
        () => setChanges([]),
      );
    void load();
    return api.onDidChangeHistory(() => void load());
  }, [api]);
  const days = new Map<string, Change[]>();
  for (const change of changes ?? []) {
    const day = new Date(change.version.time).toLocaleDateString(i18n.language, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    });
    days.set(day, [...(days.get(day) ?? []), change]);
  }
  return (
    <aside className="change-events" data-testid="timeline-changes" aria-label={t('column.label')}>
      <h3>
        <Trans
          t={t}
          i18nKey="column.heading"
          values={{ count: DAYS }}
          components={{ muted: <span className="muted" /> }}
        />
      </h3>
      {changes && changes.length === 0 && <p className="muted">{t('column.none')}</p>}
      {[...days].map(([day, list]) => (
        <section key={day}>
          <h4>{day}</h4>
          <ul>
            {list.map((c) => (
              <li key={c.version.id} data-testid="timeline-change">
                <button type="button" className="link-button" onClick={() => onOpenHistory(c.version.path)}>
                  {c.version.path}
                </button>
                <span className="muted">
                  {' '}
                  {kindText(t, c.version)} {formatDate(i18n.language, c.version.time, 'time')} ·{' '}
                  {t('added', { count: c.added })} {t('removed', { count: c.removed })}
                </span>
                <AuthorChip author={c.version.author} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}
