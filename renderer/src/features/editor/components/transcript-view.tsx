import { useEffect, useMemo, useRef } from 'react';
import { useEditor } from '../stores/editor-store-context';
import type { LineMatch, TranscriptMessage } from '../../../../../shared/domain';
import type { TranscriptTool } from '../../../../../shared/transcript-tool-schema';
import { MessageMarkdown } from './message-markdown';

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
        {rowsOf(transcript.messages, transcript.tools ?? []).map((row) =>
          row.kind === 'tool' ? (
            <ToolRow key={`tool-${row.tool.line}-${row.index}`} tool={row.tool} />
          ) : (
            <MessageRow key={row.message.line} m={row.message} hit={isHit(row.message)} matches={matchesByLine.get(row.message.line)} />
          ),
        )}
      </ol>
      {transcript.messages.length === 0 && <p className="muted pad">No user or assistant messages in this session.</p>}
    </div>
  );
}

function MessageRow({ m, hit, matches }: { m: TranscriptMessage; hit: boolean; matches: LineMatch[] | undefined }) {
  return (
    <li
      className={`message message--${m.role}${hit ? ' message--hit' : ''}`}
      data-testid="transcript-message"
      data-line={m.line}
      data-hit={hit || undefined}
    >
      <div className="message__meta">
        <span className="message__role">{m.role === 'user' ? 'User' : 'Assistant'}</span>
        {m.timestamp && <time dateTime={m.timestamp}>{formatTimestamp(m.timestamp)}</time>}
        <span className="message__line" title="JSONL line">L{m.line}</span>
      </div>
      <div className="message__text" data-testid="message-text">
        <MessageMarkdown text={m.text} matches={matches} />
      </div>
      {m.truncatedFrom !== undefined && (
        <div className="message__cut muted" data-testid="transcript-message-cut">
          Showing the first {m.text.length.toLocaleString('en-US')} of {m.truncatedFrom.toLocaleString('en-US')} characters of this message; the rest is not shown or searched.
        </div>
      )}
    </li>
  );
}

type TranscriptRow = { kind: 'message'; message: TranscriptMessage } | { kind: 'tool'; tool: TranscriptTool; index: number };

/** Messages and tool calls in file order; a call made by a message's record follows its text. */
function rowsOf(messages: readonly TranscriptMessage[], tools: readonly TranscriptTool[]): TranscriptRow[] {
  const rows: TranscriptRow[] = [];
  let t = 0;
  for (const message of messages) {
    while (t < tools.length && tools[t]!.line < message.line) rows.push({ kind: 'tool', tool: tools[t]!, index: t++ });
    rows.push({ kind: 'message', message });
    while (t < tools.length && tools[t]!.line === message.line) rows.push({ kind: 'tool', tool: tools[t]!, index: t++ });
  }
  while (t < tools.length) rows.push({ kind: 'tool', tool: tools[t]!, index: t++ });
  return rows;
}

/** A tool call as one collapsed row: its name and what it was asked; open for arguments and result. */
function ToolRow({ tool }: { tool: TranscriptTool }) {
  return (
    <li className={`tool-row${tool.isError ? ' tool-row--error' : ''}`} data-testid="transcript-tool" data-line={tool.line} data-tool={tool.name}>
      <details>
        <summary>
          <span className="tool-row__name">{tool.name}</span>
          <span className="tool-row__summary">{tool.summary}</span>
          <span className="message__line" title="JSONL line">L{tool.line}{tool.resultLine !== null ? `–${tool.resultLine}` : ''}</span>
        </summary>
        <div className="tool-row__body">
          <div className="tool-row__label muted">Arguments</div>
          <pre data-testid="transcript-tool-args">{tool.args}</pre>
          <div className="tool-row__label muted">{tool.result === null ? 'No result in this transcript' : tool.isError ? 'Error' : 'Result'}</div>
          {tool.result !== null && <pre data-testid="transcript-tool-result">{tool.result}</pre>}
        </div>
      </details>
    </li>
  );
}

function formatTimestamp(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}
