import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Author, Version } from '../../../../../shared/history-schemas';
import { localText } from '../../../../../shared/i18n';
import { formatDate } from '../../../lib/format-locale';

/** When a version was made, in the interface's language. */
export function timeText(locale: string, ms: number): string {
  return formatDate(locale, ms, 'datetime');
}

/** What a version did to its file, with `t` of the history namespace. */
export function kindText(t: TFunction<'history'>, v: Version): string {
  if (v.kind === 'rename')
    return v.hash === null
      ? t('kind.renamedTo', { path: v.toPath ?? '?' })
      : t('kind.renamedFrom', { path: v.fromPath ?? '?' });
  if (v.kind === 'delete') return t('kind.deleted');
  if (v.kind === 'baseline') return t('kind.baseline');
  return v.kind === 'save' ? t('kind.save') : t('kind.change');
}

/** Who made a change, and (in the tooltip and on a second line) how that is known. */
export function AuthorChip({ author, withHow = false }: { author: Author; withHow?: boolean }) {
  const { t } = useTranslation('history');
  const how = localText(t, { message: author.how, messageId: author.howId, params: author.howParams });
  return (
    <span className={`author author--${author.kind}`} data-testid="author" data-kind={author.kind} title={how}>
      <span className="author__label">
        {localText(t, { message: author.label, messageId: author.messageId, params: author.params })}
      </span>
      {withHow && <span className="author__how">{how}</span>}
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
  const { t } = useTranslation('history');
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
        {t('openConversation')}
      </button>
    </div>
  );
}
