// The Agent view: how the agent's memory searches went (health summary), every memory call with
// its source (the agent's transcripts, MCP clients, people), and one call opened: what it got as
// result cards that open the cited lines, why it came back empty, and the same query replayed in
// Memory Lens with breakdowns, plus "Explain file" for the file that should have answered.
import { useEffect, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-locale';
import type { AgentCall, AgentCallHealth, CallHit } from '../../../../../shared/agent-call-types';
import type { ExplainFileResult, SearchResult } from '../../../../../shared/domain';
import { causeText, diagnosisFix, diagnosisText, healthAdvice } from '../../../../../shared/memory-call-diagnosis';
import { agentCallsStore, useAgentCalls } from '../stores/agent-calls-store-context';
import { isFailedCall, replayOptions, selectedCall } from '../stores/agent-calls-slice';
import { shownText } from '../../../lib/error-message';

export interface AgentCallsViewProps {
  /** Opens a file (or transcript) at these lines. */
  onOpen(path: string, startLine?: number, endLine?: number): void;
  /** One replayed result as the search panel draws it (composed in app/: breakdown, open, pin). */
  renderResult(result: SearchResult, rank: number): ReactNode;
}

/** The agents namespace's key for each outcome a call can have (results are counted apart). */
const OUTCOME_LABEL = {
  empty: 'outcome.empty',
  disabled: 'outcome.disabled',
  error: 'outcome.error',
  'not-found': 'outcome.notFound',
  'no-result': 'outcome.noResult',
} as const satisfies Record<Exclude<AgentCall['outcome']['kind'], 'results'>, string>;

const SOURCE_LABEL = {
  transcript: 'source.transcript',
  mcp: 'source.mcp',
  person: 'source.person',
} as const satisfies Record<AgentCall['source'], string>;

const NEXT_LABEL = {
  'read-result': 'next.readResult',
  'read-other': 'next.readOther',
  'searched-again': 'next.searchedAgain',
  answered: 'next.answered',
  'answered-without-memory': 'next.answeredWithoutMemory',
} as const satisfies Record<Exclude<NonNullable<AgentCall['next']>['kind'], 'nothing'>, string>;

export function AgentCallsView({ onOpen, renderResult }: AgentCallsViewProps) {
  const { t, i18n } = useTranslation('agents');
  const store = agentCallsStore.useSliceStore();
  const s = useAgentCalls((st) => st.agentCalls);
  useEffect(() => {
    void store.getState().loadAgentCalls();
  }, [store]);
  const { loadAgentCalls, setAgentCallFilter, selectAgentCall } = store.getState();
  const calls = (s.list?.calls ?? []).filter((c) => s.filter === 'all' || isFailedCall(c));
  const selected = selectedCall(s);

  return (
    <div className="agent-calls-view" data-testid="agent-calls-view">
      <header className="agent-calls-view__head">
        <h2 className="agent-calls-view__title">{t('calls.title')}</h2>
        <button
          type="button"
          className="button"
          data-testid="agent-calls-refresh"
          onClick={() => void loadAgentCalls()}
          disabled={s.status === 'loading'}
        >
          {t('calls.refresh')}
        </button>
      </header>
      {s.status === 'loading' && !s.list && <p className="muted pad">{t('calls.reading')}</p>}
      {s.error && (
        <p className="notice notice--error" role="alert">
          {shownText(t, s.error)}
        </p>
      )}
      {s.list && <HealthSummary health={s.list.health} onShowFailed={() => setAgentCallFilter('failed')} />}
      {s.list && (
        <div className={`agent-calls-view__body${selected ? ' has-selection' : ''}`}>
          <section className="agent-calls" aria-label={t('calls.listLabel')}>
            <div className="agent-calls__filters" role="group" aria-label={t('calls.filterLabel')}>
              <button
                type="button"
                className={s.filter === 'all' ? 'is-on' : ''}
                aria-pressed={s.filter === 'all'}
                data-testid="agent-calls-filter-all"
                onClick={() => setAgentCallFilter('all')}
              >
                {t('calls.all', { count: s.list.calls.length })}
              </button>
              <button
                type="button"
                className={s.filter === 'failed' ? 'is-on' : ''}
                aria-pressed={s.filter === 'failed'}
                data-testid="agent-calls-filter-failed"
                onClick={() => setAgentCallFilter('failed')}
              >
                {t('calls.failed', { count: s.list.calls.filter(isFailedCall).length })}
              </button>
            </div>
            {calls.length === 0 && (
              <p className="muted pad" data-testid="agent-calls-empty">
                {t('calls.none', { count: s.list.sessionsRead })}
              </p>
            )}
            <ol className="agent-call-list" data-testid="agent-call-list">
              {calls.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className={`agent-call${c.id === s.selectedId ? ' is-selected' : ''}`}
                    data-testid="agent-call"
                    data-id={c.id}
                    data-outcome={c.outcome.kind}
                    data-source={c.source}
                    aria-current={c.id === s.selectedId || undefined}
                    onClick={() => selectAgentCall(c.id)}
                  >
                    <span className="agent-call__line">
                      <span className={`agent-call__source agent-call__source--${c.source}`}>
                        {c.source === 'mcp' && c.client
                          ? t('source.mcpClient', { client: c.client })
                          : t(SOURCE_LABEL[c.source])}
                      </span>
                      <span className="agent-call__what">{callTarget(c)}</span>
                      <span className={`agent-call__outcome agent-call__outcome--${c.outcome.kind}`}>
                        {outcomeText(t, c)}
                      </span>
                    </span>
                    <span className="agent-call__meta muted">
                      {formatTime(i18n.language, c.time)} · {c.tool}
                      {c.session?.title && ` · ${c.session.title}`}
                    </span>
                    {c.diagnosis && <span className="agent-call__why">{diagnosisText(t, c.diagnosis)}</span>}
                  </button>
                </li>
              ))}
            </ol>
          </section>
          <section className="agent-call-detail-pane" aria-label={t('calls.detailLabel')}>
            {selected ? (
              <>
                <button
                  type="button"
                  className="link-button agent-call-detail__back"
                  data-testid="agent-call-back"
                  onClick={() => selectAgentCall(null)}
                >
                  {t('calls.back')}
                </button>
                <CallDetail call={selected} onOpen={onOpen} renderResult={renderResult} />
              </>
            ) : (
              <p className="muted pad">{t('calls.pick')}</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

function HealthSummary({ health, onShowFailed }: { health: AgentCallHealth; onShowFailed(): void }) {
  const { t } = useTranslation('agents');
  const level =
    health.last30Days.calls === 0
      ? 'none'
      : health.last30Days.withResults === 0
        ? 'bad'
        : health.last30Days.withResults < health.last30Days.calls / 2
          ? 'poor'
          : 'good';
  return (
    <section className={`agent-health agent-health--${level}`} data-testid="agent-health" data-level={level}>
      <div className="agent-health__numbers">
        <Span
          label={t('health.last7')}
          calls={health.last7Days.calls}
          ok={health.last7Days.withResults}
          testId="agent-health-7"
        />
        <Span
          label={t('health.last30')}
          calls={health.last30Days.calls}
          ok={health.last30Days.withResults}
          testId="agent-health-30"
        />
      </div>
      {health.mainCause && (
        <p className="agent-health__cause" data-testid="agent-health-cause">
          <Trans
            t={t}
            i18nKey="health.cause"
            count={health.mainCause.count}
            values={{ cause: causeText(t, health.mainCause) }}
            components={{ strong: <strong /> }}
          />{' '}
          <button type="button" className="link-button" data-testid="agent-health-show-failed" onClick={onShowFailed}>
            {t('health.showFailed')}
          </button>
        </p>
      )}
      {health.advice.length > 0 && (
        <ul className="agent-health__advice" data-testid="agent-health-advice">
          {healthAdvice(t, health).map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Span({ label, calls, ok, testId }: { label: string; calls: number; ok: number; testId: string }) {
  const { t } = useTranslation('agents');
  return (
    <div className="agent-health__span" data-testid={testId} data-calls={calls} data-with-results={ok}>
      <Trans
        t={t}
        i18nKey="health.span"
        count={calls}
        values={{ ok, span: label }}
        components={{ count: <span className="agent-health__count" /> }}
      />
    </div>
  );
}

function CallDetail({ call, onOpen, renderResult }: { call: AgentCall } & AgentCallsViewProps) {
  const { t, i18n } = useTranslation('agents');
  const store = agentCallsStore.useSliceStore();
  const s = useAgentCalls((st) => ({
    logged: st.agentCalls.logged,
    replay: st.agentCalls.replay,
    replayAsAgent: st.agentCalls.replayAsAgent,
    replayStatus: st.agentCalls.replayStatus,
    replayError: st.agentCalls.replayError,
    explain: st.agentCalls.explain,
    explainStatus: st.agentCalls.explainStatus,
    explainError: st.agentCalls.explainError,
  }));
  const { replayAgentCall, explainAgentCallFile } = store.getState();
  const options = call.query ? replayOptions(call) : null;
  const explainPath = call.diagnosis?.path ?? call.replay?.hits[0]?.path ?? null;

  return (
    <article className="agent-call-detail" data-testid="agent-call-detail" data-id={call.id}>
      <h3 className="agent-call-detail__what" data-testid="agent-call-what">
        {call.tool} {callTarget(call)}
      </h3>
      <p className="agent-call-detail__meta muted">
        {formatTime(i18n.language, call.time)} ·{' '}
        {call.source === 'mcp'
          ? t('source.mcpClient', { client: call.client ?? t('source.unnamedClient') })
          : t(SOURCE_LABEL[call.source])}
        {call.outcome.mode && t('detail.mode', { mode: call.outcome.mode })}
        {call.outcome.provider && t('detail.provider', { provider: call.outcome.provider })}
      </p>
      {call.session && (
        <p className="agent-call-detail__session">
          {t('detail.session')}{' '}
          <button
            type="button"
            className="link-button"
            data-testid="agent-call-open-session"
            title={`${call.session.path}:${call.line}`}
            onClick={() =>
              onOpen(
                call.session!.path,
                call.line ?? undefined,
                call.next?.line ?? call.resultLine ?? call.line ?? undefined,
              )
            }
          >
            {t('detail.sessionLine', { title: call.session.title ?? call.session.path, line: call.line })}
          </button>
        </p>
      )}
      <pre className="agent-call-detail__args" data-testid="agent-call-args">
        {JSON.stringify(call.arguments)}
      </pre>

      <h4 className="agent-call-detail__heading">{t('detail.got')}</h4>
      <div
        className={`agent-call-detail__outcome agent-call__outcome--${call.outcome.kind}`}
        data-testid="agent-call-outcome"
        data-kind={call.outcome.kind}
      >
        {outcomeText(t, call)}
        {call.next && call.next.kind !== 'nothing' && (
          <span className="muted">
            {t('next.then', { what: t(NEXT_LABEL[call.next.kind]) })}
            {call.next.path ? ` (${call.next.path})` : call.next.query ? ` (“${call.next.query}”)` : ''}
          </span>
        )}
      </div>
      {call.outcome.reason && call.outcome.kind !== 'results' && (
        <p className="agent-call-detail__reason" data-testid="agent-call-reason">
          {call.outcome.reason}
        </p>
      )}
      {s.logged && s.logged.id === call.logId && (
        <ol className="search-results" data-testid="agent-call-logged-results">
          {s.logged.response.results.map((r, i) => renderResult(r, i + 1))}
        </ol>
      )}
      {call.outcome.hits.length > 0 && call.logId === null && (
        <ol className="agent-hit-cards" data-testid="agent-call-hits">
          {call.outcome.hits.map((h, i) => (
            <li key={`${h.path}:${h.startLine}:${i}`}>
              <HitCard hit={h} onOpen={onOpen} />
            </li>
          ))}
        </ol>
      )}

      {call.diagnosis && (
        <div
          className={`agent-diagnosis agent-diagnosis--${call.diagnosis.code}`}
          data-testid="agent-call-diagnosis"
          data-code={call.diagnosis.code}
        >
          <Trans
            t={t}
            i18nKey="detail.why"
            values={{ text: diagnosisText(t, call.diagnosis) }}
            components={{ strong: <strong /> }}
          />
          {call.diagnosis.fix && (
            <p className="agent-diagnosis__fix">
              <Trans
                t={t}
                i18nKey="detail.fix"
                values={{ fix: diagnosisFix(t, call.diagnosis) }}
                components={{ strong: <strong /> }}
              />
            </p>
          )}
        </div>
      )}

      {options && (
        <>
          <h4 className="agent-call-detail__heading">{t('detail.now')}</h4>
          <p className="muted agent-call-detail__replay-note">
            {t('detail.replayNote', { max: options.maxResults, min: options.minScore })}
            {call.replay && t('detail.replayCount', { count: call.replay.count })}
            {call.replay &&
              call.replay.allWordsChunks !== null &&
              t('detail.allWords', { count: call.replay.allWordsChunks })}
            {call.replayAsAgent && t('detail.asAgentCount', { count: call.replayAsAgent.count })}
          </p>
          <div className="agent-call-detail__actions">
            <button
              type="button"
              className="button"
              data-testid="agent-call-replay"
              disabled={s.replayStatus === 'loading'}
              onClick={() => void replayAgentCall()}
            >
              {s.replay ? t('detail.replayAgain') : t('detail.replay')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="agent-call-replay-as-agent"
              disabled={s.replayStatus === 'loading'}
              onClick={() => void replayAgentCall('openclaw')}
              title={t('detail.asAgentTitle')}
            >
              {t('detail.asAgent')}
            </button>
            {explainPath && (
              <button
                type="button"
                className="button"
                data-testid="agent-call-explain"
                disabled={s.explainStatus === 'loading'}
                onClick={() => void explainAgentCallFile(explainPath)}
              >
                {t('detail.explain', { path: explainPath })}
              </button>
            )}
          </div>
          {s.replayError && <p className="notice notice--error">{shownText(t, s.replayError)}</p>}
          {s.replay && (
            <div data-testid="agent-call-replay-results">
              {s.replay.notices.map((n) => (
                <p key={n.code} className="notice notice--info" data-code={n.code}>
                  {n.message}
                </p>
              ))}
              <ol className="search-results">{s.replay.results.map((r, i) => renderResult(r, i + 1))}</ol>
              {s.replay.results.length === 0 && <p className="muted pad">{t('detail.nothingEither')}</p>}
            </div>
          )}
          {s.replayAsAgent && (
            <div data-testid="agent-call-replay-as-agent-results">
              <h5 className="agent-call-detail__heading">
                {t('detail.asAgentHeading', { count: s.replayAsAgent.results.length })}
              </h5>
              {s.replayAsAgent.notices.map((n) => (
                <p key={n.code} className="notice notice--info" data-code={n.code}>
                  {n.message}
                </p>
              ))}
              <ol className="search-results">{s.replayAsAgent.results.map((r, i) => renderResult(r, i + 1))}</ol>
              {s.replayAsAgent.results.length === 0 && <p className="muted pad">{t('detail.agentNothing')}</p>}
            </div>
          )}
          {s.explainError && <p className="notice notice--error">{shownText(t, s.explainError)}</p>}
          {s.explain && <ExplainBox explain={s.explain} />}
        </>
      )}
    </article>
  );
}

function HitCard({ hit, onOpen }: { hit: CallHit; onOpen: AgentCallsViewProps['onOpen'] }) {
  const { t } = useTranslation('agents');
  const lines =
    hit.startLine === null
      ? ''
      : hit.endLine !== null && hit.endLine !== hit.startLine
        ? `:${hit.startLine}–${hit.endLine}`
        : `:${hit.startLine}`;
  const snippet = hit.snippet?.replace(/\n\nSource: \S+\s*$/, '');
  return (
    <button
      type="button"
      className="agent-hit-card"
      data-testid="agent-hit-card"
      data-path={hit.path}
      onClick={() => onOpen(hit.path, hit.startLine ?? undefined, hit.endLine ?? undefined)}
      title={t('detail.openAt')}
    >
      <span className="agent-hit-card__head">
        <code className="agent-hit-card__path">
          {hit.path}
          {lines}
        </code>
        {hit.score !== null && <span className="agent-hit-card__score">{hit.score.toFixed(3)}</span>}
      </span>
      {snippet && <span className="agent-hit-card__snippet">{snippet}</span>}
    </button>
  );
}

function ExplainBox({ explain }: { explain: ExplainFileResult }) {
  const { t } = useTranslation('agents');
  return (
    <div className="agent-explain notice notice--info" data-testid="agent-call-explain-result" data-code={explain.code}>
      <strong>{explain.path}</strong>:{' '}
      {explain.inResults ? t('detail.rank', { rank: explain.resultRank }) : t('detail.notInResults')}
      <ul>
        {explain.reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </div>
  );
}

function callTarget(c: AgentCall): string {
  if (c.query !== null) return `“${c.query}”`;
  if (typeof c.arguments.path === 'string') return c.arguments.path;
  return '';
}

function outcomeText(t: TFunction<'agents'>, c: AgentCall): string {
  if (c.outcome.kind !== 'results') return t(OUTCOME_LABEL[c.outcome.kind]);
  if (c.tool.endsWith('_get')) return t('outcome.linesRead', { count: c.outcome.count });
  return t('outcome.results', { count: c.outcome.count });
}

function formatTime(locale: string, iso: string): string {
  return formatDate(locale, iso, 'datetime');
}
