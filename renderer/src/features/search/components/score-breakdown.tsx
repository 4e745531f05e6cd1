import { useTranslation } from 'react-i18next';
import type { AccessBreakdown, KeywordBreakdown, ScoreBreakdown } from '../../../../../shared/domain';
import { describeDates, describeKeyword, describeTerm, listedTerms } from '../../../../../shared/explain-words';
import { localText } from '../../../../../shared/i18n';
import { unavailableReasonOf } from '../../../../../shared/mode-reasons';
import { reasonHeadline } from '../../../../../shared/reason-text';
import { describeWeights } from '../../../../../shared/search-wording';
import { keywordScoreOf, scoreMultipliers, vectorScoreOf } from '../../../../../shared/score';
import { describeDated } from '../../../../../shared/dated-words';
import { formatDate } from '../../../lib/format-locale';
import { formatScore } from '../../../lib/format-number';
import { Num } from './num';
import { ImportanceRow, OpenClawSteps } from './openclaw-breakdown';

/**
 * Everything that went into one score, drawn only from the engine's breakdown: nothing here is
 * recomputed except the two products the stacked bar shows (weight × side score), which are the
 * terms `hybrid` is the sum of.
 */
export function ScoreBreakdownView({
  breakdown,
  testPrefix = 'bd',
}: {
  breakdown: ScoreBreakdown;
  testPrefix?: string;
}) {
  const { t, i18n } = useTranslation('search');
  const b = breakdown;
  const keywordContribution = b.weights.text * keywordScoreOf(b);
  const vectorContribution = b.weights.vector * vectorScoreOf(b);
  const vectorUnavailable = b.vector && 'unavailable' in b.vector ? b.vector : null;
  const vector = b.vector && !('unavailable' in b.vector) ? b.vector : null;
  const vectorUnavailableText = vectorUnavailable
    ? localText(i18n.t, unavailableReasonOf(vectorUnavailable))
    : undefined;
  const tid = (name: string) => `${testPrefix}-${name}`;

  return (
    <div className="breakdown" data-testid={tid('breakdown')}>
      <StackedBar
        keyword={keywordContribution}
        vector={vectorContribution}
        hybrid={b.hybrid}
        final={b.final}
        testPrefix={testPrefix}
      />
      <dl className="breakdown__grid">
        {b.openclaw ? (
          <OpenClawSteps openclaw={b.openclaw} tid={tid} />
        ) : (
          <>
            <dt>{t('breakdown.keyword')}</dt>
            <dd>
              {b.keyword ? (
                <KeywordPart k={b.keyword} tid={tid} />
              ) : (
                <span className="muted" data-testid={tid('keyword-none')}>
                  {t('breakdown.keywordNone')}
                </span>
              )}
            </dd>
          </>
        )}

        <dt>{t('breakdown.vector')}</dt>
        <dd>
          {vector ? (
            <>
              {t('breakdown.cosine')} <Num testId={tid('cosine')} value={vector.cosine} /> → {t('breakdown.score')}{' '}
              <Num testId={tid('vector-score')} value={vector.score} /> · {t('breakdown.rank')}{' '}
              <span data-testid={tid('vector-rank')} data-value={vector.rank}>
                #{vector.rank}
              </span>
            </>
          ) : vectorUnavailable ? (
            <span className="muted" data-testid={tid('vector-unavailable')} title={vectorUnavailableText}>
              {t('breakdown.unavailable', { reason: reasonHeadline(vectorUnavailableText!) })}
            </span>
          ) : (
            <span className="muted" data-testid={tid('vector-none')}>
              {t('breakdown.vectorNone')}
            </span>
          )}
        </dd>

        <dt>{t('breakdown.weights')}</dt>
        <dd>
          {t('breakdown.text')} <Num testId={tid('weight-text')} value={b.weights.text} digits={3} /> ·{' '}
          {t('breakdown.vectorWord')} <Num testId={tid('weight-vector')} value={b.weights.vector} digits={3} />
          {describeWeights(b.weights, 2, t).configured && (
            <span className="breakdown__sub" data-testid={tid('weights-renormalised')}>
              {' '}
              ({describeWeights(b.weights, 2, t).configured})
            </span>
          )}
        </dd>

        <dt>{t('breakdown.hybrid')}</dt>
        <dd>
          <Num testId={tid('hybrid')} value={b.hybrid} />{' '}
          <span className="muted">
            = {formatScore(b.weights.text, 3)}×{formatScore(keywordScoreOf(b))} + {formatScore(b.weights.vector, 3)}×
            {formatScore(vectorScoreOf(b))}
          </span>
        </dd>

        <dt>{t('breakdown.decay')}</dt>
        <dd>
          ×<Num testId={tid('decay')} value={b.decay.multiplier} />{' '}
          {b.decay.evergreen ? (
            <span className="muted" data-testid={tid('decay-evergreen')}>
              {t('breakdown.evergreen')}
            </span>
          ) : !b.decay.enabled ? (
            <span className="muted">{t('breakdown.decayOff')}</span>
          ) : null}
          <div className="breakdown__sub">
            {b.decay.evergreen ? (
              // An evergreen file's only date is when it was last edited: not when the memory happened, and it never ages.
              b.decay.date && (
                <span className="muted">
                  {t('breakdown.lastEdited')}{' '}
                  <span data-testid={tid('decay-date')} data-value={b.decay.date}>
                    {b.decay.date}
                  </span>
                </span>
              )
            ) : (
              <>
                {b.decay.date ? (
                  <>
                    {t('breakdown.dated')}{' '}
                    <span data-testid={tid('decay-date')} data-value={b.decay.date}>
                      {b.decay.date}
                    </span>{' '}
                    <span data-testid={tid('date-source')} data-value={b.decay.dateSource ?? ''}>
                      (
                      {t(`breakdown.dateSource.${b.decay.dateSource ?? ''}`, {
                        defaultValue: b.decay.dateSource ?? '',
                      })}
                      )
                    </span>
                    {b.decay.ageDays !== null && (
                      <>
                        {' '}
                        · {t('breakdown.age')} <Num testId={tid('age-days')} value={b.decay.ageDays} digits={1} />{' '}
                        {t('breakdown.days')}
                      </>
                    )}
                  </>
                ) : (
                  <span className="muted">{t('breakdown.noDate')}</span>
                )}{' '}
                · {t('breakdown.halfLife')}{' '}
                <span data-testid={tid('half-life')} data-value={b.decay.halfLifeDays}>
                  {t('breakdown.nDays', { count: b.decay.halfLifeDays })}
                </span>
              </>
            )}
          </div>
        </dd>

        {b.importance && <ImportanceRow importance={b.importance} tid={tid} />}

        {b.access && <AccessRow access={b.access} tid={tid} />}

        {b.mmr && (
          <>
            <dt>{t('breakdown.mmr', { lambda: b.mmr.lambda })}</dt>
            <dd data-testid={tid('mmr')}>
              {t('breakdown.penalty')} <Num testId={tid('mmr-penalty')} value={b.mmr.penalty} /> (
              {t('breakdown.similarity')} <Num testId={tid('mmr-similarity')} value={b.mmr.maxSimilarity} />
              {b.mmr.similarTo ? (
                <>
                  {' '}
                  {t('breakdown.to')} <code data-testid={tid('mmr-similar-to')}>{b.mmr.similarTo}</code>
                </>
              ) : (
                <span className="muted">{t('breakdown.firstPick')}</span>
              )}
              )
              <div className="breakdown__sub">
                {t('breakdown.mmrScore')} <Num testId={tid('mmr-score')} value={b.mmr.mmrScore} /> ·{' '}
                {t('breakdown.rank')}{' '}
                <span data-testid={tid('mmr-rank-change')} data-before={b.mmr.rankBefore} data-after={b.mmr.rankAfter}>
                  {b.mmr.rankBefore} → {b.mmr.rankAfter}
                </span>
                <span className="muted">{t('breakdown.reordersOnly')}</span>
              </div>
            </dd>
          </>
        )}

        {b.dates && (
          <>
            <dt>{t('breakdown.dates')}</dt>
            <dd data-testid={tid('dates')}>
              ×<Num testId={tid('date-multiplier')} value={b.dates.multiplier} digits={2} />{' '}
              <span data-testid={tid('dates-words')}>{describeDates(b.dates, t)}</span>
            </dd>
          </>
        )}

        {b.dated && (
          <>
            <dt>{t('breakdown.datedTier')}</dt>
            <dd data-testid={tid('dated')} data-tier={b.dated.tier}>
              {describeDated(b.dated, b.dates, t).map((line, i) =>
                i === 0 ? (
                  <span key={line}>{line}</span>
                ) : (
                  <div key={line} className="breakdown__sub">
                    {line}
                  </div>
                ),
              )}
            </dd>
          </>
        )}

        <dt>{t('breakdown.final')}</dt>
        <dd>
          <strong>
            <Num testId={tid('final')} value={b.final} />
          </strong>{' '}
          <span className="muted">
            {b.dated
              ? t('breakdown.finalDated', { tier: t(`explain:whyAbove.tiers.${b.dated.tier}`) })
              : t('breakdown.finalHybrid')}
            {scoreMultipliers(b)
              .filter(
                (m) =>
                  m.name === 'decay' ||
                  (m.name === 'importance' && b.importance) ||
                  (m.name === 'dates' && b.dates) ||
                  (m.name === 'access' && b.access),
              )
              .map((m) => ` × ${t(`breakdown.multiplier.${m.name}`)}`)
              .join('')}
          </span>
        </dd>
      </dl>
    </div>
  );
}

