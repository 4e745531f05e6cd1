import { useAgentAccess } from '../stores/agent-access-store-context';

/** OpenClaw's session-memory hook keeps the last 15 messages. */
const MESSAGES = 15;

/**
 * "Save as memory": the transcript's last messages written as memory/YYYY-MM-DD-<slug>.md, as
 * OpenClaw does on /new. Never replaces a file (a taken name gets -2, -3, …).
 */
export function SaveSessionButton({ path }: { path: string }) {
  const { status, forPath } = useAgentAccess((s) => ({
    status: s.agentAccess.sessionSave.status,
    forPath: s.agentAccess.sessionSave.path,
  }));
  const saveSessionAsMemory = useAgentAccess((s) => s.saveSessionAsMemory);
  return (
    <button
      type="button"
      className="button agent-save-session"
      data-testid="save-session-memory"
      disabled={forPath === path && status === 'saving'}
      title={`Write the last ${MESSAGES} user and assistant messages to memory/ (slash commands and tool output left out)`}
      onClick={() => void saveSessionAsMemory(path, MESSAGES)}
    >
      Save as memory
    </button>
  );
}

/** Where the saved memory went, with a way to open it. */
export function SessionSavedNotice({ path, onOpenPath }: { path: string; onOpenPath(path: string): void }) {
  const save = useAgentAccess((s) => s.agentAccess.sessionSave);
  if (save.path !== path) return null;
  if (save.status === 'error') {
    return (
      <div className="banner banner--error" role="alert" data-testid="session-memory-error">
        Could not save the session: {save.error}
      </div>
    );
  }
  if (save.status !== 'done' || !save.saved) return null;
  const saved = save.saved;
  return (
    <div className="banner banner--info" role="status" data-testid="session-memory-saved" data-path={saved.path}>
      <span>
        Saved {saved.messages} message{saved.messages === 1 ? '' : 's'} as <code>{saved.path}</code>.
      </span>
      <button type="button" className="button" data-testid="session-memory-open" onClick={() => onOpenPath(saved.path)}>
        Open
      </button>
    </div>
  );
}
