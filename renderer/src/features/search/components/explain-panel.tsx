import { useMemo, useState } from 'react';
import { pathSuggestions } from '../stores/path-suggestions';
import { useSearch } from '../stores/search-store-context';
import { ScoreBreakdownView } from './score-breakdown';

const CODE_LABELS: Record<string, string> = {
  returned: 'Returned',
  'not-indexed': 'Not indexed',
  'no-keyword-match': 'No keyword match',
  'below-min-score': 'Below min score',
  'beyond-max-results': 'Beyond max results',
  'filtered-source': 'Source filtered out',
  'filtered-date': 'Outside the date range',
  'mmr-suppressed': 'Suppressed by MMR',
  'duplicate-shown-elsewhere': 'Shown under another file (identical text)',
  'missing-embeddings': 'Missing embeddings',
  'not-found': 'Not found',
};

/** Pin any file and see why it is or is not in the results of the current query. */
export function ExplainPanel({ filePaths, currentPath }: { filePaths: readonly string[]; currentPath: string | null }) {
  const { pinned, explain, explainStatus, explainError, query } = useSearch((s) => ({
    pinned: s.search.pinned,
    explain: s.search.explain,
    explainStatus: s.search.explainStatus,
    explainError: s.search.explainError,
    query: s.search.query,
  }));
  const pinFile = useSearch((s) => s.pinFile);
  const [draft, setDraft] = useState('');
  const suggestions = useMemo(() => pathSuggestions(filePaths, draft), [filePaths, draft]);

  return (
    <section className="explain-panel" data-testid="explain-panel" data-pinned={pinned ?? undefined}>
      <h3 className="section-title">Explain a file</h3>
      <form
        className="explain-panel__pick"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.trim()) void pinFile(draft.trim());
        }}
      >
        <input
          list="explain-paths"
          data-testid="explain-input"
          placeholder="memory/… path"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <datalist id="explain-paths">
          {suggestions.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <button type="submit" className="button" data-testid="explain-pin">
          Pin
        </button>
        {currentPath && (
          <button
            type="button"
            className="button"
            data-testid="explain-pin-current"
            onClick={() => void pinFile(currentPath)}
            title={currentPath}
          >
            Pin open file
          </button>
        )}
      </form>
      {pinned && (
        <div className="explain-panel__body">
          <div className="explain-panel__head">
            <code data-testid="explain-path">{pinned}</code>
            <button
              type="button"
              className="link-button"
              data-testid="explain-unpin"
              onClick={() => void pinFile(null)}
            >
              Unpin
            </button>
          </div>
          {!query.trim() && <p className="muted">Type a query to see how this file fares.</p>}
          {explainStatus === 'loading' && <p className="muted">Explaining…</p>}
          {explainError && <p className="notice notice--error">{explainError}</p>}
          {explain && explain.path === pinned && (
            <>
              <p
                className={`explain-code explain-code--${explain.inResults ? 'in' : 'out'}`}
                data-testid="explain-code"
                data-value={explain.code}
              >
                {CODE_LABELS[explain.code] ?? explain.code}
                {explain.resultRank !== null && (
                  <>
                    {' '}
                    — rank{' '}
                    <span data-testid="explain-rank" data-value={explain.resultRank}>
                      #{explain.resultRank}
                    </span>
                  </>
                )}
              </p>
              <ul className="explain-reasons">
                {explain.reasons.map((r, i) => (
                  <li key={i} data-testid="explain-reason">
                    {r}
                  </li>
                ))}
              </ul>
              {explain.bestChunk && (
                <div className="explain-best" data-testid="explain-best-chunk">
                  <p>
                    Best chunk lines {explain.bestChunk.startLine}–{explain.bestChunk.endLine} · keyword rank{' '}
                    <span data-testid="explain-keyword-rank" data-value={explain.bestChunk.keywordRank ?? ''}>
                      {explain.bestChunk.keywordRank ?? '—'}
                    </span>{' '}
                    · vector rank{' '}
                    <span data-testid="explain-vector-rank" data-value={explain.bestChunk.vectorRank ?? ''}>
                      {explain.bestChunk.vectorRank ?? '—'}
                    </span>
                  </p>
                  {explain.bestChunk.breakdown && (
                    <ScoreBreakdownView breakdown={explain.bestChunk.breakdown} testPrefix="ex" />
                  )}
                </div>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
