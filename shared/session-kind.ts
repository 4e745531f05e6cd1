// What kind of run left a transcript: a person's conversation, or one the scheduler started (a
// cron job, a heartbeat turn, a sub-agent). Automated runs are many and alike, so the sidebar,
// the timeline and search keep them apart from the conversations.
// Plain values, so a search loads no zod; contract-schemas.ts builds the schemas from them.

export const SESSION_KINDS = ['conversation', 'cron', 'heartbeat', 'subagent'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** The kinds the scheduler starts: hidden together when a search hides automated runs. */
export const AUTOMATED_KINDS: readonly SessionKind[] = SESSION_KINDS.filter((k) => k !== 'conversation');

export function isAutomatedKind(kind: SessionKind | null | undefined): boolean {
  return kind !== undefined && kind !== null && AUTOMATED_KINDS.includes(kind);
}

/** Automated runs in a search: kept among the candidates (default), or left out before they are cut. */
export const AUTOMATED_RUNS = ['include', 'hide'] as const;

/** How a group of automated sessions is named in lists. */
export const SESSION_KIND_LABELS: Record<Exclude<SessionKind, 'conversation'>, string> = {
  cron: 'Cron job',
  heartbeat: 'Heartbeat',
  subagent: 'Sub-agent',
};
