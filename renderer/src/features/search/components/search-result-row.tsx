import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchResult, Verdict } from '../../../../../shared/domain';
import { cardSnippet, focusSnippet, snippetLines, snippetParts } from '../stores/snippet-parts';
import { formatRankMove, lineLabel, type RankMove } from '../stores/rank-movement';
import { Num } from './num';
import { ScoreBreakdownView } from './score-breakdown';

interface SearchResultRowProps {
  result: SearchResult;
  /** The card's number on screen (shared/result-list.ts numberShownHits). */
  rank: number;
  /** The chunk's place in the engine's list (data-rank; default `rank`). */
  engineRank?: number;
  move: RankMove | undefined;
  expanded: boolean;
  verdict?: Verdict | undefined;
  onToggle(): void;
  onOpen(): void;
  onPin(): void;
  /** Without it the row offers no 👍/👎 (an agent's logged results are not the user's search). */
  onJudge?: (verdict: Verdict) => void;
  /** The file's title (a transcript's first user message, a note's first heading); else its name. */
  title?: string | undefined;
  /** The lines the row stands for when it merged chunks (default: the result's own). */
  lines?: string | undefined;
  /** Inside a file group: the group names the file, the row only its lines. */
  inGroup?: boolean;
  /** Said under the snippet when the row merged chunks, so its numbers are read as the best chunk's. */
  mergedNote?: string | undefined;
  /** One sentence on why this result and its neighbour are in this order (shown with the breakdown). */
  whyAbove?: string | undefined;
  /** The chunks the row stands for besides its own, as `id=rank` words (merged and folded ones). */
  members?: string | undefined;
  children?: ReactNode;
}

