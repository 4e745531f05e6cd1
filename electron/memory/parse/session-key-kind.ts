// Who started a session, as OpenClaw records it: the session key (`agent:<id>:cron:<job>:run:<run>`,
// `agent:<id>:subagent:<uuid>`, `…:heartbeat`; session-key-utils' isCronSessionKey,
// isSubagentSessionKey, isHeartbeatSessionKey in 2026.9.6) and, for a legacy `sessions.json`, the
// entry's `spawnedBy` / `spawnDepth` / `subagentRole` that sessions_spawn writes for a child run.
import type { AgentDbSession } from '../../../shared/agent-db-schemas.js';
import type { SessionKind } from '../../../shared/session-kind.js';

export type RecordedSessionKind = AgentDbSession['kind'];

/** `agent:<id>:<rest>` → rest (parseAgentSessionKeyParts), lowercased; the key itself when it has no agent head. */
function keyRest(sessionKey: string): string {
  const key = sessionKey.trim().toLowerCase();
  if (!key.startsWith('agent:')) return key;
  const end = key.indexOf(':', 6);
  return end > 6 ? key.slice(end + 1) : key;
}

export function sessionKindFromKey(sessionKey: string | null): RecordedSessionKind {
  if (!sessionKey) return 'interactive';
  const rest = keyRest(sessionKey);
  // A sub-agent's key may nest (`subagent:<a>:subagent:<b>`), and one spawned by a cron run ends in it.
  if (rest.startsWith('subagent:') || /(^|:)subagent:/.test(rest)) return 'subagent';
  if (rest.startsWith('cron:')) return 'cron';
  if (rest.startsWith('heartbeat') || rest.endsWith(':heartbeat')) return 'heartbeat';
  return 'interactive';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One `sessions.json` entry: its key's kind, else a child run by the spawn fields. */
export function sessionKindFromStoreEntry(sessionKey: string, entry: Record<string, unknown>): RecordedSessionKind {
  const byKey = sessionKindFromKey(sessionKey);
  if (byKey !== 'interactive') return byKey;
  const spawned =
    (typeof entry.spawnedBy === 'string' && entry.spawnedBy.trim() !== '') ||
    (typeof entry.spawnDepth === 'number' && entry.spawnDepth > 0) ||
    typeof entry.subagentRole === 'string';
  return spawned ? 'subagent' : 'interactive';
}

/**
 * A legacy `sessions.json` (key → { sessionId, sessionFile?, … }) → the kind of each automated
 * transcript it names (cron, heartbeat, sub-agent), by file name. Anything not an entry is skipped.
 */
export function sessionStoreKinds(store: unknown): Map<string, SessionKind> {
  const kinds = new Map<string, SessionKind>();
  if (!isObject(store)) return kinds;
  for (const [key, entry] of Object.entries(store)) {
    if (!isObject(entry)) continue;
    // An interactive key (`agent:main:main`) also hosts heartbeat and cron turns: the messages decide there.
    const kind = sessionKindFromStoreEntry(key, entry);
    if (kind === 'interactive') continue;
    if (typeof entry.sessionId === 'string') kinds.set(`${entry.sessionId}.jsonl`, kind);
    if (typeof entry.sessionFile === 'string') kinds.set(entry.sessionFile.split(/[\\/]/).pop()!, kind);
  }
  return kinds;
}

/** The kind recorded for a transcript file (`<id>.jsonl`, or an archived `<id>.jsonl.reset.<ts>`). */
export function recordedKindOf(kinds: ReadonlyMap<string, SessionKind>, fileName: string): SessionKind | undefined {
  const live = /^(.*?\.jsonl)(?:\.(?:reset|deleted)\..*)?$/.exec(fileName)?.[1];
  return kinds.get(fileName) ?? (live ? kinds.get(live) : undefined);
}
