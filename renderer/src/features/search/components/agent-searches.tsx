import { useEffect, useState, type ReactElement } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import type { AgentCaller, AgentSearchEntry, SearchResult } from '../../../../../shared/domain';
import { localText } from '../../../../../shared/i18n';
import { SEARCH_DEFAULTS } from '../../../../../shared/search-defaults';
import { formatDate } from '../../../lib/format-locale';
import { useAgentSearches } from '../stores/agent-searches-store-context';
import { replayKey, type AgentReplay } from '../stores/agent-searches-slice';
import { useSearch } from '../stores/search-store-context';
import { SearchResultRow } from './search-result-row';
import { shownText, type ShownMessage } from '../../../lib/error-message';

/** The MCP server and the CLI write the log from other processes: look again this often while open. */
const LIST_REFRESH_MS = 5_000;
/** The two lists of a detail: what the agent got, what the same search gives today (row keys). */
const AGENT_LIST = 'agent';
const TODAY_LIST = 'today';

interface AgentSearchesProps {
  onOpenResult(result: SearchResult): void;
  /** Transcripts' titles by path, to name session results as the sidebar does. */
  sessionTitles?: ReadonlyMap<string, string>;
}

/** What agents searched for, what they got and why, and what the same search gives today. */
export function AgentSearches({ onOpenResult, sessionTitles }: AgentSearchesProps) {
  const { t, i18n } = useTranslation('search');
  const s = useAgentSearches((st) => st.agentSearches);
  const actions = useAgentSearches((st) => ({
    setOpen: st.setAgentSearchesOpen,
    refresh: st.refreshAgentSearches,
    select: st.selectAgentSearch,
    rerun: st.rerunAgentSearch,
  }));

  useEffect(() => {
    if (!s.open) return;
    const timer = setInterval(() => void actions.refresh(), LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, [s.open, actions.refresh]);

  return (
    <section className="agent-searches" data-testid="agent-searches">
      <button
        type="button"
        className="agent-searches__toggle"
        data-testid="agent-searches-toggle"
        aria-expanded={s.open}
        onClick={() => actions.setOpen(!s.open)}
      >
        <span aria-hidden="true">{s.open ? '▾' : '▸'}</span> {t('agentSearches.title')}
        {s.list && (
          <span className="badge" data-testid="agent-searches-total" data-value={s.list.total}>
            {s.list.total}
          </span>
        )}
      </button>
      {s.open && s.selectedId === null && (
        <div className="agent-searches__body">
          {s.listStatus === 'loading' && <p className="muted pad">{t('agentSearches.loading')}</p>}
          {s.listStatus === 'error' && s.listError && (
            <div className="notice notice--error">{shownText(t, s.listError)}</div>
          )}
          {s.list && s.list.entries.length === 0 && (
            <p className="muted pad" data-testid="agent-searches-empty">
              <Trans t={t} i18nKey="agentSearches.empty" components={{ code: <code /> }} />
            </p>
          )}
          {s.list && s.list.entries.length > 0 && (
            <>
              <ol className="agent-search-list" data-testid="agent-search-list">
                {s.list.entries.map((e) => (
                  <li key={e.id}>
                    <button
                      type="button"
                      className="agent-search-item"
                      data-testid="agent-search-item"
                      data-id={e.id}
                      onClick={() => void actions.select(e.id)}
                    >
                      <span className="agent-search-item__query">{t('agentSearches.quoted', { query: e.query })}</span>
                      <span className="agent-search-item__meta muted">
                        {formatDate(i18n.language, e.at, 'datetime')} · {callerLabel(t, e.caller)} ·{' '}
                        {t('agentSearches.results', { count: e.resultCount })}
                        {e.topPath && (
                          <>
                            {' '}
                            · {t('agentSearches.top')} <code>{e.topPath}</code>
                          </>
                        )}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
              <p className="agent-searches__foot muted">{t('agentSearches.kept', { count: s.list.cap })}</p>
            </>
          )}
        </div>
      )}
      {s.open && s.selectedId !== null && (
        <AgentSearchDetail
          entry={s.entry}
          status={s.entryStatus}
          error={s.entryError}
          replay={s.replay}
          replayStatus={s.replayStatus}
          replayError={s.replayError}
          onBack={() => void actions.select(null)}
          onRerun={() => void actions.rerun()}
          onOpenResult={onOpenResult}
          {...(sessionTitles ? { sessionTitles } : {})}
        />
      )}
    </section>
  );
}

interface DetailProps extends AgentSearchesProps {
  entry: AgentSearchEntry | null;
  status: string;
  error: ShownMessage | null;
  replay: AgentReplay | null;
  replayStatus: string;
  replayError: ShownMessage | null;
  onBack(): void;
  onRerun(): void;
}

function AgentSearchDetail({
  entry,
  status,
  error,
  replay,
  replayStatus,
  replayError,
  onBack,
  onRerun,
  onOpenResult,
  sessionTitles,
}: DetailProps) {
  const { t, i18n } = useTranslation('search');
  const pinFile = useSearch((st) => st.pinFile);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const toggle = (key: string) => setExpanded((e) => ({ ...e, [key]: !e[key] }));
  const row = (
    r: SearchResult,
    i: number,
    list: 'agent' | 'today',
    move?: AgentReplay['movement']['moves'][string],
  ) => {
    const key = `${list}:${r.id}`;
    return (
      <SearchResultRow
        key={key}
        result={r}
        rank={i + 1}
        move={move}
        expanded={!!expanded[key]}
        onToggle={() => toggle(key)}
        onOpen={() => onOpenResult(r)}
        onPin={() => void pinFile(r.path)}
        title={r.source === 'sessions' ? sessionTitles?.get(r.path) : undefined}
      />
    );
  };

  return (
    <div className="agent-search" data-testid="agent-search-detail" data-id={entry?.id}>
      <button type="button" className="link-button" data-testid="agent-search-back" onClick={onBack}>
        {t('agentSearches.back')}
      </button>
      {status === 'loading' && <p className="muted pad">{t('agentSearches.loading')}</p>}
      {status === 'error' && error && <div className="notice notice--error">{shownText(t, error)}</div>}
      {entry && (
        <>
          <h4 className="agent-search__query" data-testid="agent-search-query">
            {t('agentSearches.quoted', { query: entry.query })}
          </h4>
          <p className="agent-search__meta muted" data-testid="agent-search-meta">
            {formatDate(i18n.language, entry.at, 'datetime')} · {callerLabel(t, entry.caller)} ·{' '}
            {entry.mode === 'hybrid' ? t('panel.hybrid') : t('panel.keywordOnly')} · {describeOptions(t, entry)}
          </p>
          {entry.response.notices.map((n) => (
            <div key={n.code} className="notice notice--info">
              {localText(t, n)}
            </div>
          ))}
          <div className="agent-search__actions">
            <button
              type="button"
              className="button"
              data-testid="agent-rerun"
              disabled={replayStatus === 'loading'}
              onClick={onRerun}
              title={t('agentSearches.rerunTitle')}
            >
              {replay ? t('agentSearches.rerunAgain') : t('agentSearches.rerun')}
            </button>
          </div>
          <h5 className="agent-search__heading">{t('agentSearches.got', { count: entry.response.results.length })}</h5>
          <ol className="search-results" data-testid="agent-search-results">
            {entry.response.results.map((r, i) => row(r, i, AGENT_LIST))}
          </ol>
          {entry.response.results.length === 0 && <p className="muted pad">{t('panel.empty')}</p>}
          {replayStatus === 'error' && replayError && (
            <div className="notice notice--error">{shownText(t, replayError)}</div>
          )}
          {replay && <Replay entry={entry} replay={replay} row={row} />}
        </>
      )}
    </div>
  );
}

function Replay({
  entry,
  replay,
  row,
}: {
  entry: AgentSearchEntry;
  replay: AgentReplay;
  row: (r: SearchResult, i: number, list: 'today', move?: AgentReplay['movement']['moves'][string]) => ReactElement;
}) {
  const { t } = useTranslation('search');
  const moves = Object.values(replay.movement.moves);
  const count = (kind: string) => moves.filter((m) => m.kind === kind).length;
  const dropped = entry.response.results.filter((r) => replay.movement.dropped.some((d) => d.id === replayKey(r)));
  const summary = [
    t('agentSearches.moves.same', { count: count('same') }),
    count('up') ? t('agentSearches.moves.up', { count: count('up') }) : '',
    count('down') ? t('agentSearches.moves.down', { count: count('down') }) : '',
    count('new') ? t('agentSearches.moves.new', { count: count('new') }) : '',
    dropped.length ? t('agentSearches.moves.dropped', { count: dropped.length }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="agent-search__today" data-testid="agent-rerun-results">
      <h5 className="agent-search__heading">
        {t('agentSearches.today', { count: replay.response.results.length })}{' '}
        <span className="muted" data-testid="agent-rerun-summary">
          · {summary}
        </span>
      </h5>
      {dropped.length > 0 && (
        <div className="notice notice--info" data-testid="agent-rerun-dropped">
          {t('agentSearches.dropped')} {dropped.map((r) => `${r.path}:${r.startLine}-${r.endLine}`).join(', ')}
        </div>
      )}
      <ol className="search-results">
        {replay.response.results.map((r, i) => row(r, i, TODAY_LIST, replay.movement.moves[replayKey(r)]))}
      </ol>
    </div>
  );
}

function callerLabel(t: TFunction, caller: AgentCaller): string {
  return caller.kind === 'mcp'
    ? t('search:agentSearches.mcp', { client: caller.client ?? t('search:agentSearches.unnamedClient') })
    : t('search:agentSearches.person');
}

/** The options the agent ran with, defaults spelled out so "what it got" can be reproduced by eye. */
function describeOptions(t: TFunction, entry: AgentSearchEntry): string {
  const o = entry.options;
  const say = (key: string, value: unknown) => t(`search:agentSearches.options.${key}`, { value });
  const parts = [
    say('max', o.maxResults ?? SEARCH_DEFAULTS.maxResults),
    say('minScore', o.minScore ?? SEARCH_DEFAULTS.minScore),
  ];
  if (o.sources?.length) parts.push(o.sources.join('+'));
  if (o.decay?.enabled) parts.push(say('decay', o.decay.halfLifeDays ?? SEARCH_DEFAULTS.halfLifeDays));
  if (o.mmr?.enabled) parts.push(say('mmr', o.mmr.lambda ?? SEARCH_DEFAULTS.mmrLambda));
  if (o.accessBoost?.enabled) parts.push(say('access', o.accessBoost.factor ?? SEARCH_DEFAULTS.accessBoostFactor));
  if (o.from || o.to) parts.push(`${o.from ?? '…'} – ${o.to ?? '…'}`);
  return parts.join(' · ');
}
