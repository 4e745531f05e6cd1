// The result list as files, like VS Code's search: each file once with its hits inside, chunks of
// one file merged by lines, same-text chunks folded into a card that lists their files, and the
// runs of one automated prompt folded into one card with the run list. The grouping is
// shared/result-groups.ts, the order and cut shared/result-list.ts; every hit's numbers are its
// best chunk's, as the engine returned them.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMemo, useState } from 'react';
import type { SearchResult, Verdict } from '../../../../../shared/domain';
import type { AutomatedRun } from '../../../../../shared/automated-runs';
import { hitLines, type RankedResult, type ResultGroup, type ResultHit } from '../../../../../shared/result-groups';
import {
  numberShownHits,
  type AutomatedPlacement,
  type NumberedHit,
  type ResultLayout,
} from '../../../../../shared/result-list';
import { whyAbove } from '../../../../../shared/why-above';
import { formatDate } from '../../../lib/format-locale';
import type { RankMove } from '../stores/rank-movement';
import { SearchResultRow } from './search-result-row';

interface SearchResultGroupsProps {
  /** Everything the engine returned (more than is shown): the neighbours "why above" compares. */
  results: readonly SearchResult[];
  /** What is shown, grouped, ordered and cut (shared/result-list.ts). */
  layout: ResultLayout;
  placement: AutomatedPlacement;
  onPlacement(placement: AutomatedPlacement): void;
  /** Each result on its own, as the engine listed it (the agent's own ranking). */
  asListed?: boolean;
  moves: Record<string, RankMove> | undefined;
  expanded: Record<string, boolean>;
  judgments: Record<string, Verdict>;
  sessionTitles?: ReadonlyMap<string, string> | undefined;
  /** Every file's title (first heading, frontmatter title, a transcript's first message) by path. */
  fileTitles?: ReadonlyMap<string, string> | undefined;
  /** Transcripts the scheduler started, by path: names and times a card's folded runs. */
  runs?: ReadonlyMap<string, AutomatedRun> | undefined;
  onToggle(id: string): void;
  onOpen(result: SearchResult): void;
  onPin(path: string): void;
  onJudge(result: SearchResult, verdict: Verdict): void;
}

/** "Why #2 is below #1", between two cards on screen, by the numbers they show. */
function neighbourSentence(numbered: NumberedHit | undefined, t: TFunction): string | undefined {
  if (!numbered?.neighbour) return undefined;
  if (numbered.after !== numbered.neighbour.after) {
    // The order between them is the placement's, not the scores'.
    const [people, run] = numbered.after ? [numbered.neighbour, numbered] : [numbered, numbered.neighbour];
    const [p, r] = [people.hit.primary.result.score, run.hit.primary.result.score];
    return t('search:groups.automatedAfter', {
      run: run.number,
      people: people.number,
      r: r.toFixed(3),
      p: p.toFixed(3),
    });
  }
  const self = { rank: numbered.number, breakdown: numbered.hit.primary.result.breakdown };
  const them = { rank: numbered.neighbour.number, breakdown: numbered.neighbour.hit.primary.result.breakdown };
  return whyAbove(self, them, t);
}

/** Said when a hit stands for several chunks of its file, merged by the engine or by the list. */
function mergedNote(hit: ResultHit, t: TFunction): string | undefined {
  const count = 1 + hit.merged.length + (hit.primary.result.merged?.length ?? 0);
  if (count === 1) return undefined;
  return t('search:groups.merged', { count, lines: hitLines(hit) });
}

/** The result a hit opens: its best chunk, widened to every line it merged. */
function hitTarget(hit: ResultHit): SearchResult {
  return { ...hit.primary.result, startLine: hit.startLine, endLine: hit.endLine };
}

