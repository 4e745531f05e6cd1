import { useEffect, useState, type ReactElement } from 'react';
import type { AgentCaller, AgentSearchEntry, SearchResult } from '../../../../../shared/domain';
import { SEARCH_DEFAULTS } from '../../../../../shared/search-defaults';
import { useAgentSearches } from '../stores/agent-searches-store-context';
import { replayKey, type AgentReplay } from '../stores/agent-searches-slice';
import { useSearch } from '../stores/search-store-context';
import { SearchResultRow } from './search-result-row';

/** The MCP server and the CLI write the log from other processes: look again this often while open. */
const LIST_REFRESH_MS = 5_000;

interface AgentSearchesProps {
  onOpenResult(result: SearchResult): void;
  /** Transcripts' titles by path, to name session results as the sidebar does. */
  sessionTitles?: ReadonlyMap<string, string>;
}

/** What agents searched for, what they got and why, and what the same search gives today. */
export function AgentSearches({ onOpenResult, sessionTitles }: AgentSearchesProps) {
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
        <span aria-hidden="true">{s.open ? '▾' : '▸'}</span> Agent searches
        {s.list && (
          <span className="badge" data-testid="agent-searches-total" data-value={s.list.total}>
            {s.list.total}
          </span>
        )}
      </button>
      {s.open && s.selectedId === null && (
        <div className="agent-searches__body">
          {s.listStatus === 'loading' && <p className="muted pad">Loading…</p>}
          {s.listStatus === 'error' && <div className="notice notice--error">{s.listError}</div>}
          {s.list && s.list.entries.length === 0 && (
            <p className="muted pad" data-testid="agent-searches-empty">
              No agent has searched this workspace yet. Connect one with <code>memlens mcp</code>; its searches (and
              those run with <code>memlens search --log</code>) appear here. The agent's own memory calls, from its
              transcripts, are in the Agent view.
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
                      <span className="agent-search-item__query">“{e.query}”</span>
                      <span className="agent-search-item__meta muted">
                        {formatTime(e.at)} · {callerLabel(e.caller)} · {e.resultCount} result
                        {e.resultCount === 1 ? '' : 's'}
                        {e.topPath && (
                          <>
                            {' '}
                            · top <code>{e.topPath}</code>
                          </>
                        )}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
              <p className="agent-searches__foot muted">The newest {s.list.cap.toLocaleString()} searches are kept.</p>
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
  error: string | null;
  replay: AgentReplay | null;
  replayStatus: string;
  replayError: string | null;
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
        ← All agent searches
      </button>
      {status === 'loading' && <p className="muted pad">Loading…</p>}
      {status === 'error' && <div className="notice notice--error">{error}</div>}
      {entry && (
        <>
          <h4 className="agent-search__query" data-testid="agent-search-query">
            “{entry.query}”
          </h4>
          <p className="agent-search__meta muted" data-testid="agent-search-meta">
            {formatTime(entry.at)} · {callerLabel(entry.caller)} · {entry.mode === 'hybrid' ? 'hybrid' : 'keyword-only'}{' '}
            · {describeOptions(entry)}
          </p>
          {entry.response.notices.map((n) => (
            <div key={n.code} className="notice notice--info">
              {n.message}
            </div>
          ))}
          <div className="agent-search__actions">
            <button
              type="button"
              className="button"
              data-testid="agent-rerun"
              disabled={replayStatus === 'loading'}
              onClick={onRerun}
              title="The same query and options against the memory as it is now"
            >
              {replay ? 'Re-run again' : 'Re-run now'}
            </button>
          </div>
          <h5 className="agent-search__heading">What the agent got ({entry.response.results.length})</h5>
          <ol className="search-results" data-testid="agent-search-results">
            {entry.response.results.map((r, i) => row(r, i, 'agent'))}
          </ol>
          {entry.response.results.length === 0 && <p className="muted pad">Nothing scored above the min score.</p>}
          {replayStatus === 'error' && <div className="notice notice--error">{replayError}</div>}
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
  const moves = Object.values(replay.movement.moves);
  const count = (kind: string) => moves.filter((m) => m.kind === kind).length;
  const dropped = entry.response.results.filter((r) => replay.movement.dropped.some((d) => d.id === replayKey(r)));
  const summary = [
    `${count('same')} same`,
    count('up') ? `${count('up')} up` : '',
    count('down') ? `${count('down')} down` : '',
    count('new') ? `${count('new')} new` : '',
    dropped.length ? `${dropped.length} no longer returned` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="agent-search__today" data-testid="agent-rerun-results">
      <h5 className="agent-search__heading">
        Today ({replay.response.results.length}){' '}
        <span className="muted" data-testid="agent-rerun-summary">
          · {summary}
        </span>
      </h5>
      {dropped.length > 0 && (
        <div className="notice notice--info" data-testid="agent-rerun-dropped">
          No longer returned (gone, edited, or outranked):{' '}
          {dropped.map((r) => `${r.path}:${r.startLine}-${r.endLine}`).join(', ')}
        </div>
      )}
      <ol className="search-results">
        {replay.response.results.map((r, i) => row(r, i, 'today', replay.movement.moves[replayKey(r)]))}
      </ol>
    </div>
  );
}

function callerLabel(caller: AgentCaller): string {
  return caller.kind === 'mcp' ? `MCP · ${caller.client ?? 'unnamed client'}` : 'person (CLI)';
}

function formatTime(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The options the agent ran with, defaults spelled out so "what it got" can be reproduced by eye. */
function describeOptions(entry: AgentSearchEntry): string {
  const o = entry.options;
  const parts = [
    `max ${o.maxResults ?? SEARCH_DEFAULTS.maxResults}`,
    `min score ${o.minScore ?? SEARCH_DEFAULTS.minScore}`,
  ];
  if (o.sources?.length) parts.push(o.sources.join('+'));
  if (o.decay?.enabled) parts.push(`decay ${o.decay.halfLifeDays ?? SEARCH_DEFAULTS.halfLifeDays} d`);
  if (o.mmr?.enabled) parts.push(`MMR λ ${o.mmr.lambda ?? SEARCH_DEFAULTS.mmrLambda}`);
  if (o.accessBoost?.enabled) parts.push(`access boost ${o.accessBoost.factor ?? SEARCH_DEFAULTS.accessBoostFactor}`);
  if (o.from || o.to) parts.push(`${o.from ?? '…'} – ${o.to ?? '…'}`);
  return parts.join(' · ');
}
