import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-locale';
import { useEditor } from '../stores/editor-store-context';
import type { LineMatch, TranscriptMessage } from '../../../../../shared/domain';
import type { TranscriptTool } from '../../../../../shared/transcript-tool-schema';
import { MessageMarkdown } from './message-markdown';

/**
 * A session JSONL as a chat: speaker, time, the message's words without OpenClaw's envelope (the
 * engine's `body`; "Show raw" gives the text as written). The cited JSONL lines are tinted, and
 * the words the engine matched there (findMatches, in whichever text is shown) are marked.
 */
export function TranscriptView() {
  const { t } = useTranslation('editor');
  const { transcript, path, phase } = useEditor((s) => ({
    transcript: s.editor.doc?.transcript ?? null,
    path: s.editor.doc?.path ?? '',
    phase: s.editor.doc?.phase ?? 'loading',
  }));
  const highlight = useEditor((s) => s.editor.highlight);
  const listRef = useRef<HTMLOListElement>(null);
  const [raw, setRaw] = useState(false);
  const matchesByLine = useMemo(() => {
    const byLine = new Map<number, LineMatch[]>();
    const withBody = new Set((transcript?.messages ?? []).flatMap((m) => (m.body !== undefined ? [m.line] : [])));
    for (const m of highlight?.matches ?? []) {
      // Offsets into the body for messages that have one (unless raw), into the text otherwise.
      if ((m.part === 'body') !== (!raw && withBody.has(m.line))) continue;
      const list = byLine.get(m.line) ?? [];
      list.push(m);
      byLine.set(m.line, list);
    }
    return byLine;
  }, [highlight, transcript, raw]);

  const isHit = (m: TranscriptMessage) => !!highlight && m.line >= highlight.startLine && m.line <= highlight.endLine;

  useEffect(() => {
    if (!highlight || !transcript || !listRef.current) return;
    // A cited range is a whole chunk: land on the first message in it where the engine found a
    // matched word, else on the first message at or after the range start.
    const inRange = transcript.messages.filter((m) => m.line >= highlight.startLine && m.line <= highlight.endLine);
    const target =
      inRange.find((m) => matchesByLine.has(m.line)) ??
      transcript.messages.find((m) => m.line >= highlight.startLine) ??
      transcript.messages.at(-1);
    if (!target) return;
    const el = listRef.current.querySelector<HTMLElement>(`[data-line="${target.line}"]`);
    el?.scrollIntoView({ block: 'center' });
  }, [highlight, transcript, matchesByLine]);

  if (phase === 'loading' || !transcript) return <div className="transcript muted pad">{t('transcript.loading')}</div>;
  return (
    <div className="transcript" data-testid="transcript" data-path={path}>
      {transcript.malformedLines > 0 && (
        <div className="banner banner--info" data-testid="transcript-malformed" data-value={transcript.malformedLines}>
          {t('transcript.malformed', { count: transcript.malformedLines })}
        </div>
      )}
      {transcript.messages.some((m) => m.body !== undefined) && (
        <div className="transcript__bar">
          <label className="transcript__raw muted" title={t('transcript.rawTitle')}>
            <input
              type="checkbox"
              data-testid="transcript-raw"
              checked={raw}
              onChange={(e) => setRaw(e.target.checked)}
            />{' '}
            {t('transcript.raw')}
          </label>
        </div>
      )}
      <ol className="transcript__list" ref={listRef}>
        {rowsOf(transcript.messages, transcript.tools ?? []).map((row) =>
          row.kind === 'tool' ? (
            <ToolRow key={`tool-${row.tool.line}-${row.index}`} tool={row.tool} />
          ) : (
            <MessageRow
              key={row.message.line}
              m={row.message}
              raw={raw}
              hit={isHit(row.message)}
              matches={matchesByLine.get(row.message.line)}
            />
          ),
        )}
      </ol>
      {transcript.messages.length === 0 && <p className="muted pad">{t('transcript.empty')}</p>}
    </div>
  );
}

