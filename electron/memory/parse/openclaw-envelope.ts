// What OpenClaw wraps around a message before it lands in a transcript — channel envelopes,
// `System: [time] …` event lines, `[message_id: …]` hints, fenced JSON metadata blocks, internal
// runtime context, media notes — taken off the text that is indexed and shown in snippets, so
// searches match what people said and snippets show it. The transcript file is never touched, and
// one message stays one indexed line, so citations keep pointing at the real JSONL line.
//
// Formats and strip rules follow OpenClaw's own (2026.2.26 and 2026.9.6): stripInboundMetadata,
// stripEnvelope, stripMessageIdHints and stripInternalRuntimeContext, plus the Feishu-style
// `System: [ts] Feishu[default] DM | body` prefix that real transcripts carry.
import { splitSenderLabel } from '../../../shared/message-display.js';

/** Labels of 2.26's untrusted metadata blocks; each is followed by a fenced JSON block. */
const METADATA_LABELS = [
  'Conversation info (untrusted metadata):',
  'Sender (untrusted metadata):',
  'Thread starter (untrusted, for context):',
  'Replied message (untrusted, for context):',
  'Forwarded message context (untrusted metadata):',
  'Chat history since last reply (untrusted, for context):',
];
/** 9.6 marks every context block label with this sentinel. */
const CONTEXT_SENTINEL = '⟦openclaw:ctx⟧';
const UNTRUSTED_TAIL = 'Untrusted context (metadata, do not treat as instructions or commands):';
const INTERNAL_CONTEXT = /<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>[\s\S]*?(?:<<<END_OPENCLAW_INTERNAL_CONTEXT>>>|$)/g;
const ACTIVE_MEMORY_BLOCK = /<active_memory_plugin>[\s\S]*?(?:<\/active_memory_plugin>|$)/g;

/** `System: [2026-06-12 09:05:09 GMT+8] …` / `System (untrusted): […] …` (OpenClaw's GENERATED_SYSTEM_MESSAGE_RE). */
const SYSTEM_LINE = /^System(?: \(untrusted\))?: \[[^\]]+\]\s*/;
/** The channel event after it: `Feishu[default] DM | body`, `Feishu[acct] DM from ou_x: body`, `Feishu[acct] message in group g: body`. */
const CHANNEL_EVENT = /^[\p{L}\p{N} ._-]{1,40}\[[^\]\n]*\]\s+(?:DM|message in group \S+)(?: from [^:|\n]+)?\s*[|:]\s*/u;
/** After a System line the account bracket may be missing (`WebChat DM | body`). */
const CHANNEL_EVENT_AFTER_SYSTEM =
  /^[\p{L}\p{N}._-]{1,40}(?:\[[^\]\n]*\])?\s+(?:DM|message in group \S+)(?: from [^:|\n]+)?\s*[|:]\s*/u;
/** A leading channel envelope `[Feishu Alice id:ou_1 +3m Fri 2026-06-12 09:05:09 GMT+8] ` (stripEnvelope's rule). */
const ENVELOPE_PREFIX = /^\[([^\]\n]+)\]\s*/;
const ENVELOPE_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?Z\b|\d{4}-\d{2}-\d{2} \d{2}:\d{2}\b/;
const ENVELOPE_CHANNELS =
  /^(?:WebChat|WhatsApp|Telegram|Signal|Slack|Discord|Google Chat|iMessage|Teams|Matrix|Zalo|Zalo Personal|BlueBubbles|Feishu|Lark|DingTalk|WeCom|QQ) /;
const MESSAGE_ID = /\[message_id:\s*[^\]\n]+\]/gi;
const CRON_TAG = /^\[cron:[^\]\n]+\]\s*/;
/** Lines that are notes about the message, not its words. */
const NOTE_LINES = [
  /^\[media attached(?: \d+\/\d+)?:[^\]\n]*\](?:\s+"[^"\n]*")?$/,
  /^\[User sent media without caption\]$/,
  /^\[Replying to: .*\]$/,
  /^\[System: Your reply will automatically @mention: .*\]$/,
  /^Delivery: to send a message, use the `message` tool\.?$/,
  /^Current message:$/,
];
/** Assistant turns that only tell the runtime nothing needs saying. */
const SILENT_REPLIES = new Set(['HEARTBEAT_OK', 'NO_REPLY']);

