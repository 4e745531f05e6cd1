// What a person recognises a session by: its first user message, on one line, without the
// envelope OpenClaw wraps around inbound messages (`System: [time] Feishu[acct] DM | …`,
// `[Channel sender time]` headers, `[message_id: …]`, "Conversation info (untrusted metadata):"
// JSON blocks — formats in notes/openclaw-research.md §D). Only the title is cleaned; the
// transcript and the index keep the text as written.
import type { TranscriptMessage } from '../../../shared/domain.js';
import { isHeartbeatPrompt, sessionAutomation } from './session-kind.js';

/** A sidebar row, not a paragraph. */
const TITLE_MAX_CHARS = 80;

const METADATA_LABEL = /^(Conversation info|Sender|Thread starter|Replied message|Forwarded message context|Chat history since last reply|Untrusted context)\b[^:\n]*:\s*(⟦openclaw:ctx⟧)?\s*$/;
const SYSTEM_PREFIX = /^System(?: \(untrusted\))?: \[[^\]]+\]\s*/;
const CHANNEL_PREFIX = /^[\w.-]+(?:\[[^\]]*\])? (?:DM|message in group \S+)(?: from [^:|]+)?\s*[:|]\s*/;
const ENVELOPE_HEADER = /^\[[^\]]*(?:\d{4}-\d{2}-\d{2}|GMT|UTC)[^\]]*\]\s*/;
const MESSAGE_ID = /\[message_id:[^\]]*\]\s*/g;
/** Who spoke, as a Feishu/Lark DM body starts: `用户248287 (ou_e40c…): `. */
const SENDER_LABEL = /^[^\s:：()（）]{1,40} [(（](?:ou|on|oc|u)_[0-9A-Za-z_-]{4,}[)）]\s*[:：]\s*/;
const CRON_TAG = /^\[cron:[^\]]*\]\s*/;
const SUBAGENT_TAG = /^\[Subagent (?:Context|Task)\]\s*/i;

/** The first line of real text in a message, envelope removed. */
export function titleLine(text: string): string {
  let inFence = false;
  let skipFence = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('```')) {
      inFence = !inFence;
      if (!inFence) skipFence = false;
      continue;
    }
    if (inFence) {
      if (skipFence) continue;
    }
    if (METADATA_LABEL.test(line)) {
      skipFence = true;
      continue;
    }
    let rest = line.replace(SYSTEM_PREFIX, '');
    rest = rest.replace(CHANNEL_PREFIX, '');
    while (ENVELOPE_HEADER.test(rest)) rest = rest.replace(ENVELOPE_HEADER, '');
    rest = rest.replace(SENDER_LABEL, '').replace(CRON_TAG, '').replace(SUBAGENT_TAG, '');
    rest = rest.replace(MESSAGE_ID, '').trim();
    if (rest) return rest;
  }
  return '';
}

/**
 * A cron run by its job's name, a heartbeat as "Heartbeat" (the sidebar adds the time); anything
 * else by its first real user message (else the first message), cleaned, on one line, cut at a word.
 */
export function sessionTitle(messages: readonly TranscriptMessage[]): string | null {
  const automation = sessionAutomation(messages);
  if (automation.kind === 'cron') return automation.jobName || `Cron job ${automation.jobId?.slice(0, 8) ?? ''}`.trim();
  if (automation.kind === 'heartbeat') return 'Heartbeat';
  const users = messages.filter((m) => m.role === 'user' && !isHeartbeatPrompt(m.text));
  const ordered = [...users, ...messages.filter((m) => m.role !== 'user')];
  for (const message of ordered) {
    const text = titleLine(message.text).replace(/\s+/g, ' ');
    if (!text) continue;
    if (text.length <= TITLE_MAX_CHARS) return text;
    const cut = text.slice(0, TITLE_MAX_CHARS - 1);
    const space = cut.lastIndexOf(' ');
    return `${space > TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : cut}…`;
  }
  return null;
}