function MessageRow({
  m,
  raw,
  hit,
  matches,
}: {
  m: TranscriptMessage;
  raw: boolean;
  hit: boolean;
  matches: LineMatch[] | undefined;
}) {
  const { t, i18n } = useTranslation('editor');
  const showRaw = raw && m.body !== undefined;
  return (
    <li
      className={`message message--${m.role}${hit ? ' message--hit' : ''}`}
      data-testid="transcript-message"
      data-line={m.line}
      data-hit={hit || undefined}
    >
      <div className="message__meta">
        <span className="message__role">{m.role === 'user' ? t('transcript.user') : t('transcript.assistant')}</span>
        {m.sender && (
          <span className="message__sender" data-testid="message-sender" title={t('transcript.senderTitle')}>
            {m.sender}
          </span>
        )}
        {m.timestamp && <time dateTime={m.timestamp}>{formatDate(i18n.language, m.timestamp, 'datetime')}</time>}
        <span className="message__line" title={t('transcript.lineTitle')}>
          {t('transcript.line', { line: m.line })}
        </span>
      </div>
      <div className="message__text" data-testid="message-text">
        {showRaw ? (
          <RawText text={m.text} matches={matches} />
        ) : (
          <MessageMarkdown text={m.body ?? m.text} matches={matches} />
        )}
      </div>
      {m.truncatedFrom !== undefined && (
        <div className="message__cut muted" data-testid="transcript-message-cut">
          {t('transcript.cut', { shown: m.text.length, total: m.truncatedFrom })}
        </div>
      )}
    </li>
  );
}

/** The message as stored, envelope and all, with the matched words marked. */
function RawText({ text, matches }: { text: string; matches: readonly LineMatch[] | undefined }) {
  const parts: Array<{ text: string; mark: boolean }> = [];
  let last = 0;
  for (const m of [...(matches ?? [])].sort((a, b) => a.start - b.start)) {
    const start = Math.max(m.start, last);
    const end = Math.min(m.end, text.length);
    if (end <= start) continue;
    parts.push({ text: text.slice(last, start), mark: false }, { text: text.slice(start, end), mark: true });
    last = end;
  }
  parts.push({ text: text.slice(last), mark: false });
  return (
    <pre className="message__raw" data-testid="message-raw">
      {parts.map((p, i) =>
        p.mark ? (
          <mark key={i} data-testid="transcript-match">
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </pre>
  );
}

type TranscriptRow =
  { kind: 'message'; message: TranscriptMessage } | { kind: 'tool'; tool: TranscriptTool; index: number };

/** Messages and tool calls in file order; a call made by a message's record follows its text. */
function rowsOf(messages: readonly TranscriptMessage[], tools: readonly TranscriptTool[]): TranscriptRow[] {
  const rows: TranscriptRow[] = [];
  let t = 0;
  for (const message of messages) {
    while (t < tools.length && tools[t]!.line < message.line) rows.push({ kind: 'tool', tool: tools[t]!, index: t++ });
    rows.push({ kind: 'message', message });
    while (t < tools.length && tools[t]!.line === message.line)
      rows.push({ kind: 'tool', tool: tools[t]!, index: t++ });
  }
  while (t < tools.length) rows.push({ kind: 'tool', tool: tools[t]!, index: t++ });
  return rows;
}

/** A tool call as one collapsed row: its name and what it was asked; open for arguments and result. */
function ToolRow({ tool }: { tool: TranscriptTool }) {
  const { t } = useTranslation('editor');
  return (
    <li
      className={`tool-row${tool.isError ? ' tool-row--error' : ''}`}
      data-testid="transcript-tool"
      data-line={tool.line}
      data-tool={tool.name}
    >
      <details>
        <summary>
          <span className="tool-row__name">{tool.name}</span>
          <span className="tool-row__summary">{tool.summary}</span>
          <span className="message__line" title={t('transcript.lineTitle')}>
            {t('transcript.line', { line: tool.line })}
            {tool.resultLine !== null ? `–${tool.resultLine}` : ''}
          </span>
        </summary>
        <div className="tool-row__body">
          <div className="tool-row__label muted">{t('transcript.arguments')}</div>
          <pre data-testid="transcript-tool-args">{tool.args}</pre>
          <div className="tool-row__label muted">
            {tool.result === null
              ? t('transcript.noResult')
              : tool.isError
                ? t('transcript.error')
                : t('transcript.result')}
          </div>
          {tool.result !== null && <pre data-testid="transcript-tool-result">{tool.result}</pre>}
        </div>
      </details>
    </li>
  );
}
