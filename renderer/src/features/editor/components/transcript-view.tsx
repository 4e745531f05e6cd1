import { useEffect, useMemo, useRef } from 'react';
import { useEditor } from '../stores/editor-store-context';
import type { LineMatch, TranscriptMessage } from '../../../../../shared/domain';

/**
 * A session JSONL as a chat: speaker, time, the message as written (line breaks kept). The cited
 * JSONL lines are tinted, and the words the engine matched there (findMatches) are marked.
 */
export function TranscriptView() {
  const { transcript, path, phase } = useEditor((s) => ({
    transcript: s.editor.doc?.transcript ?? null,
    path: s.editor.doc?.path ?? '',
    phase: s.editor.doc?.phase ?? 'loading',
  }));
  const highlight = useEditor((s) => s.editor.highlight);
  const listRef = useRef<HTMLOListElement>(null);
  const matchesByLine = useMemo(() => {
    const byLine = new Map<number, LineMatch[]>();
    for (const m of highlight?.matches ?? []) {
      const list = byLine.get(m.line) ?? [];
      list.push(m);
      byLine.set(m.line, list);
    }
    return byLine;
  }, [highlight]);

  const isHit = (m: TranscriptMessage) => !!highlight && m.line >= highlight.startLine && m.line <= highlight.endLine;

  useEffect(() => {
    if (!highlight || !transcript || !listRef.current) return;
    // A cited range is a whole chunk: land on the first message in it where the engine found a
    // matched word, else on the first message at or after the range start.
    const inRange = transcript.messages.filter((m) => m.line >= highlight.startLine && m.line <= highlight.endLine);
    const target = inRange.find((m) => matchesByLine.has(m.line)) ?? transcript.messages.find((m) => m.line >= highlight.startLine) ?? transcript.messages.at(-1);
    if (!target) return;
    const el = listRef.current.querySelector<HTMLElement>(`[data-line="${target.line}"]`);
    el?.scrollIntoView({ block: 'center' });
  }, [highlight, transcript, matchesByLine]);

  if (phase === 'loading' || !transcript) return <div className="transcript muted pad">Loading transcript…</div>;
  return (
    <div className="transcript" data-testid="transcript" data-path={path}>
      {transcript.malformedLines > 0 && (
        <div className="banner banner--info" data-testid="transcript-malformed" data-value={transcript.malformedLines}>
          {transcript.malformedLines} malformed JSONL line{transcript.malformedLines === 1 ? ' was' : 's were'} skipped.
        </div>
      )}
      <ol className="transcript__list" ref={listRef}>
        {transcript.messages.map((m) => (
          <li
            key={m.line}
            className={`message message--${m.role}${isHit(m) ? ' message--hit' : ''}`}
            data-testid="transcript-message"
            data-line={m.line}
            data-hit={isHit(m) || undefined}
          >
            <div className="message__meta">
              <span className="message__role">{m.role === 'user' ? 'User' : 'Assistant'}</span>
              {m.timestamp && <time dateTime={m.timestamp}>{formatTimestamp(m.timestamp)}</time>}
              <span className="message__line" title="JSONL line">L{m.line}</span>
            </div>
            <div className="message__text" data-testid="message-text">
              <MarkedText text={m.text} matches={matchesByLine.get(m.line)} />
            </div>
            {m.truncatedFrom !== undefined && (
              <div className="message__cut muted" data-testid="transcript-message-cut">
                Showing the first {m.text.length.toLocaleString('en-US')} of {m.truncatedFrom.toLocaleString('en-US')} characters of this message; the rest is not shown or searched.
              </div>
            )}
          </li>
        ))}
      </ol>
      {transcript.messages.length === 0 && <p className="muted pad">No user or assistant messages in this session.</p>}
    </div>
  );
}

/** The text cut at the engine's match offsets; nothing is searched here. */
function MarkedText({ text, matches }: { text: string; matches: LineMatch[] | undefined }) {
  if (!matches?.length) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const m of [...matches].sort((a, b) => a.start - b.start)) {
    const start = Math.max(m.start, last);
    const end = Math.min(m.end, text.length);
    if (end <= start) continue;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(<mark key={start} data-testid="transcript-match">{text.slice(start, end)}</mark>);
    last = end;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

function formatTimestamp(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}
