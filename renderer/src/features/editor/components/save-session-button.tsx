import { Trans, useTranslation } from 'react-i18next';
import { useAgentAccess } from '../stores/agent-access-store-context';
import { shownText } from '../../../lib/error-message';

/** OpenClaw's session-memory hook keeps the last 15 messages. */
const MESSAGES = 15;

/**
 * "Save as memory": the transcript's last messages written as memory/YYYY-MM-DD-<slug>.md, as
 * OpenClaw does on /new. Never replaces a file (a taken name gets -2, -3, …).
 */
export function SaveSessionButton({ path }: { path: string }) {
  const { t } = useTranslation('editor');
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
      title={t('session.saveTitle', { count: MESSAGES })}
      onClick={() => void saveSessionAsMemory(path, MESSAGES)}
    >
      {t('session.save')}
    </button>
  );
}

/** Where the saved memory went, with a way to open it. */
export function SessionSavedNotice({ path, onOpenPath }: { path: string; onOpenPath(path: string): void }) {
  const { t } = useTranslation('editor');
  const save = useAgentAccess((s) => s.agentAccess.sessionSave);
  if (save.path !== path) return null;
  if (save.status === 'error') {
    return (
      <div className="banner banner--error" role="alert" data-testid="session-memory-error">
        {t('session.error', { error: save.error ? shownText(t, save.error) : '' })}
      </div>
    );
  }
  if (save.status !== 'done' || !save.saved) return null;
  const saved = save.saved;
  return (
    <div className="banner banner--info" role="status" data-testid="session-memory-saved" data-path={saved.path}>
      <span>
        <Trans
          t={t}
          i18nKey="session.saved"
          count={saved.messages}
          values={{ path: saved.path }}
          components={{ code: <code /> }}
        />
      </span>
      <button type="button" className="button" data-testid="session-memory-open" onClick={() => onOpenPath(saved.path)}>
        {t('session.open')}
      </button>
    </div>
  );
}