/** How often agents retrieved this chunk, and the boost that earns when it is on (like decay, a multiplier). */
function AccessRow({ access, tid }: { access: AccessBreakdown; tid: (name: string) => string }) {
  const { t, i18n } = useTranslation('search');
  return (
    <>
      <dt>{t('breakdown.access')}</dt>
      <dd data-testid={tid('access')} data-count={access.count}>
        ×<Num testId={tid('access-multiplier')} value={access.multiplier} />{' '}
        {access.enabled ? (
          <span className="muted">
            {t('breakdown.boostOn')}{' '}
            <span data-testid={tid('access-factor')} data-value={access.factor}>
              {access.factor}
            </span>
          </span>
        ) : (
          <span className="muted">{t('breakdown.boostOff')}</span>
        )}
        <div className="breakdown__sub">
          {access.count === 0 ? (
            <span data-testid={tid('access-count')} data-value={0}>
              {t('breakdown.neverRetrieved')}
            </span>
          ) : (
            <>
              {t('breakdown.retrieved')}{' '}
              <span data-testid={tid('access-count')} data-value={access.count}>
                {access.count}×
              </span>
              {access.lastAccessAt !== null && (
                <>
                  {' '}
                  · {t('breakdown.last')} {formatDate(i18n.language, access.lastAccessAt, 'datetime')}
                </>
              )}
            </>
          )}
          {access.enabled && <> {t('breakdown.boostFormula', { factor: access.factor, count: access.count })}</>}
        </div>
      </dd>
    </>
  );
}

