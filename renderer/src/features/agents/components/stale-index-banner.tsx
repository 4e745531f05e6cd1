// Says when the agent's own index no longer matches the memory files — the usual reason for
// "my agent can't find it" — and leads to the Agent view.
import { Trans, useTranslation } from 'react-i18next';
import { agentIndexBehind } from '../stores/agents-slice';
import { useAgentsView } from '../stores/agents-store-context';

export function StaleIndexBanner({ onShow }: { onShow(): void }) {
  const { t } = useTranslation('agents');
  const behind = useAgentsView((s) => agentIndexBehind(s.agents.report));
  if (!behind) return null;
  const parts = [
    behind.stale > 0 && t('stale.changed', { count: behind.stale }),
    behind.missing > 0 && t('stale.missing', { count: behind.missing }),
    behind.extra > 0 && t('stale.extra', { count: behind.extra }),
  ].filter(Boolean);
  return (
    <div className="notice notice--warn notice--row" data-testid="stale-index-banner">
      <span>
        <Trans
          t={t}
          i18nKey="stale.text"
          values={{ parts: parts.join(t('stale.separator')) }}
          components={{ code: <code /> }}
        />
      </span>
      <button type="button" className="link-button" onClick={onShow}>
        {t('stale.show')}
      </button>
    </div>
  );
}