/** A card's passage is clamped to this many lines until "More" opens it in place. */
const CLAMPED_LINES = 3;

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function SearchResultRow({
  result,
  rank,
  engineRank,
  move,
  expanded,
  verdict,
  onToggle,
  onOpen,
  onPin,
  onJudge,
  title,
  inGroup,
  mergedNote,
  members,
  whyAbove,
  children,
  ...rest
}: SearchResultRowProps) {
  const { t } = useTranslation('search');
  const [open, setOpen] = useState(false);
  // Closed: the best ~300 characters; open: the whole chunk from its first match (as before).
  const card = cardSnippet(result.snippet, result.highlights);
  const focused = open ? focusSnippet(result.snippet, result.highlights) : card;
  const parts = snippetParts(focused.text, focused.highlights);
  const firstLine = result.snippetLine !== undefined ? result.snippetLine + focused.linesCut : undefined;
  // Closed, blank lines go: the three lines on screen are all words.
  const numbered =
    firstLine !== undefined ? snippetLines(parts, firstLine).filter((l) => open || l.parts.length > 0) : null;
  const lines = rest.lines ?? lineLabel(result);
  // The passage shown, not the union of merged chunks: what the card's line label names.
  const shownLines =
    firstLine !== undefined && !open
      ? card.lineCount > 1
        ? `${firstLine}-${firstLine + card.lineCount - 1}`
        : String(firstLine)
      : lineLabel(result);
  const canOpen = card.cut || card.lineCount > CLAMPED_LINES || mergedNote !== undefined;
  const name = title ?? baseName(result.path);
  return (
    <li
      className={`search-result${expanded ? ' is-expanded' : ''}`}
      data-testid="search-result"
      data-id={result.id}
      data-rank={engineRank ?? rank}
      data-shown-rank={rank}
      data-path={result.path}
      data-lines={lines}
      data-chunk-lines={lineLabel(result)}
      data-members={members || undefined}
    >
      <div className="search-result__head">
        <span className="search-result__rank">{rank}</span>
        {move && move.kind !== 'same' && (
          <span
            className={`rank-move rank-move--${move.kind}`}
            data-testid="rank-move"
            data-value={formatRankMove(move)}
          >
            {formatRankMove(move)}
          </span>
        )}
        <button
          type="button"
          className="search-result__title link-button"
          data-testid="search-result-open"
          title={t('card.openTitle', { where: `${result.path}:${lines}` })}
          onClick={onOpen}
        >
          {inGroup ? t('card.lines', { lines: shownLines }) : name}
        </button>
        {!inGroup && (
          <span
            className={`badge badge--source-${result.source}`}
            data-testid="source-badge"
            data-source={result.source}
          >
            {t(`card.source.${result.source}`)}
          </span>
        )}
        {result.date && (
          <span className="search-result__date muted" title={t('card.date')}>
            {result.date}
          </span>
        )}
        <span className="search-result__score">
          <Num testId="result-score" value={result.score} />
        </span>
      </div>
      {numbered ? (
        <div
          className={`search-result__snippet search-result__snippet--numbered${open ? ' is-open' : ''}`}
          data-testid="search-snippet"
        >
          {numbered.map((l, i) => (
            <div key={i} className="snippet-line" data-line={l.line ?? undefined}>
              <span className="snippet-line__no" aria-hidden="true">
                {l.line}
              </span>
              <span className="snippet-line__text">
                {l.parts.length === 0
                  ? ' '
                  : l.parts.map((p, j) => (p.hit ? <mark key={j}>{p.text}</mark> : <span key={j}>{p.text}</span>))}
              </span>
            </div>
          ))}
        </div>
      ) : (
        <p className={`search-result__snippet${open ? ' is-open' : ''}`} data-testid="search-snippet">
          {(open ? parts : parts.map((p) => ({ ...p, text: p.text.replace(/\n{2,}/g, '\n') }))).map((p, i) =>
            p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
          )}
        </p>
      )}
      {mergedNote && (open || expanded) && (
        <p className="search-result__also muted" data-testid="merged-note">
          {mergedNote}
        </p>
      )}
      {children}
      <div className="search-result__actions">
        {!inGroup && (
          <span className="search-result__where" data-testid="result-path" title={`${result.path}:${lines}`}>
            <span dir="ltr">
              {result.path}:{shownLines}
            </span>
          </span>
        )}
        {canOpen && (
          <button
            type="button"
            className="link-button"
            data-testid="snippet-more"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? t('card.less') : t('card.more')}
          </button>
        )}
        <button
          type="button"
          className="link-button"
          data-testid="breakdown-toggle"
          aria-expanded={expanded}
          title={t('card.whyTitle')}
          onClick={onToggle}
        >
          {expanded ? t('card.hide') : t('card.why')}
        </button>
        <button
          type="button"
          className="link-button"
          data-testid="pin-result"
          title={t('card.pinTitle')}
          onClick={onPin}
        >
          {t('card.pin')}
        </button>
        {onJudge && (
          <span className="search-result__judge" role="group" aria-label={t('card.judge')}>
            <button
              type="button"
              className={`judge-button${verdict === 'relevant' ? ' is-on' : ''}`}
              data-testid="judge-relevant"
              aria-pressed={verdict === 'relevant'}
              title={t('card.relevant')}
              onClick={() => onJudge('relevant')}
            >
              <ThumbIcon up />
            </button>
            <button
              type="button"
              className={`judge-button${verdict === 'irrelevant' ? ' is-on' : ''}`}
              data-testid="judge-irrelevant"
              aria-pressed={verdict === 'irrelevant'}
              title={t('card.irrelevant')}
              onClick={() => onJudge('irrelevant')}
            >
              <ThumbIcon up={false} />
            </button>
          </span>
        )}
      </div>
      {expanded && whyAbove && (
        <p className="search-result__why" data-testid="why-above">
          {whyAbove}
        </p>
      )}
      {expanded && <ScoreBreakdownView breakdown={result.breakdown} />}
    </li>
  );
}

/** 👍/👎 drawn as SVG: emoji fonts are missing on many Linux desktops and in CI. */
function ThumbIcon({ up }: { up: boolean }) {
  return (
    <svg
      className="thumb-icon"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      style={up ? undefined : { transform: 'rotate(180deg)' }}
    >
      <path
        d="M2 7h2.5v7H2zM6 14h5.6a1.5 1.5 0 0 0 1.46-1.16l1-4.3A1.5 1.5 0 0 0 12.6 6.7H9.6l.5-2.6A1.4 1.4 0 0 0 8.75 2.5L6 6.8z"
        fill="currentColor"
      />
    </svg>
  );
}
