import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localText } from '../../../../../shared/i18n';
import type { SearchResult } from '../../../../../shared/domain';
import type { AutomatedRun } from '../../../../../shared/automated-runs';
import { layoutResults } from '../../../../../shared/result-list';
import { keywordOnlyText } from '../../../../../shared/search-wording';
import { modeReasonOf, type ModeReason } from '../../../../../shared/mode-reasons';
import { lineLabel } from '../stores/rank-movement';
import { useSearch } from '../stores/search-store-context';
import { AgentSearches } from './agent-searches';
import { AsOfRow, AsOfToggle } from './as-of-control';
import { ExplainPanel } from './explain-panel';
import { NoticeLine } from './notice-line';
import { ProfileCompare, RankingProfileSwitch } from './profile-compare';
import { SearchResultGroups } from './search-result-groups';
import { SearchSettingsDrawer } from './search-settings';
import { shownText } from '../../../lib/error-message';

interface SearchPanelProps {
  onOpenResult(result: SearchResult): void;
  filePaths: readonly string[];
  currentPath: string | null;
  /** The engine runs without an embedding model (status mode fts-only). */
  keywordOnly: boolean;
  /** Why (the status's modeReason), worded as the CLI words it. */
  keywordOnlyReason?: ModeReason | undefined;
  /** "Set up a model": the Settings view. */
  onOpenSettings(): void;
  /** Sections other features add below the results (composed in app/). */
  children?: ReactNode;
  /** Transcripts' titles by path (their first user message), to name session results as the sidebar does. */
  sessionTitles?: ReadonlyMap<string, string>;
  /** Every file's title by path (notes' first heading, transcripts' first message): names the result cards. */
  fileTitles?: ReadonlyMap<string, string>;
  /** Transcripts the scheduler started, by path: listed after the conversations (or hidden), one card per prompt. */
  automatedRuns?: ReadonlyMap<string, AutomatedRun>;
}

