import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathSuggestions } from '../stores/path-suggestions';
import { useSearch } from '../stores/search-store-context';
import { ScoreBreakdownView } from './score-breakdown';
import { shownText } from '../../../lib/error-message';

/** Pin any file and see why it is or is not in the results of the current query. */
export function ExplainPanel({ filePaths, currentPath }: { filePaths: readonly string[]; currentPath: string | null }) {
  const { pinned, explain, explainStatus, explainError, query } = useSearch((s) => ({
    pinned: s.search.pinned,
    explain: s.search.explain,
    explainStatus: s.search.explainStatus,
    explainError: s.search.explainError,
    query: s.search.query,
  }));
  const { t } = useTranslation('search');
  const pinFile = useSearch((s) => s.pinFile);
  const [draft, setDraft] = useState('');
  const suggestions = useMemo(() => pathSuggestions(filePaths, draft), [filePaths, draft]);

  return (
    <section className="explain-panel" data-testid="explain-panel" data-pinned={pinned ?? undefined}>
      <h3 className="section-title">{t('explainFile.title')}</h3>
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
          placeholder={t('explainFile.placeholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <datalist id="explain-paths">
          {suggestions.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <button type="submit" className="button" data-testid="explain-pin">
          {t('explainFile.pin')}
        </button>
        {currentPath && (
          <button
            type="button"
            className="button"
            data-testid="explain-pin-current"
            onClick={() => void pinFile(currentPath)}
            title={currentPath}
          >
            {t('explainFile.pinOpen')}
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
              {t('explainFile.unpin')}
            </button>
          </div>
          {!query.trim() && <p className="muted">{t('explainFile.typeQuery')}</p>}
          {explainStatus === 'loading' && <p className="muted">{t('explainFile.explaining')}</p>}
          {explainError && <p className="notice notice--error">{shownText(t, explainError)}</p>}
          {explain && explain.path === pinned && (
            <>
              <p
                className={`explain-code explain-code--${explain.inResults ? 'in' : 'out'}`}
                data-testid="explain-code"
                data-value={explain.code}
              >
                {t(`explainFile.code.${explain.code}`, { defaultValue: explain.code })}
                {explain.resultRank !== null && (
                  <>
                    {t('explainFile.rank')}
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
                    {t('explainFile.bestChunk', { from: explain.bestChunk.startLine, to: explain.bestChunk.endLine })}
                    <span data-testid="explain-keyword-rank" data-value={explain.bestChunk.keywordRank ?? ''}>
                      {explain.bestChunk.keywordRank ?? '—'}
                    </span>
                    {t('explainFile.vectorRank')}
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
