// What a person recognises a session by: its first user message, on one line, without the
// envelope OpenClaw wraps around inbound messages (`System: [time] Feishu[acct] DM | …`,
// `[Channel sender time]` headers, `[message_id: …]`, "Conversation info (untrusted metadata):"
// JSON blocks), by the same rule the transcript viewer shows the message with.
import type { TranscriptMessage } from '../../../shared/domain.js';
import { plainTitle } from '../../../shared/message-display.js';
import { displayedMessage } from './openclaw-envelope.js';
import { isHeartbeatPrompt, sessionAutomation } from './session-kind.js';

/** A sidebar row, not a paragraph. */
const TITLE_MAX_CHARS = 80;

const CRON_TAG = /^\[cron:[^\]]*\]\s*/;
const SUBAGENT_TAG = /^\[Subagent (?:Context|Task)\]\s*/i;

/** The first line of real text in a message: the transcript viewer's body (openclaw-envelope.ts), fences, task tags and Markdown off. */
export function titleLine(text: string): string {
  for (const raw of displayedMessage(text, 'user').body.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('```')) continue;
    const rest = plainTitle(line.replace(CRON_TAG, '').replace(SUBAGENT_TAG, ''));
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