export function SearchPanel({
  onOpenResult,
  filePaths,
  currentPath,
  keywordOnly,
  keywordOnlyReason,
  onOpenSettings,
  children,
  sessionTitles,
  fileTitles,
  automatedRuns,
}: SearchPanelProps) {
  const { t } = useTranslation();
  const s = useSearch((st) => ({
    query: st.search.query,
    response: st.search.response,
    responseQuery: st.search.responseQuery,
    movement: st.search.movement,
    droppedWhy: st.search.droppedWhy,
    status: st.search.status,
    error: st.search.error,
    expanded: st.search.expanded,
    judgments: st.search.judgments,
    judgmentError: st.search.judgmentError,
    settingsOpen: st.search.settingsOpen,
    focusSeq: st.search.focusSeq,
    sources: st.search.settings.sources,
    asOf: st.search.settings.asOf,
    profile: st.search.profile,
    compare: st.search.compare,
    compareResponse: st.search.compareResponse,
    placement: st.search.automatedPlacement,
    shown: st.search.settings.maxResults,
  }));
  const actions = useSearch((st) => ({
    setQuery: st.setQuery,
    runSearch: st.runSearch,
    toggleResultExpanded: st.toggleResultExpanded,
    setSettingsOpen: st.setSettingsOpen,
    pinFile: st.pinFile,
    judgeResult: st.judgeResult,
    updateSearchSettings: st.updateSearchSettings,
    setProfile: st.setProfile,
    setCompare: st.setCompare,
    setAutomatedPlacement: st.setAutomatedPlacement,
  }));
  const inputRef = useRef<HTMLInputElement>(null);
  const [asOfOpen, setAsOfOpen] = useState(false);
  // Keyword-only is said once in the panel; after that the status bar's "no model" says it.
  const [keywordOnlySeen] = useState(() => readFlag(KEYWORD_ONLY_SEEN));

  useEffect(() => {
    if (s.focusSeq > 0) {
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  }, [s.focusSeq]);

  const response = s.response;
  const results = useMemo(() => response?.results ?? [], [response]);
  const asListed = s.profile === 'openclaw';
  const layout = useMemo(
    () =>
      layoutResults(results, {
        isAutomated: (p) => automatedRuns?.has(p) ?? false,
        runOf: (p) => automatedRuns?.get(p)?.key,
        placement: s.placement,
        shown: s.shown,
        asListed,
      }),
    [results, automatedRuns, s.placement, s.shown, asListed],
  );
  const hidden = response ? Math.max(0, response.candidates - results.length) : 0;
  const ftsOnly = response ? response.mode === 'fts-only' : keywordOnly;
  const notices = response?.notices.filter((n) => n.code !== 'keyword-only') ?? [];
  const showKeywordOnly = ftsOnly && s.profile === 'memory-lens' && !keywordOnlySeen;
  useEffect(() => {
    if (showKeywordOnly) writeFlag(KEYWORD_ONLY_SEEN);
  }, [showKeywordOnly]);

  return (
    <aside className="search-panel" data-testid="search-panel" aria-label={t('search:panel.label')}>
      <div className="search-panel__box">
        <input
          ref={inputRef}
          type="search"
          className="search-panel__input"
          data-testid="search-input"
          placeholder={t('search:panel.placeholder')}
          title={t('search:panel.inputTitle')}
          value={s.query}
          onChange={(e) => actions.setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void actions.runSearch();
          }}
        />
        <AsOfToggle asOf={s.asOf} open={asOfOpen} onToggle={() => setAsOfOpen(!asOfOpen)} />
        <button
          type="button"
          className={`icon-button${s.settingsOpen ? ' is-on' : ''}`}
          data-testid="search-settings-toggle"
          aria-expanded={s.settingsOpen}
          title={t('search:panel.whatIf')}
          onClick={() => actions.setSettingsOpen(!s.settingsOpen)}
        >
          ⚙
        </button>
      </div>
      <AsOfRow
        asOf={s.asOf}
        open={asOfOpen}
        onOpen={() => setAsOfOpen(true)}
        onChange={(asOf) => actions.updateSearchSettings({ asOf })}
      />
      <RankingProfileSwitch
        profile={s.profile}
        compare={s.compare}
        onProfile={actions.setProfile}
        onCompare={actions.setCompare}
      />
      {s.settingsOpen && <SearchSettingsDrawer keywordOnly={ftsOnly} />}

      {showKeywordOnly && (
        <NoticeLine
          code="keyword-only"
          testId="notice-keyword-only"
          action={
            <button type="button" className="link-button" data-testid="setup-model" onClick={onOpenSettings}>
              {t('search:panel.setUpModel')}
            </button>
          }
        >
          {t('search:panel.sentence', {
            text: keywordOnlyText((response && modeReasonOf(response)) ?? keywordOnlyReason, t),
          })}
        </NoticeLine>
      )}
      {!s.sources.includes('sessions') && (
        <NoticeLine
          code="sessions-excluded"
          testId="notice-sessions-excluded"
          action={
            <button
              type="button"
              className="link-button"
              onClick={() => actions.updateSearchSettings({ sources: [...s.sources, 'sessions'] })}
            >
              {t('search:panel.includeSessions')}
            </button>
          }
        >
          {t('search:panel.sessionsExcluded')}
        </NoticeLine>
      )}

      <div className="search-panel__status" data-testid="search-status" data-value={s.status}>
        {(s.status === 'pending' || s.status === 'loading') && (
          <span className="muted">{t('search:panel.searching')}</span>
        )}
        {s.status === 'error' && s.error && <span className="notice notice--error">{shownText(t, s.error)}</span>}
        {response && s.status === 'done' && (
          <span className="muted" data-testid="search-summary" data-count={layout.shownHits}>
            {t('search:panel.summary', {
              count: layout.shownHits,
              query: s.responseQuery,
              mode: t(response.mode === 'hybrid' ? 'search:panel.hybrid' : 'search:panel.keywordOnly'),
              ms: Math.round(response.tookMs),
            })}
            {hidden > 0 && t('search:panel.belowThresholds', { count: hidden })}
          </span>
        )}
      </div>

      {notices.map((n) => (
        <NoticeLine key={n.code} code={n.code} testId={`notice-${n.code}`}>
          {localText(t, n)}
        </NoticeLine>
      ))}
      {s.movement && s.movement.dropped.length > 0 && (
        <div className="notice notice--info dropped" data-testid="dropped-results">
          <p className="dropped__title">{t('search:panel.dropped')}</p>
          <ul>
            {s.movement.dropped.map((d) => {
              const why = s.droppedWhy[d.id];
              return (
                <li key={d.id} data-testid="dropped-result" data-id={d.id}>
                  <button
                    type="button"
                    className="link-button"
                    title={t('search:panel.explainFile')}
                    onClick={() => void actions.pinFile(d.path)}
                  >
                    {d.path}:{lineLabel(d)}
                  </button>
                  <span className="muted">{t('search:panel.was', { rank: d.rank, score: d.score.toFixed(3) })}</span>
                  {why ? (
                    <span className="dropped__why" data-testid="dropped-why" data-code={why.code ?? ''}>
                      {' '}
                      —{' '}
                      {why.status === 'loading'
                        ? t('search:panel.checking')
                        : why.error
                          ? shownText(t, why.error)
                          : why.text}
                    </span>
                  ) : (
                    <span className="muted"> — {t('search:panel.checking')}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {s.judgmentError && (
        <div className="notice notice--error">
          {t('search:panel.judgmentNotSaved', { error: shownText(t, s.judgmentError) })}
        </div>
      )}

      {s.compare && s.responseQuery && (
        <ProfileCompare
          query={s.responseQuery}
          profile={s.profile}
          response={response}
          compareResponse={s.compareResponse}
          shown={s.shown}
          onOpen={(r) => {
            actions.setCompare(false);
            onOpenResult(r);
          }}
          onClose={() => actions.setCompare(false)}
        />
      )}
      <SearchResultGroups
        results={results}
        layout={layout}
        placement={s.placement}
        onPlacement={actions.setAutomatedPlacement}
        asListed={asListed}
        moves={s.movement?.moves}
        expanded={s.expanded}
        judgments={s.judgments}
        sessionTitles={sessionTitles}
        fileTitles={fileTitles}
        runs={automatedRuns}
        onToggle={actions.toggleResultExpanded}
        onOpen={onOpenResult}
        onPin={(path) => void actions.pinFile(path)}
        onJudge={(r, verdict) => void actions.judgeResult(r, verdict)}
      />
      {response && results.length === 0 && s.status === 'done' && (
        <p className="muted pad" data-testid="search-empty">
          {t('search:panel.empty')}
        </p>
      )}

      <ExplainPanel filePaths={filePaths} currentPath={currentPath} />
      <AgentSearches onOpenResult={onOpenResult} {...(sessionTitles ? { sessionTitles } : {})} />
      {children}
    </aside>
  );
}

const KEYWORD_ONLY_SEEN = 'memlens.notices.keyword-only-seen';

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeFlag(key: string): void {
  try {
    localStorage.setItem(key, '1');
  } catch {
    // Storage refused: the notice shows again next time, which is harmless.
  }
}
