// A session transcript as a memory file, the way OpenClaw's session-memory hook writes one on
// /new or /reset (2026.9.6: bundled/session-memory/handler.js + capture): the last N user and
// assistant messages, slash commands and tool output left out, under
//   # Session: <YYYY-MM-DD> <HH:MM:SS> <IANA time zone>
//   - **Session Key** / **Session ID** / **Source**
//   ## Conversation Summary
// with each message as `role: "<text as a JSON string>"`. Where Memory Lens differs: the slug
// comes from the conversation's salient words instead of an LLM (salient-slug.ts), and the time is
// that of the last message kept, since the file is written after the fact. Pure.
import { isHeartbeatPrompt, sessionAutomation } from '../../memory/parse/session-kind.js';
import type { TranscriptMessage } from '../../../shared/domain.js';
import { MemoryLensError } from '../../../shared/errors.js';
import { salientSlug } from './salient-slug.js';
import { DEFAULT_SESSION_MESSAGES } from './session-memory-defaults.js';

export { DEFAULT_SESSION_MESSAGES };

export interface SessionMemoryInput {
  messages: readonly Pick<TranscriptMessage, 'role' | 'text' | 'timestamp'>[];
  sessionId: string;
  /** OpenClaw's session key (e.g. `agent:main:main`) when known. */
  sessionKey?: string | null;
  /** How many of the last messages to keep. */
  count?: number;
  /** IANA zone for the header and the file's date; default the host's. */
  timeZone?: string;
  /** Used when no kept message has a timestamp (e.g. the session's first record, or now). */
  fallbackTime: Date;
}

export interface SessionMemory {
  /** `YYYY-MM-DD` in the time zone. */
  date: string;
  slug: string;
  /** `memory/<date>-<slug>.md`; the writer adds -2, -3… when taken. */
  path: string;
  markdown: string;
  kept: number;
}

export function buildSessionMemory(input: SessionMemoryInput): SessionMemory {
  const count = input.count ?? DEFAULT_SESSION_MESSAGES;
  const automation = sessionAutomation(input.messages);
  // A scheduler's run has no channel; say which run it was rather than "unknown".
  const channel =
    detectChannel(input.messages) ??
    (automation.kind === 'cron'
      ? `cron job ${automation.jobName || automation.jobId}`
      : automation.kind === 'conversation'
        ? null
        : automation.kind);
  const cleaned = input.messages
    // Heartbeat prompts and their HEARTBEAT_OK are the scheduler talking to itself, not conversation.
    .filter((m) => !(m.role === 'user' && isHeartbeatPrompt(m.text)) && !SILENT_REPLY.test(m.text.trim()))
    .map((m) => ({ role: m.role, text: cleanMessageText(m.text), timestamp: m.timestamp }))
    // Slash commands (/new, /status …) are instructions to the gateway, not conversation.
    .filter((m) => m.text !== '' && !m.text.startsWith('/'));
  const kept = cleaned.slice(-count);
  if (kept.length === 0) {
    throw new MemoryLensError('INVALID_ARGUMENT', {
      messageId: automation.kind === 'heartbeat' ? 'errors:agent.onlyHeartbeats' : 'errors:agent.nothingToSave',
    });
  }
  const lastTimestamp = [...kept].reverse().find((m) => m.timestamp)?.timestamp ?? null;
  const when = lastTimestamp ? new Date(lastTimestamp) : input.fallbackTime;
  const timeZone = input.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const local = localParts(when, timeZone);
  const slug = salientSlug(kept) ?? `${local.time.slice(0, 2)}${local.time.slice(3, 5)}`;
  const lines = kept.map((m) => `${m.role}: ${jsonLine(m.text)}`);
  const markdown = [
    `# Session: ${local.date} ${local.time} ${timeZone}`,
    '',
    `- **Session Key**: ${input.sessionKey || 'unknown'}`,
    `- **Session ID**: ${input.sessionId || 'unknown'}`,
    `- **Source**: ${channel ?? 'unknown'}`,
    '',
    '## Conversation Summary',
    '',
    ...lines,
    '',
  ].join('\n');
  return { date: local.date, slug, path: `memory/${local.date}-${slug}.md`, markdown, kept: kept.length };
}

