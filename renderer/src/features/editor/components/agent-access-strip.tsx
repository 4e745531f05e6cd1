import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-locale';
import { useAgentAccess } from '../stores/agent-access-store-context';
import { useEditor } from '../stores/editor-store-context';
import { shownText } from '../../../lib/error-message';

/** Agents read from another process (the MCP server): look again this often while the file is open. */
const REFRESH_MS = 10_000;

/** How often agents retrieved each part of the open file, and when; a range click shows it. */
export function AgentAccessStrip({ path }: { path: string }) {
  const { t, i18n } = useTranslation('editor');
  const when = (ms: number) => formatDate(i18n.language, ms, 'datetime');
  const { access, error, forPath } = useAgentAccess((s) => ({
    access: s.agentAccess.access,
    error: s.agentAccess.error,
    forPath: s.agentAccess.path,
  }));
  const load = useAgentAccess((s) => s.loadFileAccess);
  const openDocument = useEditor((s) => s.openDocument);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void load(path);
    const timer = setInterval(() => void load(path), REFRESH_MS);
    return () => clearInterval(timer);
  }, [path, load]);

  if (forPath !== path) return null;
  if (error)
    return (
      <div className="agent-access muted" data-testid="agent-access" data-state="error">
        {t('access.unavailable', { error: shownText(t, error) })}
      </div>
    );
  if (!access) return null;
  if (access.total === 0) {
    return (
      <div className="agent-access muted" data-testid="agent-access" data-total="0">
        {t('access.none')}
      </div>
    );
  }
  const current = access.ranges.filter((r) => r.current);
  return (
    <div className="agent-access" data-testid="agent-access" data-total={access.total}>
      <button
        type="button"
        className="link-button agent-access__summary"
        aria-expanded={open}
        data-testid="agent-access-toggle"
        onClick={() => setOpen(!open)}
      >
        {t('access.times', { count: access.total })}
        {access.lastAccessAt !== null && t('access.last', { when: when(access.lastAccessAt) })}
        {t('access.parts', { count: current.length })} {open ? '▾' : '▸'}
      </button>
      {open && (
        <ol className="agent-access__ranges" data-testid="agent-access-ranges">
          {access.ranges.map((r) => (
            <li
              key={r.chunkHash}
              data-testid="agent-access-range"
              data-lines={`${r.startLine}-${r.endLine}`}
              data-count={r.count}
              data-current={r.current}
            >
              {r.current ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void openDocument(path, { startLine: r.startLine, endLine: r.endLine })}
                >
                  {t('access.lines', { start: r.startLine, end: r.endLine })}
                </button>
              ) : (
                <span className="muted" title={t('access.editedTitle')}>
                  {t('access.edited', { start: r.startLine, end: r.endLine })}
                </span>
              )}{' '}
              {t('access.count', { count: r.count, when: when(r.lastAccessAt) })}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
