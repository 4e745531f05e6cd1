import { useEffect, useRef } from 'react';
import { resultKey } from '../stores/rank-movement';
import { useSearch } from '../stores/search-store-context';
import { AgentSearches } from './agent-searches';
import { ExplainPanel } from './explain-panel';
import { SearchResultRow } from './search-result-row';
import { SearchSettingsDrawer } from './search-settings';

interface SearchPanelProps {
  onOpenResult(path: string, startLine: number, endLine: number, terms: string[]): void;
  filePaths: readonly string[];
  currentPath: string | null;
}

export function SearchPanel({ onOpenResult, filePaths, currentPath }: SearchPanelProps) {
  const s = useSearch((st) => ({
    query: st.search.query,
    response: st.search.response,
    responseQuery: st.search.responseQuery,
    movement: st.search.movement,
    status: st.search.status,
    error: st.search.error,
    expanded: st.search.expanded,
    settingsOpen: st.search.settingsOpen,
    focusSeq: st.search.focusSeq,
  }));
  const actions = useSearch((st) => ({
    setQuery: st.setQuery,
    runSearch: st.runSearch,
    toggleResultExpanded: st.toggleResultExpanded,
    setSettingsOpen: st.setSettingsOpen,
    pinFile: st.pinFile,
  }));
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (s.focusSeq > 0) {
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  }, [s.focusSeq]);

  const response = s.response;
  const results = response?.results ?? [];
  const hidden = response ? Math.max(0, response.candidates - results.length) : 0;

  return (
    <aside className="search-panel" data-testid="search-panel" aria-label="Search">
      <div className="search-panel__box">
        <input
          ref={inputRef}
          type="search"
          className="search-panel__input"
          data-testid="search-input"
          placeholder="Search memory (Ctrl/Cmd+Shift+F)"
          value={s.query}
          onChange={(e) => actions.setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void actions.runSearch();
          }}
        />
        <button
          type="button"
          className={`icon-button${s.settingsOpen ? ' is-on' : ''}`}
          data-testid="search-settings-toggle"
          aria-expanded={s.settingsOpen}
          title="Search settings"
          onClick={() => actions.setSettingsOpen(!s.settingsOpen)}
        >
          ⚙
        </button>
      </div>
      {s.settingsOpen && <SearchSettingsDrawer />}

      <div className="search-panel__status" data-testid="search-status" data-value={s.status}>
        {(s.status === 'pending' || s.status === 'loading') && <span className="muted">Searching…</span>}
        {s.status === 'error' && <span className="notice notice--error">{s.error}</span>}
        {response && s.status === 'done' && (
          <span className="muted" data-testid="search-summary">
            {results.length} result{results.length === 1 ? '' : 's'} for “{s.responseQuery}” · {response.mode === 'hybrid' ? 'hybrid' : 'keyword-only'} · {Math.round(response.tookMs)} ms
            {hidden > 0 && <> · {hidden} more candidates below the thresholds</>}
          </span>
        )}
      </div>

      {response && response.mode === 'fts-only' && (
        <div className="notice notice--info" data-testid="notice-keyword-only">
          Keyword-only search{response.modeReason ? `: ${response.modeReason}` : ''}.
        </div>
      )}
      {response?.notices.filter((n) => !(n.code === 'keyword-only' && response.mode === 'fts-only')).map((n) => (
        <div key={n.code} className="notice notice--info" data-testid={`notice-${n.code}`}>{n.message}</div>
      ))}
      {s.movement && s.movement.dropped.length > 0 && (
        <div className="notice notice--info" data-testid="dropped-results">
          No longer returned: {s.movement.dropped.join(', ')}
        </div>
      )}

      <ol className="search-results" data-testid="search-results">
        {results.map((r, i) => {
          const key = resultKey(r);
          return (
            <SearchResultRow
              key={key}
              result={r}
              rank={i + 1}
              move={s.movement?.moves[key]}
              expanded={!!s.expanded[key]}
              onToggle={() => actions.toggleResultExpanded(key)}
              onOpen={() => onOpenResult(r.path, r.startLine, r.endLine, r.breakdown.keyword?.matchedTerms ?? [])}
              onPin={() => void actions.pinFile(r.path)}
            />
          );
        })}
      </ol>
      {response && results.length === 0 && s.status === 'done' && <p className="muted pad" data-testid="search-empty">Nothing scored above the min score.</p>}

      <ExplainPanel filePaths={filePaths} currentPath={currentPath} />
      <AgentSearches onOpenResult={onOpenResult} />
    </aside>
  );
}