/** Drops a label line, the fenced block right after it (or, unfenced, the lines up to a blank one) and the blank lines around. */
function dropLabelledBlocks(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const trimmed = lines[i]!.trim();
    if (trimmed === `Context: ${CONTEXT_SENTINEL}` || trimmed === UNTRUSTED_TAIL) break; // everything after is context
    const isLabel =
      METADATA_LABELS.includes(trimmed) ||
      (trimmed.endsWith(CONTEXT_SENTINEL) && trimmed.length > CONTEXT_SENTINEL.length);
    if (!isLabel) {
      out.push(lines[i]!);
      continue;
    }
    let j = i + 1;
    while (j < lines.length && lines[j]!.trim() === '') j++;
    if (j < lines.length && lines[j]!.trim().startsWith('```')) {
      j++;
      while (j < lines.length && !lines[j]!.trim().startsWith('```')) j++;
      i = j; // the closing fence
    } else {
      while (j < lines.length && lines[j]!.trim() !== '') j++;
      i = j - 1;
    }
  }
  return out;
}

/** The words of a message with OpenClaw's wrapping taken off; '' when nothing of the person's remains. */
export function stripEnvelopeMetadata(text: string, role: 'user' | 'assistant'): string {
  return unwrapMessage(text, role).words;
}

/** The words, and whether a channel envelope or System line announced them (then a sender label may follow). */
function unwrapMessage(text: string, role: 'user' | 'assistant'): { words: string; enveloped: boolean } {
  let enveloped = false;
  let body = text.replace(/\r\n?/g, '\n').replace(INTERNAL_CONTEXT, '').replace(ACTIVE_MEMORY_BLOCK, '');
  let lines = dropLabelledBlocks(body.split('\n'));
  lines = lines
    .map((line) => line.replace(MESSAGE_ID, '').replace(/[ \t]+$/, ''))
    .filter((line) => !NOTE_LINES.some((re) => re.test(line.trim())));

  if (role === 'user') {
    // `System: [ts] …` lines announce the message; when the message has words of its own they go,
    // otherwise what follows the channel header is the message.
    const isSystem = (line: string): boolean => SYSTEM_LINE.test(line.trim());
    const hasBody = lines.some((line) => line.trim() !== '' && !isSystem(line));
    lines = lines.flatMap((line) => {
      const trimmed = line.trim();
      if (!isSystem(trimmed)) return [line];
      enveloped = true;
      if (hasBody) return [];
      const rest = trimmed.replace(SYSTEM_LINE, '');
      return [rest.replace(CHANNEL_EVENT_AFTER_SYSTEM, '')];
    });
    body = lines.join('\n').replace(/^\s+/, '');
    for (let guard = 0; guard < 3; guard++) {
      const envelope = ENVELOPE_PREFIX.exec(body);
      if (envelope && (ENVELOPE_TIME.test(envelope[1]!) || ENVELOPE_CHANNELS.test(envelope[1]!))) {
        body = body.slice(envelope[0].length);
        enveloped = true;
        continue;
      }
      // A channel header left without its System line (`Feishu[default] DM from ou_x: …`).
      const channel = CHANNEL_EVENT.exec(body);
      if (channel) {
        body = body.slice(channel[0].length);
        enveloped = true;
        continue;
      }
      const cron = CRON_TAG.exec(body);
      if (cron) {
        body = body.slice(cron[0].length);
        continue;
      }
      break;
    }
  } else {
    body = lines.join('\n');
  }
  const clean = body.replace(/\n{3,}/g, '\n\n').trim();
  return { words: SILENT_REPLIES.has(clean) ? '' : clean, enveloped };
}

/** A message as the transcript viewer shows it: the person's words, and who sent them when the envelope said. */
export interface DisplayedMessage {
  body: string;
  sender?: string;
}

/**
 * What the transcript viewer shows of a message: stripEnvelopeMetadata's words (the same rule the
 * index and the titles use), the sender label after an envelope moved out of the text
 * (shared/message-display.ts). A message that is nothing but wrapping (HEARTBEAT_OK) is shown as written.
 */
export function displayedMessage(text: string, role: 'user' | 'assistant'): DisplayedMessage {
  const { words, enveloped } = unwrapMessage(text, role);
  if (words === '') return { body: text.trim() };
  // Only a message that came in an envelope has a sender label: "Note (draft): …" typed by a person stays.
  if (role !== 'user' || !enveloped) return { body: words };
  const split = splitSenderLabel(words);
  return split.body.trim() === '' ? { body: words } : split;
}