/** `<sessionId>.jsonl`, and its archives `<sessionId>.jsonl.reset.<time>`, name the session. */
export function sessionIdFromFileName(fileName: string): string {
  const at = fileName.indexOf('.jsonl');
  return at > 0 ? fileName.slice(0, at) : fileName;
}

/** JSON string, with the line separators JSON leaves raw escaped so the file stays one line per message. */
function jsonLine(text: string): string {
  return JSON.stringify(text).replace(
    /[\u0085\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const SILENT_REPLY = /^(?:HEARTBEAT_OK|NO_REPLY)$/;
const CHANNELS = [
  'WebChat',
  'WhatsApp',
  'Telegram',
  'Signal',
  'Slack',
  'Discord',
  'Google Chat',
  'iMessage',
  'Teams',
  'Matrix',
  'Zalo Personal',
  'Zalo',
  'Feishu',
  'BlueBubbles',
];
/** `System: [2026-06-12 09:05:09 GMT+8] Feishu[default] DM | text` (a gateway system line before the words). */
const SYSTEM_PREFIX = /^System(?: \(untrusted\))?: \[[^\]]+\]\s*/;
/** `Feishu[default] DM | ` or `Telegram DM | ` after the system prefix. */
const SYSTEM_CHANNEL_LABEL = /^([A-Za-z][A-Za-z ]*?)(?:\[[^\]]*\])?\s+(?:DM|group|channel)\b[^|\n]*\|\s*/;
/** `[Telegram Team Chat id:oc_g1 Fri 2026-06-12T01:05:09Z] Bob: text` (OpenClaw's channel envelope). */
const CHANNEL_ENVELOPE = new RegExp(`^\\[(${CHANNELS.join('|')}) [^\\]]*\\]\\s*`);
const MESSAGE_ID = /\[message_id:\s*[^\]]+\]\s*/gi;
/** Tool-call markup and role tags a model sometimes leaves in its text (OpenClaw's capture strips them too). */
const TOOL_MARKUP = /<(tool_call|tool_result|function_calls?)\b[^>]*>[\s\S]*?<\/\1>/gi;
const ROLE_TAGS = /<\/?(system|assistant|user)\b[^>]*>/gi;

/** The words of a message without the gateway's envelope around them; '' for NO_REPLY. */
export function cleanMessageText(text: string): string {
  let out = text.replace(TOOL_MARKUP, ' ').replace(ROLE_TAGS, ' ');
  if (SYSTEM_PREFIX.test(out)) {
    out = out.replace(SYSTEM_PREFIX, '');
    out = out.replace(SYSTEM_CHANNEL_LABEL, '');
  }
  out = out.replace(CHANNEL_ENVELOPE, '').replace(MESSAGE_ID, '').trim();
  out = out.replace(/\s*\bNO_REPLY\s*$/, '').trim();
  if (out === 'NO_REPLY' || out === '{"action":"NO_REPLY"}') return '';
  return out;
}

/** The chat channel the user wrote from, from the first envelope that names one ("feishu"). */
export function detectChannel(messages: readonly Pick<TranscriptMessage, 'role' | 'text'>[]): string | null {
  for (const m of messages) {
    if (m.role !== 'user') continue;
    const system = SYSTEM_PREFIX.exec(m.text);
    const label = system ? SYSTEM_CHANNEL_LABEL.exec(m.text.slice(system[0].length)) : null;
    const name = label?.[1] ?? CHANNEL_ENVELOPE.exec(m.text)?.[1];
    if (name) return name.trim().toLowerCase().replace(/\s+/g, '-');
  }
  return null;
}

function localParts(when: Date, timeZone: string): { date: string; time: string } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(when);
  } catch {
    throw new MemoryLensError('INVALID_ARGUMENT', {
      messageId: 'errors:agent.unknownTimeZone',
      params: { zone: timeZone },
    });
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}:${get('second')}`,
  };
}
