// What kind of run left a transcript: a person's conversation, or one the scheduler started (a
// cron job, a heartbeat turn, a sub-agent). Automated runs are many and alike, so the sidebar,
// the timeline and search keep them apart from the conversations.
import { z } from 'zod';

export const SessionKindSchema = z.enum(['conversation', 'cron', 'heartbeat', 'subagent']);
export type SessionKind = z.output<typeof SessionKindSchema>;

export function isAutomatedKind(kind: SessionKind | undefined): boolean {
  return kind !== undefined && kind !== 'conversation';
}

/** How a group of automated sessions is named in lists. */
export const SESSION_KIND_LABELS: Record<Exclude<SessionKind, 'conversation'>, string> = {
  cron: 'Cron job',
  heartbeat: 'Heartbeat',
  subagent: 'Sub-agent',
};
