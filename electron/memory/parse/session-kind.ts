// Who started a transcript, read from its messages: OpenClaw's cron runs open with
// `[cron:<job id> <job name>] …`, heartbeat turns with its heartbeat prompt, sub-agents with their
// task context. A session whose every user turn is one of those is automated; one real message
// makes it a conversation (heartbeats also run inside the main session).
import type { SessionKind } from '../../../shared/session-kind.js';
import type { TranscriptMessage } from '../../../shared/domain.js';

export interface SessionAutomation {
  kind: SessionKind;
  /** Cron runs: the job's name as the envelope gives it (may be empty). */
  jobName?: string;
  jobId?: string;
}

const CRON_ENVELOPE = /^\s*\[cron:([^\s\]]+)(?:\s+([^\]\n]*))?\]/;
/** OpenClaw's default heartbeat prompt (2026.2 – 2026.4) and the monitor's wording (2026.9). */
const HEARTBEAT_PROMPT = /^\s*(?:Read HEARTBEAT\.md if it exists|Follow the heartbeat monitor scratch context)/;
const SUBAGENT_CONTEXT = /^\s*\[Subagent (?:Context|Task)\]/i;

export function isHeartbeatPrompt(text: string): boolean {
  return HEARTBEAT_PROMPT.test(text);
}

export function cronEnvelope(text: string): { jobId: string; jobName: string } | null {
  const match = CRON_ENVELOPE.exec(text);
  return match ? { jobId: match[1]!, jobName: (match[2] ?? '').trim() } : null;
}

export function sessionAutomation(messages: readonly Pick<TranscriptMessage, 'role' | 'text'>[]): SessionAutomation {
  const users = messages.filter((m) => m.role === 'user' && m.text.trim() !== '');
  if (users.length === 0) return { kind: 'conversation' };
  const first = users[0]!.text;
  const cron = cronEnvelope(first);
  if (cron && users.every((m) => cronEnvelope(m.text) || isHeartbeatPrompt(m.text)))
    return { kind: 'cron', jobId: cron.jobId, jobName: cron.jobName };
  if (users.every((m) => isHeartbeatPrompt(m.text))) return { kind: 'heartbeat' };
  if (SUBAGENT_CONTEXT.test(first)) return { kind: 'subagent' };
  return { kind: 'conversation' };
}