/** The runs one automated prompt left, folded into this card: what ran, how often, each run on request. */
function RunList({
  hit,
  runs,
  onOpen,
}: {
  hit: ResultHit & { runKey: string };
  runs: ReadonlyMap<string, AutomatedRun> | undefined;
  onOpen(result: SearchResult): void;
}) {
  const [open, setOpen] = useState(false);
  const { t, i18n } = useTranslation('search');
  // One row per session, its best chunk standing for it (chunks come best first).
  // The engine folds runs with byte-identical chunks ("also in"): each of those is a run too.
  const bySession = new Map<string, RankedResult>();
  const chunksOf = new Map<string, number>();
  for (const r of [hit.primary, ...hit.alike]) {
    const copies = (r.result.alsoIn ?? []).map((d) => ({
      ...r,
      result: { ...r.result, id: `${d.path}#${d.startLine}`, ...d },
    }));
    for (const one of [r, ...copies]) {
      if (!bySession.has(one.result.path)) bySession.set(one.result.path, one);
      chunksOf.set(one.result.path, (chunksOf.get(one.result.path) ?? 0) + 1);
    }
  }
  const run = runs?.get(hit.primary.result.path);
  const startedAt = (path: string) => runs?.get(path)?.startedAt ?? null;
  const sessions = [...bySession.values()].sort(
    (a, b) => (startedAt(b.result.path) ?? 0) - (startedAt(a.result.path) ?? 0),
  );
  const what = run ? t(`runs.${run.kind}`, { name: run.name }) : '';
  return (
    <div className="result-alike" data-testid="result-runs" data-count={sessions.length} data-kind={run?.kind}>
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('runs.count', { what, count: sessions.length })}
        {open ? '' : '…'}
      </button>
      {open && (
        <ul className="result-alike__list" aria-label={t('runs.list')}>
          {sessions.map((r) => {
            const at = startedAt(r.result.path);
            const chunks = chunksOf.get(r.result.path) ?? 1;
            return (
              <li key={r.result.path} data-testid="result-run" data-path={r.result.path}>
                <button
                  type="button"
                  className="link-button"
                  data-testid="result-run-open"
                  title={r.result.path}
                  onClick={() => onOpen(r.result)}
                >
                  {at === null ? r.result.path : formatDate(i18n.language, at, 'datetime')}
                </button>
                <span className="muted">
                  {' '}
                  {r.result.score.toFixed(3)}
                  {chunks > 1 && ` · ${t('runs.chunks', { count: chunks })}`}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * The other places holding this card's text, listed on the card: exact copies the engine folded
 * ("also in") and the chunks the list folded by shared/same-text.ts, the doctor's rule for copies.
 */
function SameTextList({
  hit,
  titles,
  onOpen,
}: {
  hit: ResultHit;
  titles: ReadonlyMap<string, string> | undefined;
  onOpen(result: SearchResult): void;
}) {
  const { t } = useTranslation('search');
  const primary = hit.primary.result;
  const places = [
    ...(primary.alsoIn ?? []).map((d) => ({ ...primary, id: `${d.path}#${d.startLine}`, ...d })),
    ...hit.alike.map((a) => a.result),
  ];
  if (places.length === 0) return null;
  const files = new Set(places.map((p) => p.path)).size;
  return (
    <div className="result-alike" data-testid="result-same-text" data-count={places.length}>
      <span className="muted">{t('sameText', { count: files })} </span>
      {places.map((place, i) => (
        <span key={place.id}>
          {i > 0 && ', '}
          <button
            type="button"
            className="link-button"
            data-testid="result-same-text-open"
            data-path={place.path}
            title={titles?.get(place.path) ?? place.path}
            onClick={() => onOpen(place)}
          >
            {place.path}:{place.startLine}
          </button>
        </span>
      ))}
    </div>
  );
}

export function SearchResultGroups(props: SearchResultGroupsProps) {
  const { layout, placement } = props;
  const { people, automated, automatedHits, automatedShown } = layout;
  const notShown = automatedHits - automatedShown;
  const numbered = useMemo(() => numberShownHits(layout), [layout]);
  const { t } = useTranslation('search');
  // Hidden runs are left out by the engine, so none may be counted: the switch stays to show them again.
  const hiddenByEngine = placement === 'hidden' && automatedHits === 0;
  return (
    <>
      <ol className="search-results" data-testid="search-results">
        {people.map((group) => (
          <GroupItem key={`${group.path}#${group.bestRank}`} group={group} numbered={numbered} {...props} />
        ))}
      </ol>
      {(automatedHits > 0 || hiddenByEngine) && !props.asListed && (
        <div
          className="result-automated"
          data-testid="result-automated"
          data-placement={placement}
          data-count={automatedHits}
          data-shown={automatedShown}
        >
          <span className="muted">
            {hiddenByEngine ? (
              t('automatedHidden')
            ) : (
              <>
                {t('groups.automatedHits', { count: automatedHits })}
                {t(`groups.placement.${placement}`)}
                {placement !== 'hidden' &&
                  notShown > 0 &&
                  t('groups.beyond', { count: notShown, shown: layout.shownHits })}
              </>
            )}
          </span>
          <select
            className="result-automated__select"
            data-testid="result-automated-filter"
            aria-label={t('groups.filter')}
            value={placement}
            onChange={(e) => props.onPlacement(e.target.value as AutomatedPlacement)}
          >
            <option value="after">{t('groups.show.after')}</option>
            <option value="hidden">{t('groups.show.hidden')}</option>
            <option value="mixed">{t('groups.show.mixed')}</option>
          </select>
        </div>
      )}
      {placement === 'after' && automated.length > 0 && (
        <ol className="search-results search-results--automated" data-testid="search-results-automated">
          {automated.map((group) => (
            <GroupItem key={`${group.path}#${group.bestRank}`} group={group} numbered={numbered} {...props} />
          ))}
        </ol>
      )}
    </>
  );
}

function GroupItem({
  group,
  numbered,
  ...props
}: SearchResultGroupsProps & { group: ResultGroup; numbered: ReadonlyMap<string, NumberedHit> }) {
  const { t } = useTranslation('search');
  const title = props.fileTitles?.get(group.path) ?? props.sessionTitles?.get(group.path);
  // One hit: the card names the file itself; several: the group does, each card its lines.
  const single = group.hits.length === 1;
  return (
    <li className="result-group" data-testid="result-group" data-path={group.path} data-hits={group.hits.length}>
      {!single && (
        <div className="result-group__head" title={group.path}>
          <span className="result-group__name">{title ?? group.path}</span>
          <span className="result-group__path muted">{title ? group.path : ''}</span>
          <span className={`badge badge--source-${group.source}`} data-testid="source-badge" data-source={group.source}>
            {t(`card.source.${group.source}`)}
          </span>
          <span className="result-group__count muted">{t('groups.hits', { count: group.hits.length })}</span>
        </div>
      )}
      <ol className={`result-group__hits${single ? ' result-group__hits--single' : ''}`}>
        {group.hits.map((hit) => {
          const r = hit.primary.result;
          return (
            <SearchResultRow
              key={r.id}
              result={r}
              rank={numbered.get(r.id)?.number ?? hit.primary.rank}
              engineRank={hit.primary.rank}
              lines={hitLines(hit)}
              title={title}
              inGroup={!single}
              members={[
                ...hit.merged.map((m) => `${m.result.id}=${m.rank}`),
                ...(r.merged ?? []).map((m) => `${m.id}=${hit.primary.rank}`),
                ...hit.alike.map((m) => `${m.result.id}=${m.rank}`),
              ].join(' ')}
              mergedNote={mergedNote(hit, t)}
              move={props.moves?.[r.id]}
              expanded={!!props.expanded[r.id]}
              verdict={props.judgments[r.id]}
              onToggle={() => props.onToggle(r.id)}
              onOpen={() => props.onOpen(hitTarget(hit))}
              onPin={() => props.onPin(r.path)}
              onJudge={(verdict) => props.onJudge(r, verdict)}
              whyAbove={neighbourSentence(numbered.get(r.id), t)}
            >
              {hit.runKey !== undefined ? (
                <RunList hit={{ ...hit, runKey: hit.runKey }} runs={props.runs} onOpen={props.onOpen} />
              ) : (
                <SameTextList hit={hit} titles={props.fileTitles ?? props.sessionTitles} onOpen={props.onOpen} />
              )}
            </SearchResultRow>
          );
        })}
      </ol>
    </li>
  );
}
