// OpenClaw session transcripts: one JSON record a line. Only user/assistant `message`
// records carry conversation; of their content only `text` parts. Each message becomes one output
// line, so every indexed line cites exactly one real JSONL line.
import type { TranscriptMessage } from '../../../shared/domain.js';
import { displayedMessage, stripEnvelopeMetadata } from './openclaw-envelope.js';

export interface ParsedSession {
  /**
   * What is indexed and snippeted: `User: …` / `Assistant: …`, OpenClaw's envelope metadata taken
   * off (parse/openclaw-envelope.ts), newlines inside a message collapsed to spaces.
   */
  lines: string[];
  /** 1-based JSONL line of each output line. */
  lineMap: number[];
  messages: TranscriptMessage[];
  /** Lines that are not JSON objects (blank lines are not counted). */
  malformed: number;
  /** Timestamp of the first record that has one (ISO), for the session's date. */
  firstTimestamp: string | null;
}

const ROLE_LABEL = { user: 'User', assistant: 'Assistant' } as const;

/**
 * Characters of one message that are shown and indexed. A long answer is 10–50k characters; a
 * message far beyond (a pasted 10 MB log) would cost the index thousands of chunks and the
 * transcript view its responsiveness, so only its start is kept and the cut is reported.
 */
export const MAX_MESSAGE_CHARS = 100_000;

export function parseSessionJsonl(text: string): ParsedSession {
  const result: ParsedSession = { lines: [], lineMap: [], messages: [], malformed: 0, firstTimestamp: null };
  const rawLines = text.split('\n');
  for (let i = 0; i < rawLines.length; i++) {
    const raw = rawLines[i]!.trim();
    if (raw === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(raw);
    } catch {
      result.malformed += 1;
      continue;
    }
    const read = readSessionRecord(record, i + 1);
    if (!read) {
      result.malformed += 1;
      continue;
    }
    if (result.firstTimestamp === null && read.timestamp !== null) result.firstTimestamp = read.timestamp;
    if (read.indexed !== null) {
      result.lines.push(read.indexed);
      result.lineMap.push(read.line);
    }
    if (read.message) result.messages.push(read.message);
  }
  return result;
}

/** What one record contributes: its indexed line (`User: …`), its message, its timestamp. */
export interface SessionRecordLine {
  /** 1-based line (or row) the record came from: what results cite. */
  line: number;
  indexed: string | null;
  message: TranscriptMessage | null;
  timestamp: string | null;
}

/**
 * One parsed record → its part of the transcript; null when it is not a JSON object (malformed).
 * Works on records from anywhere (a JSONL line, a database row), one at a time, so a caller can
 * stream a transcript of any length (sync/index-big-session.ts).
 */
export function readSessionRecord(record: unknown, line: number): SessionRecordLine | null {
  if (!isObject(record)) return null;
  const timestamp = recordTimestamp(record);
  const none: SessionRecordLine = { line, indexed: null, message: null, timestamp };
  if (record.type !== 'message' || !isObject(record.message)) return none;
  const role = record.message.role;
  if (role !== 'user' && role !== 'assistant') return none;
  const parts = textParts(record.message.content);
  const fullText = parts.join('\n\n').replace(/\r\n?/g, '\n').trim();
  const cut = fullText.length > MAX_MESSAGE_CHARS;
  const messageText = cut ? cutAt(fullText, MAX_MESSAGE_CHARS) : fullText;
  if (oneLine(cut ? messageText : parts.join(' ')) === '') return none;
  // The indexed text is what the viewer shows as the body (no envelope, no sender label); the
  // message keeps its text as stored.
  const message: TranscriptMessage = { line, role, text: messageText, timestamp };
  if (messageText !== fullText) message.truncatedFrom = fullText.length;
  const shown = displayedMessage(messageText, role);
  const indexed = stripEnvelopeMetadata(messageText, role) === '' ? '' : oneLine(shown.body);
  if (shown.body !== messageText) message.body = shown.body;
  if (shown.sender !== undefined) message.sender = shown.sender;
  return { line, indexed: indexed === '' ? null : `${ROLE_LABEL[role]}: ${indexed}`, message, timestamp };
}

/** The first `max` UTF-16 units of `text`, one fewer when that would split a surrogate pair. */
function cutAt(text: string, max: number): string {
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * String content, or the `text` parts of a parts array (thinking, toolCall, image are not
 * conversation). The transcript view shows them as written (headings and lists keep their line
 * breaks); the index folds each message into one line (oneLine).
 */
function textParts(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  const parts: string[] = [];
  if (Array.isArray(content)) {
    for (const part of content) {
      if (isObject(part) && part.type === 'text' && typeof part.text === 'string') parts.push(part.text);
    }
  }
  return parts;
}

/** The indexed form: one output line per message, so every indexed line cites one JSONL line. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** The record's ISO `timestamp`, else `message.timestamp` in epoch milliseconds. */
function recordTimestamp(record: Record<string, unknown>): string | null {
  const iso = record.timestamp;
  if (typeof iso === 'string' && !Number.isNaN(Date.parse(iso))) return new Date(Date.parse(iso)).toISOString();
  if (typeof iso === 'number' && Number.isFinite(iso)) return epochToIso(iso);
  const message = record.message;
  if (isObject(message)) {
    const ts = message.timestamp;
    if (typeof ts === 'number' && Number.isFinite(ts)) return epochToIso(ts);
    if (typeof ts === 'string' && !Number.isNaN(Date.parse(ts))) return new Date(Date.parse(ts)).toISOString();
  }
  return null;
}

function epochToIso(ms: number): string | null {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
