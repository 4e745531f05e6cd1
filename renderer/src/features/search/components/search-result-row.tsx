import type { ReactNode } from 'react';
import type { SearchResult, Verdict } from '../../../../../shared/domain';
import { focusSnippet, snippetLines, snippetParts } from '../stores/snippet-parts';
import { formatRankMove, lineLabel, type RankMove } from '../stores/rank-movement';
import { Num } from './num';
import { ScoreBreakdownView } from './score-breakdown';

interface SearchResultRowProps {
  result: SearchResult;
  rank: number;
  move: RankMove | undefined;
  expanded: boolean;
  verdict?: Verdict | undefined;
  onToggle(): void;
  onOpen(): void;
  onPin(): void;
  /** Without it the row offers no 👍/👎 (an agent's logged results are not the user's search). */
  onJudge?: (verdict: Verdict) => void;
  /** A transcript's title (its first user message): shown instead of its path, as the sidebar does. */
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

/** A transcript's title is its whole first message: the card shows its start (the tooltip has the path). */
const TITLE_WIDTH = 48;

/** `text` cut to about `width` columns, a wide (CJK) character counting two. */
function shorten(text: string, width: number): string {
  let used = 0;
  let out = '';
  for (const char of text) {
    used += char.codePointAt(0)! >= 0x2e80 ? 2 : 1;
    if (used > width - 1) return `${out.trimEnd()}…`;
    out += char;
  }
  return text;
}

export function SearchResultRow({
  result,
  rank,
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
  const focused = focusSnippet(result.snippet, result.highlights);
  const parts = snippetParts(focused.text, focused.highlights);
  const numbered = result.snippetLine !== undefined ? snippetLines(parts, result.snippetLine + focused.linesCut) : null;
  const lines = rest.lines ?? lineLabel(result);
  const label = inGroup
    ? `lines ${lines}`
    : title
      ? `${shorten(title, TITLE_WIDTH)} · lines ${lines}`
      : `${result.path}:${lines}`;
  return (
    <li
      className={`search-result${expanded ? ' is-expanded' : ''}`}
      data-testid="search-result"
      data-id={result.id}
      data-rank={rank}
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
          className={
            title || inGroup
              ? 'search-result__path search-result__path--title link-button'
              : 'search-result__path link-button'
          }
          data-testid="search-result-open"
          title={title ? `${result.path}:${lines}\nOpen at these lines` : 'Open at these lines'}
          onClick={onOpen}
        >
          {label}
        </button>
        {!inGroup && (
          <span className={`badge badge--source-${result.source}`} data-testid="source-badge">
            {result.source}
          </span>
        )}
        {result.date && (
          <span className="search-result__date muted" title="The memory's date">
            {result.date}
          </span>
        )}
        <span className="search-result__score">
          <Num testId="result-score" value={result.score} />
        </span>
      </div>
      {numbered ? (
        <div className="search-result__snippet search-result__snippet--numbered" data-testid="search-snippet">
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
        <p className="search-result__snippet" data-testid="search-snippet">
          {parts.map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
        </p>
      )}
      {mergedNote && (
        <p className="search-result__also muted" data-testid="merged-note">
          {mergedNote}
        </p>
      )}
      {children}
      {result.alsoIn && result.alsoIn.length > 0 && (
        <p className="search-result__also muted" data-testid="also-in">
          also in {result.alsoIn.map((d) => d.citation).join(', ')}
        </p>
      )}
      <div className="search-result__actions">
        <button
          type="button"
          className="link-button"
          data-testid="breakdown-toggle"
          aria-expanded={expanded}
          onClick={onToggle}
        >
          {expanded ? 'Hide' : 'Why this score?'}
        </button>
        <button type="button" className="link-button" data-testid="pin-result" onClick={onPin}>
          Explain file
        </button>
        {onJudge && (
          <span className="search-result__judge" role="group" aria-label="Is this result relevant?">
            <button
              type="button"
              className={`judge-button${verdict === 'relevant' ? ' is-on' : ''}`}
              data-testid="judge-relevant"
              aria-pressed={verdict === 'relevant'}
              title="👍 Relevant to this query (kept for evaluation)"
              onClick={() => onJudge('relevant')}
            >
              <ThumbIcon up />
            </button>
            <button
              type="button"
              className={`judge-button${verdict === 'irrelevant' ? ' is-on' : ''}`}
              data-testid="judge-irrelevant"
              aria-pressed={verdict === 'irrelevant'}
              title="👎 Not relevant to this query (kept for evaluation)"
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
