import type { SessionSource } from '../../../../../shared/domain';

const LOCATION_LABELS: Record<SessionSource['location'], string> = {
  workspace: "the workspace's sessions/ folder",
  agents: 'agents/ inside the workspace',
  'hidden-agents': '.openclaw/agents/ inside the workspace',
  beside: 'agents/ beside the workspace',
  option: 'named with --sessions',
};

/** Where transcripts come from, each agent with a switch: left out, its files are neither indexed nor listed. */
export function SessionSourcesSection({
  sources,
  onToggle,
}: {
  sources: SessionSource[];
  onToggle(agentId: string, included: boolean): void;
}) {
  if (sources.length === 0) {
    return (
      <p className="muted" data-testid="sources-none">
        No transcripts found: no sessions/ folder, and no agents/&lt;id&gt;/sessions inside or beside the workspace.
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
              <strong>{s.agentId === null ? 'Workspace sessions' : `Agent ${s.agentId}`}</strong>{' '}
              <span className="muted">
                · {s.files} transcript{s.files === 1 ? '' : 's'} · {LOCATION_LABELS[s.location]}
                {s.excludedBecause === 'duplicate-agent' && ' · not read: an earlier folder has the same agent id'}
                {s.excludedBecause === 'other-agent' && ' · not read: openclaw.json gives this agent another workspace'}
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
