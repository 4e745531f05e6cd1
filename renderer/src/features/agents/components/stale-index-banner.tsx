// Says when the agent's own index no longer matches the memory files — the usual reason for
// "my agent can't find it" — and leads to the Agent view.
import { agentIndexBehind } from '../stores/agents-slice';
import { useAgentsView } from '../stores/agents-store-context';

export function StaleIndexBanner({ onShow }: { onShow(): void }) {
  const behind = useAgentsView((s) => agentIndexBehind(s.agents.report));
  if (!behind) return null;
  const parts = [
    behind.stale > 0 && `${behind.stale} changed since it indexed them`,
    behind.missing > 0 && `${behind.missing} not in it`,
    behind.extra > 0 && `${behind.extra} deleted but still in it`,
  ].filter(Boolean);
  return (
    <div className="notice notice--warn notice--row" data-testid="stale-index-banner">
      <span>
        Your agent&apos;s index is behind the files: {parts.join(', ')}. Until OpenClaw re-indexes (
        <code>openclaw memory index</code>), your agent searches the old text.
      </span>
      <button type="button" className="link-button" onClick={onShow}>
        Show
      </button>
    </div>
  );
}