/**
 * The keyword part in words: what matched, each term's occurrences, rarity, weight and share (the
 * shares add up to the raw BM25), the chunk's length against the average, and how BM25 became the
 * score. The FTS5 MATCH expression sits behind a details toggle: it is for the curious.
 */
function KeywordPart({ k, tid }: { k: KeywordBreakdown; tid: (name: string) => string }) {
  const { t } = useTranslation('search');
  const [headline, ...sentences] = describeKeyword(k, t);
  const terms = listedTerms(k);
  return (
    <>
      <div>
        {t('breakdown.score')} <Num testId={tid('keyword-score')} value={k.score} /> · {t('breakdown.rank')}{' '}
        <span data-testid={tid('keyword-rank')} data-value={k.rank}>
          #{k.rank}
        </span>{' '}
        ·{' '}
        <span data-testid={tid('matched-summary')} data-matched={k.matchedTerms.length} data-total={k.termCount ?? ''}>
          {headline}
        </span>
        {k.relaxed && (
          <span className="badge badge--pending" data-testid={tid('relaxed')}>
            {t('breakdown.someTerms')}
          </span>
        )}
      </div>
      {terms.length > 0 && (
        <ul className="breakdown__terms" data-testid={tid('terms')}>
          {terms.map((term) => (
            <li
              key={term.term}
              data-testid={tid('term')}
              data-term={term.term}
              data-occurrences={term.occurrences}
              data-contribution={term.contribution}
              data-part-of={term.partOf}
              className={term.occurrences === 0 ? 'muted' : undefined}
            >
              {describeTerm(term, k.totalChunks ?? 0, t)}
            </li>
          ))}
        </ul>
      )}
      {sentences.slice(terms.length).map((line, i) => (
        <div key={i} className="breakdown__sub">
          {line}
        </div>
      ))}
      <div className="breakdown__sub">
        {t('breakdown.matched')}{' '}
        <span data-testid={tid('matched-terms')} data-value={k.matchedTerms.join(' ')}>
          {k.matchedTerms.join(', ') || '—'}
        </span>{' '}
        · {t('breakdown.rawBm25')} <Num testId={tid('bm25')} value={k.bm25} /> ·{' '}
        <span title={t('breakdown.idfMassTitle')}>{t('breakdown.idfMass')}</span>{' '}
        <Num testId={tid('idf-mass')} value={k.idfMass} />
      </div>
      <details className="breakdown__details" data-testid={tid('fts-details')}>
        <summary>{t('breakdown.ftsQuery')}</summary>
        <code className="breakdown__query" data-testid={tid('fts-query')}>
          {k.query}
        </code>
      </details>
    </>
  );
}

