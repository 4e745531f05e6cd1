// Transcripts from an agent database, as the JSONL OpenClaw used to write: each event's
// `event_json` (or its zstd `event_zstd`) on line seq + 1, so a result cites a real event and the
// JSONL parser (parse/session-jsonl.ts) serves both. Archives (reset / deleted generations) are
// their stored JSONL, zstd or not. fzstd decodes zstd in plain JS: Node 20 has no zstd in zlib.
import { decompress } from 'fzstd';
import type { AgentDbSession } from '../../../shared/agent-db-schemas.js';
import type { AgentDbConnection } from './agent-db-connection.js';
import { sessionKindFromKey } from '../parse/session-key-kind.js';

/** One database session, without the shadowing flag (which the caller decides). */
export interface DbSessionRow {
  sessionId: string;
  /** null for a live session; the archive's generation otherwise. */
  generation: string | null;
  virtualName: string;
  sessionKey: string | null;
  channel: string | null;
  events: number;
  /** What the (size, mtime) fast path compares: grows with every appended event. */
  size: number;
  mtimeMs: number;
  archived: AgentDbSession['archived'];
}

/** Gaps in seq become blank lines (the parser skips them); past this many the file would be mostly blank. */
const MAX_SEQ_GAP_LINES = 100_000;

/** OpenClaw's session-key kind (parse/session-key-kind.ts: one rule for databases and sessions.json). */
export const sessionKind = sessionKindFromKey;

export function listDbSessions(db: AgentDbConnection): DbSessionRow[] {
  const out: DbSessionRow[] = [];
  if (db.has('transcript_events', 'session_id', 'seq', 'created_at', 'event_json')) {
    const bytes = db.has('transcript_events', 'event_utf8_bytes')
      ? 'coalesce(event_utf8_bytes, length(CAST(event_json AS BLOB)))'
      : 'length(CAST(event_json AS BLOB))';
    const rows = db.all<{ id: string; events: number; maxSeq: number; lastAt: number; bytes: number }>(
      `SELECT session_id AS id, count(*) AS events, max(seq) AS maxSeq, max(created_at) AS lastAt, sum(${bytes}) AS bytes FROM transcript_events GROUP BY session_id ORDER BY session_id`,
    );
    const windows = new Map<string, { key: string | null; channel: string | null }>();
    if (db.has('session_windows', 'session_id', 'session_key')) {
      const channel = db.has('session_windows', 'channel') ? 'channel' : 'NULL AS channel';
      for (const w of db.all<{ id: string; key: string; channel: string | null }>(
        `SELECT session_id AS id, session_key AS key, ${channel} FROM session_windows`,
      )) {
        windows.set(w.id, { key: w.key, channel: w.channel });
      }
    }
    for (const row of rows) {
      const w = windows.get(row.id);
      out.push({
        sessionId: row.id,
        generation: null,
        virtualName: `${row.id}.jsonl`,
        sessionKey: w?.key ?? null,
        channel: w?.channel ?? null,
        events: row.events,
        size: (row.bytes ?? 0) + row.maxSeq + 1,
        mtimeMs: row.lastAt,
        archived: null,
      });
    }
  }
  if (
    db.has(
      'session_transcript_archives',
      'session_id',
      'generation',
      'reason',
      'encoding',
      'archive_blob',
      'archive_name',
      'created_at',
    )
  ) {
    const rows = db.all<{
      id: string;
      generation: string;
      key: string | null;
      reason: string;
      name: string;
      createdAt: number;
      size: number;
    }>(
      'SELECT session_id AS id, generation, session_key AS key, reason, archive_name AS name, created_at AS createdAt, length(archive_blob) AS size FROM session_transcript_archives ORDER BY created_at, session_id',
    );
    for (const row of rows) {
      const name = archiveVirtualName(row.name);
      if (!name) continue;
      out.push({
        sessionId: row.id,
        generation: row.generation,
        virtualName: name,
        sessionKey: row.key,
        channel: null,
        events: 0,
        size: row.size,
        mtimeMs: row.createdAt,
        archived: row.reason === 'deleted' ? 'deleted' : 'reset',
      });
    }
  }
  return out;
}

/** `<id>.jsonl.reset.<stamp>[.zst]` → the name without the codec suffix; null for a name that could escape its folder. */
function archiveVirtualName(archiveName: string): string | null {
  if (archiveName.includes('/') || archiveName.includes('\\') || archiveName.startsWith('.')) return null;
  const name = archiveName.replace(/\.zst$/, '');
  return /\.jsonl\.(?:reset|deleted)\.[^/]+$/.test(name) ? name : null;
}

const utf8 = new TextDecoder('utf-8');

/** A live session as JSONL bytes: line seq + 1 holds event seq. */
export function readDbSession(db: AgentDbConnection, sessionId: string): Uint8Array | null {
  const zstd = db.has('transcript_events', 'event_zstd');
  const rows = db.all<{ seq: number; json: string | null; zstd: Uint8Array | null }>(
    `SELECT seq, event_json AS json, ${zstd ? 'event_zstd' : 'NULL'} AS zstd FROM transcript_events WHERE session_id = ? ORDER BY seq`,
    sessionId,
  );
  if (rows.length === 0) return null;
  const lines: string[] = [];
  const dense = rows.at(-1)!.seq - rows.length > MAX_SEQ_GAP_LINES || rows[0]!.seq < 0;
  for (const row of rows) {
    if (!dense) while (lines.length < row.seq) lines.push('');
    const text = row.json ?? (row.zstd ? utf8.decode(decompress(row.zstd)) : '');
    lines.push(text.replace(/\r?\n/g, ' '));
  }
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

/** An archived generation's JSONL. */
export function readDbArchive(db: AgentDbConnection, sessionId: string, generation: string): Uint8Array | null {
  const row = db.get<{ encoding: string; blob: Uint8Array }>(
    'SELECT encoding, archive_blob AS blob FROM session_transcript_archives WHERE session_id = ? AND generation = ?',
    sessionId,
    generation,
  );
  if (!row) return null;
  return row.encoding === 'zstd' ? decompress(row.blob) : new Uint8Array(row.blob);
}
