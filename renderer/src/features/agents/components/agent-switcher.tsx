// The header's agent switcher: every OpenClaw agent whose workspace sits beside the open one
// (openclaw.json, workspace-<id> folders). Choosing one opens its workspace, transcripts and index.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { agentsStore, useAgentsView } from '../stores/agents-store-context';

export function AgentSwitcher({ beforeSwitch }: { beforeSwitch(): Promise<boolean> }) {
  const { t } = useTranslation('agents');
  const store = agentsStore.useSliceStore();
  const workspaces = useAgentsView((s) => s.agents.workspaces);
  useEffect(() => {
    void store.getState().loadAgents();
  }, [store]);
  if (workspaces.length < 2) return null;
  const current = workspaces.find((w) => w.current);
  return (
    <label className="agent-switcher" title={t('switcher.title')}>
      <span className="muted">{t('switcher.label')}</span>
      <select
        data-testid="agent-switcher"
        value={current?.workspace ?? ''}
        onChange={(event) => {
          const target = event.target.value;
          void (async () => {
            if (await beforeSwitch()) await store.getState().switchAgentWorkspace(target);
          })();
        }}
      >
        {!current && <option value="">{t('switcher.notAgent')}</option>}
        {workspaces.map((w) => (
          <option key={w.workspace} value={w.workspace} title={w.workspace}>
            {w.agentId}
            {w.isDefault ? t('switcher.default') : ''}
            {w.hasDatabase ? '' : t('switcher.noDatabase')}
          </option>
        ))}
      </select>
    </label>
  );
}