/** Keyword and vector contributions stacked; their sum is `hybrid`, the tick is `final`. */
function StackedBar({
  keyword,
  vector,
  hybrid,
  final,
  testPrefix,
}: {
  keyword: number;
  vector: number;
  hybrid: number;
  final: number;
  testPrefix: string;
}) {
  const { t } = useTranslation('search');
  const scale = (v: number) => `${Math.max(0, Math.min(1, v)) * 100}%`;
  return (
    <svg
      className="stacked-bar"
      data-testid={`${testPrefix}-bar`}
      viewBox="0 0 100 10"
      preserveAspectRatio="none"
      role="img"
      aria-label={t('breakdown.bar.label', {
        keyword: formatScore(keyword),
        vector: formatScore(vector),
        hybrid: formatScore(hybrid),
      })}
    >
      <rect className="stacked-bar__track" x="0" y="0" width="100%" height="10" />
      <rect
        className="stacked-bar__keyword"
        data-testid={`${testPrefix}-bar-keyword`}
        data-value={keyword}
        x="0"
        y="0"
        width={scale(keyword)}
        height="10"
      >
        <title>{t('breakdown.bar.keyword', { value: formatScore(keyword) })}</title>
      </rect>
      <rect
        className="stacked-bar__vector"
        data-testid={`${testPrefix}-bar-vector`}
        data-value={vector}
        x={scale(keyword)}
        y="0"
        width={scale(vector)}
        height="10"
      >
        <title>{t('breakdown.bar.vector', { value: formatScore(vector) })}</title>
      </rect>
      <rect className="stacked-bar__final" x={scale(final)} y="0" width="0.6" height="10">
        <title>{t('breakdown.bar.final', { value: formatScore(final) })}</title>
      </rect>
    </svg>
  );
}
