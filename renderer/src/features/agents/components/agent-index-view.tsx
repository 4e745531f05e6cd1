// The "Agent" view: each OpenClaw agent database of the workspace — its notices, the agent's own
// memory index file by file beside the files (current / stale / missing / extra, chunks, revision)
// and the sessions it holds. All read from the database, never written.
import { useEffect } from 'react';
import type { AgentDatabase, AgentIndexFile } from '../../../../../shared/agent-db-schemas';
import { agentsStore, useAgentsView } from '../stores/agents-store-context';

const AGENT_VIEW_REFRESH_MS = 5000;

const STATUS_WORDS: Record<AgentIndexFile['status'], string> = {
  current: 'current',
  stale: 'stale — changed since the agent indexed it',
  missing: "missing — not in the agent's index",
  extra: 'extra — indexed, no longer on disk',
};

export function AgentIndexView({ onOpen }: { onOpen(path: string): void }) {
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
        {error}
      </div>
    );
  if (!report)
    return (
      <div className="agent-view" data-testid="agent-view" data-loading>
        Reading the agent databases…
      </div>
    );
  return (
    <div className="agent-view" data-testid="agent-view">
      {report.databases.length === 0 && (
        <p className="muted" data-testid="agent-view-none">
          No OpenClaw agent database (agents/&lt;id&gt;/agent/openclaw-agent.sqlite) was found beside this workspace.
        </p>
      )}
      {report.databases.map((db) => (
        <AgentDatabaseSection key={db.path} db={db} onOpen={onOpen} />
      ))}
    </div>
  );
}

function AgentDatabaseSection({ db, onOpen }: { db: AgentDatabase; onOpen(path: string): void }) {
  return (
    <section className="agent-db" data-testid="agent-db" data-agent={db.agentId} data-state={db.state}>
      <h2 className="agent-db__title">
        Agent <strong>{db.agentId}</strong>
        <span className="muted agent-db__path" title={db.path}>
          {db.path}
        </span>
        <span className="badge">read-only</span>
      </h2>
      {db.notices.map((n) => (
        <div
          key={n.code}
          className={`notice ${n.code === 'corrupt' || n.code === 'unreadable' ? 'notice--error' : 'notice--warn'}`}
          data-testid="agent-db-notice"
          data-code={n.code}
        >
          {n.message}
        </div>
      ))}
      {db.index && (
        <>
          <h3>
            In your agent&apos;s index <span className="muted">revision {db.index.revision ?? '?'}</span>
          </h3>
          <p className="agent-db__counts" data-testid="agent-index-counts">
            {db.index.counts.current} current · {db.index.counts.stale} stale · {db.index.counts.missing} missing ·{' '}
            {db.index.counts.extra} extra
          </p>
          <table className="agent-index-table" data-testid="agent-index-table">
            <thead>
              <tr>
                <th>File</th>
                <th>In the agent&apos;s index</th>
                <th>Chunks</th>
                <th>Indexed</th>
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
                    <span className={`agent-status agent-status--${f.status}`}>{STATUS_WORDS[f.status]}</span>
                  </td>
                  <td className="num">{f.chunks}</td>
                  <td className="muted">{f.indexedAt ? f.indexedAt.slice(0, 16).replace('T', ' ') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h3>
        Sessions in the database <span className="muted">{db.sessions.length}</span>
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
            {!s.archived && <span className="muted"> · {s.events} events</span>}
            {s.shadowsFile && (
              <span className="muted" title="A legacy JSONL copy exists too; this is the database's (live) one.">
                {' '}
                · also a legacy file
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
