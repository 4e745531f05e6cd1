// The "Agent" view: each OpenClaw agent database of the workspace — its notices, the agent's own
// memory index file by file beside the files (current / stale / missing / extra, chunks, revision)
// and the sessions it holds. All read from the database, never written.
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { AgentDatabase, AgentIndexFile } from '../../../../../shared/agent-db-schemas';
import { formatDate } from '../../../lib/format-locale';
import { agentsStore, useAgentsView } from '../stores/agents-store-context';
import { shownText } from '../../../lib/error-message';

const AGENT_VIEW_REFRESH_MS = 5000;

/** The agents namespace's key for each file's state in the agent's index. */
const STATUS_WORDS = {
  current: 'indexStatus.current',
  stale: 'indexStatus.stale',
  missing: 'indexStatus.missing',
  extra: 'indexStatus.extra',
} as const satisfies Record<AgentIndexFile['status'], string>;

export function AgentIndexView({ onOpen }: { onOpen(path: string): void }) {
  const { t } = useTranslation('agents');
  const store = agentsStore.useSliceStore();
  const { report, error } = useAgentsView((s) => ({ report: s.agents.report, error: s.agents.error }));
  // The gateway re-indexes on its own schedule and announces nothing: while this view is open,
  // read the databases again now and then (a few small queries and the memory files' hashes).
  useEffect(() => {
    void store.getState().loadAgents();
    const timer = setInterval(() => void store.getState().loadAgents(), AGENT_VIEW_REFRESH_MS);
    return () => clearInterval(timer);
  }, [store]);
  if (error)
    return (
      <div className="notice notice--error" data-testid="agent-view-error">
        {shownText(t, error)}
      </div>
    );
  if (!report)
    return (
      <div className="agent-view" data-testid="agent-view" data-loading>
        {t('index.reading')}
      </div>
    );
  return (
    <div className="agent-view" data-testid="agent-view">
      {report.databases.length === 0 && (
        <p className="muted" data-testid="agent-view-none">
          {t('index.none')}
        </p>
      )}
      {report.databases.map((db) => (
        <AgentDatabaseSection key={db.path} db={db} onOpen={onOpen} />
      ))}
    </div>
  );
}

function AgentDatabaseSection({ db, onOpen }: { db: AgentDatabase; onOpen(path: string): void }) {
  const { t, i18n } = useTranslation('agents');
  return (
    <section className="agent-db" data-testid="agent-db" data-agent={db.agentId} data-state={db.state}>
      <h2 className="agent-db__title">
        <Trans t={t} i18nKey="index.agent" values={{ id: db.agentId }} components={{ strong: <strong /> }} />
        <span className="muted agent-db__path" title={db.path}>
          {db.path}
        </span>
        <span className="badge">{t('index.readOnly')}</span>
      </h2>
      {db.notices.map((n) => (
        <div
          key={n.code}
          className={`notice ${n.code === 'corrupt' || n.code === 'unreadable' ? 'notice--error' : 'notice--warn'}`}
          data-testid="agent-db-notice"
          data-code={n.code}
        >
          {n.path === undefined ? (
            n.message
          ) : (
            <Trans
              t={t}
              i18nKey={`dbNotice.${n.code}`}
              values={{ path: n.path, detail: n.detail ?? '', version: n.version, known: n.known }}
              components={{ code: <code /> }}
            />
          )}
        </div>
      ))}
      {db.index && (
        <>
          <h3>
            <Trans
              t={t}
              i18nKey="index.inIndex"
              values={{ revision: db.index.revision ?? '?' }}
              components={{ muted: <span className="muted" /> }}
            />
          </h3>
          <p className="agent-db__counts" data-testid="agent-index-counts">
            {t('index.counts', db.index.counts)}
          </p>
          <table className="agent-index-table" data-testid="agent-index-table">
            <thead>
              <tr>
                <th>{t('index.file')}</th>
                <th>{t('index.status')}</th>
                <th>{t('index.chunks')}</th>
                <th>{t('index.indexed')}</th>
              </tr>
            </thead>
            <tbody>
              {db.index.files.map((f) => (
                <tr key={f.path} data-testid="agent-index-row" data-path={f.path} data-status={f.status}>
                  <td>
                    {f.status === 'extra' ? (
                      <span>{f.path}</span>
                    ) : (
                      <button type="button" className="link-button" onClick={() => onOpen(f.path)}>
                        {f.path}
                      </button>
                    )}
                  </td>
                  <td>
                    <span className={`agent-status agent-status--${f.status}`}>{t(STATUS_WORDS[f.status])}</span>
                  </td>
                  <td className="num">{f.chunks}</td>
                  <td className="muted">{f.indexedAt ? formatDate(i18n.language, f.indexedAt, 'datetime') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h3>
        <Trans
          t={t}
          i18nKey="index.sessions"
          values={{ count: db.sessions.length }}
          components={{ muted: <span className="muted" /> }}
        />
      </h3>
      <ul className="agent-sessions" data-testid="agent-sessions">
        {db.sessions.map((s) => (
          <li key={s.path} data-testid="agent-session" data-kind={s.kind}>
            <button type="button" className="link-button" onClick={() => onOpen(s.path)}>
              {s.sessionKey ?? s.sessionId}
            </button>
            <span className="badge">{s.kind}</span>
            {s.archived && <span className="badge">{s.archived}</span>}
            {s.channel && <span className="muted"> {s.channel}</span>}
            {!s.archived && <span className="muted">{t('index.events', { count: s.events })}</span>}
            {s.shadowsFile && (
              <span className="muted" title={t('index.legacyTitle')}>
                {t('index.legacy')}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
