import type { Author, Version } from '../../../../../shared/history-schemas';

export function timeText(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function kindText(v: Version): string {
  if (v.kind === 'rename')
    return v.hash === null ? `renamed to ${v.toPath ?? '?'}` : `renamed from ${v.fromPath ?? '?'}`;
  if (v.kind === 'delete') return 'deleted';
  if (v.kind === 'baseline') return 'first seen';
  return v.kind === 'save' ? 'saved' : 'changed';
}

/** Who made a change, and (in the tooltip and on a second line) how that is known. */
export function AuthorChip({ author, withHow = false }: { author: Author; withHow?: boolean }) {
  return (
    <span className={`author author--${author.kind}`} data-testid="author" data-kind={author.kind} title={author.how}>
      <span className="author__label">{author.label}</span>
      {withHow && <span className="author__how">{author.how}</span>}
    </span>
  );
}

/** The user's message that led the agent to write, one click from the transcript. */
export function AgentTurn({
  author,
  onOpenTranscript,
}: {
  author: Author;
  onOpenTranscript(path: string, line: number): void;
}) {
  const agent = author.agent;
  if (!agent) return null;
  return (
    <div className="agent-turn" data-testid="agent-turn">
      {agent.userText && <q className="agent-turn__text">{agent.userText}</q>}
      <button
        type="button"
        className="link-button"
        data-testid="open-turn"
        onClick={() => onOpenTranscript(agent.session, agent.userLine ?? agent.line)}
      >
        Open the conversation
      </button>
    </div>
  );
}
