// The ranking switch ("Memory Lens ranking | as your agent ranks") and the side-by-side view of
// one query under both: what the agent's own memory_search returns next to what Memory Lens
// finds, each result with its breakdown, and which results only one side has.
import { useTranslation } from 'react-i18next';
import type { SearchProfile, SearchResponse, SearchResult } from '../../../../../shared/domain';
import { OPENCLAW_RANKING_RELEASE } from '../../../../../shared/search-profiles';
import { Dialog } from '../../../lib/dialog';
import { lineLabel } from '../stores/rank-movement';
import { Num } from './num';
import { ScoreBreakdownView } from './score-breakdown';

const LENS: SearchProfile = 'memory-lens';
const AGENT: SearchProfile = 'openclaw';

export function RankingProfileSwitch({
  profile,
  compare,
  onProfile,
  onCompare,
}: {
  profile: SearchProfile;
  compare: boolean;
  onProfile(p: SearchProfile): void;
  onCompare(on: boolean): void;
}) {
  const { t } = useTranslation('search');
  const option = (value: SearchProfile, label: string, title: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={profile === value}
      className={`segmented__option${profile === value ? ' is-on' : ''}`}
      data-testid={`profile-${value}`}
      title={title}
      onClick={() => onProfile(value)}
    >
      {label}
    </button>
  );
  return (
    <div className="ranking-profile" data-testid="ranking-profile" data-value={profile}>
      <div className="segmented" role="radiogroup" aria-label={t('profile.label')}>
        {option(LENS, t('profile.lens'), t('profile.lensTitle'))}
        {option(AGENT, t('profile.agent'), t('profile.agentTitle', { release: OPENCLAW_RANKING_RELEASE }))}
      </div>
      <label className="ranking-profile__compare">
        <input
          type="checkbox"
          data-testid="compare-toggle"
          checked={compare}
          onChange={(e) => onCompare(e.target.checked)}
        />{' '}
        {t('profile.sideBySide')}
      </label>
    </div>
  );
}

/** Results of the two lists that cite overlapping lines of the same file count as the same memory. */
function overlaps(a: SearchResult, b: SearchResult): boolean {
  return a.path === b.path && a.startLine <= b.endLine && b.startLine <= a.endLine;
}

function Column({
  title,
  testId,
  response,
  other,
  onOpen,
}: {
  title: string;
  testId: string;
  response: SearchResponse | null;
  other: SearchResponse | null;
  onOpen(r: SearchResult): void;
}) {
  const { t } = useTranslation('search');
  return (
    <section className="profile-compare__column" data-testid={testId} aria-label={title}>
      <h3 className="profile-compare__title">{title}</h3>
      {!response ? (
        <p className="muted">{t('panel.searching')}</p>
      ) : response.results.length === 0 ? (
        <p className="muted" data-testid={`${testId}-empty`}>
          {t('profile.nothing')}
        </p>
      ) : (
        <ol className="profile-compare__list">
          {response.results.map((r, i) => {
            const only = other !== null && !other.results.some((o) => overlaps(r, o));
            return (
              <li
                key={r.id}
                className="profile-compare__item"
                data-testid={`${testId}-result`}
                data-path={r.path}
                data-lines={lineLabel(r)}
                data-only={only ? 'yes' : 'no'}
              >
                <div className="profile-compare__head">
                  <span className="search-result__rank">{i + 1}</span>
                  <button
                    type="button"
                    className="link-button profile-compare__path"
                    title={t('profile.openTitle')}
                    onClick={() => onOpen(r)}
                  >
                    {r.path}:{lineLabel(r)}
                  </button>
                  {only && (
                    <span className="badge badge--pending" data-testid="only-here">
                      {t('profile.onlyHere')}
                    </span>
                  )}
                  <Num testId={`${testId}-score`} value={r.score} />
                </div>
                <details className="profile-compare__why">
                  <summary>{t('profile.why')}</summary>
                  <ScoreBreakdownView breakdown={r.breakdown} testPrefix={`${testId}-bd`} />
                </details>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

export function ProfileCompare({
  query,
  profile,
  response,
  compareResponse,
  shown,
  onOpen,
  onClose,
}: {
  query: string;
  profile: SearchProfile;
  response: SearchResponse | null;
  compareResponse: SearchResponse | null;
  shown: number;
  onOpen(r: SearchResult): void;
  onClose(): void;
}) {
  const agent = profile === 'openclaw' ? response : compareResponse;
  // The panel asks for more chunks than it shows (to fill its grouped list); this column shows
  // Memory Lens's top `shown`, as the CLI with the same max results would.
  const full = profile === 'openclaw' ? compareResponse : response;
  const { t } = useTranslation('search');
  const lens = full ? { ...full, results: full.results.slice(0, shown) } : null;
  return (
    <Dialog title={t('profile.title', { query })} testId="profile-compare-dialog" wide onClose={onClose}>
      <p className="muted profile-compare__intro">{t('profile.intro', { release: OPENCLAW_RANKING_RELEASE })}</p>
      <div className="profile-compare" data-testid="profile-compare">
        <Column title={t('profile.agentGets')} testId="compare-agent" response={agent} other={lens} onOpen={onOpen} />
        <Column title={t('profile.lensFinds')} testId="compare-lens" response={lens} other={agent} onOpen={onOpen} />
      </div>
      <div className="form__actions">
        <button type="button" className="button button--primary" data-testid="compare-close" onClick={onClose}>
          {t('profile.close')}
        </button>
      </div>
    </Dialog>
  );
}
