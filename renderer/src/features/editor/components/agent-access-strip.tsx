import { useEffect, useState } from 'react';
import { useAgentAccess } from '../stores/agent-access-store-context';
import { useEditor } from '../stores/editor-store-context';

/** Agents read from another process (the MCP server): look again this often while the file is open. */
const REFRESH_MS = 10_000;

/** How often agents retrieved each part of the open file, and when; a range click shows it. */
export function AgentAccessStrip({ path }: { path: string }) {
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
        Agent access counts are unavailable: {error}
      </div>
    );
  if (!access) return null;
  if (access.total === 0) {
    return (
      <div className="agent-access muted" data-testid="agent-access" data-total="0">
        No agent has retrieved this file yet.
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
        Retrieved by agents {access.total} time{access.total === 1 ? '' : 's'}
        {access.lastAccessAt !== null && <> · last {formatTime(access.lastAccessAt)}</>} · {current.length} part
        {current.length === 1 ? '' : 's'} of this file {open ? '▾' : '▸'}
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
                  lines {r.startLine}–{r.endLine}
                </button>
              ) : (
                <span
                  className="muted"
                  title="This text is no longer in the file: the count belongs to an earlier version."
                >
                  lines {r.startLine}–{r.endLine} (since edited)
                </span>
              )}{' '}
              ×{r.count} · last {formatTime(r.lastAccessAt)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function formatTime(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
