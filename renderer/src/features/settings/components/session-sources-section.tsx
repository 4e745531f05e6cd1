import { useTranslation } from 'react-i18next';
import type { SessionSource } from '../../../../../shared/domain';

/** Where transcripts come from, each agent with a switch: left out, its files are neither indexed nor listed. */
export function SessionSourcesSection({
  sources,
  onToggle,
}: {
  sources: SessionSource[];
  onToggle(agentId: string, included: boolean): void;
}) {
  const { t } = useTranslation('settings');
  if (sources.length === 0) {
    return (
      <p className="muted" data-testid="sources-none">
        {t('sources.none')}
      </p>
    );
  }
  return (
    <ul className="source-list" data-testid="session-sources">
      {sources.map((s) => (
        <li
          key={`${s.location}:${s.dir}`}
          data-testid="session-source"
          data-agent={s.agentId ?? ''}
          data-included={s.included}
        >
          <label className="field field--check">
            <input
              type="checkbox"
              checked={s.included}
              disabled={
                s.agentId === null || s.excludedBecause === 'duplicate-agent' || s.excludedBecause === 'other-agent'
              }
              data-testid="session-source-toggle"
              onChange={(e) => s.agentId !== null && onToggle(s.agentId, e.target.checked)}
            />
            <span>
              <strong>{s.agentId === null ? t('sources.workspace') : t('sources.agent', { agent: s.agentId })}</strong>{' '}
              <span className="muted">
                · {t('sources.transcripts', { count: s.files })} · {t(`sources.location.${s.location}`)}
                {s.excludedBecause === 'duplicate-agent' && ` · ${t('sources.duplicate')}`}
                {s.excludedBecause === 'other-agent' && ` · ${t('sources.otherAgent')}`}
              </span>
              <span className="source-list__dir" title={s.dir}>
                {s.dir}
              </span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
