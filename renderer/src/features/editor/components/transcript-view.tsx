import { useEffect, useRef } from 'react';
import { useEditor } from '../stores/editor-store-context';
import type { TranscriptMessage } from '../../../../../shared/domain';

/** A session JSONL as a chat: speaker, time, text; the cited JSONL lines are highlighted. */
export function TranscriptView() {
  const { transcript, path, phase } = useEditor((s) => ({
    transcript: s.editor.doc?.transcript ?? null,
    path: s.editor.doc?.path ?? '',
    phase: s.editor.doc?.phase ?? 'loading',
  }));
  const highlight = useEditor((s) => s.editor.highlight);
  const listRef = useRef<HTMLOListElement>(null);

  const isHit = (m: TranscriptMessage) => !!highlight && m.line >= highlight.startLine && m.line <= highlight.endLine;

  useEffect(() => {
    if (!highlight || !transcript || !listRef.current) return;
    // A cited range is a whole chunk: land on the message in it that holds a matched term, else on
    // the first message at or after the range start (which may be a compaction or tool record).
    const terms = (highlight.terms ?? []).map((t) => t.toLowerCase()).filter(Boolean);
    const inRange = transcript.messages.filter((m) => m.line >= highlight.startLine && m.line <= highlight.endLine);
    const target =
      inRange.find((m) => terms.some((t) => m.text.toLowerCase().includes(t))) ??
      transcript.messages.find((m) => m.line >= highlight.startLine) ??
      transcript.messages.at(-1);
    if (!target) return;
    const el = listRef.current.querySelector<HTMLElement>(`[data-line="${target.line}"]`);
    el?.scrollIntoView({ block: 'center' });
  }, [highlight, transcript]);

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
            <div className="message__text">{m.text}</div>
          </li>
        ))}
      </ol>
      {transcript.messages.length === 0 && <p className="muted pad">No user or assistant messages in this session.</p>}
    </div>
  );
}

function formatTimestamp(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}
