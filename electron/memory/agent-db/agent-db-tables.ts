// The only tables of OpenClaw's openclaw-agent.sqlite that Memory Lens may read, and the columns
// of each. The same file holds the user's model credentials (`auth_profile_*`) and other private
// state; every query the reader runs is checked against this list (agent-db-queries.ts), and a
// test plants a credential table and traces every statement to prove it is never touched.

export const READABLE_COLUMNS = {
  transcript_events: ['session_id', 'seq', 'event_json', 'event_zstd', 'event_utf8_bytes', 'created_at'],
  session_windows: ['session_id', 'session_key', 'created_at', 'updated_at', 'chat_type', 'channel', 'display_name'],
  session_transcript_archives: [
    'session_id',
    'generation',
    'session_key',
    'reason',
    'encoding',
    'archive_blob',
    'archive_name',
    'created_at',
  ],
  memory_index_sources: ['path', 'source', 'hash', 'mtime', 'size'],
  memory_index_chunks: ['id', 'path', 'source', 'start_line', 'end_line', 'hash', 'updated_at', 'model', 'embedding'],
  memory_index_chunk_recall_metadata: ['chunk_id', 'importance', 'triggers', 'project_key'],
  memory_index_chunk_provenance: ['chunk_id', 'origin_class', 'session_kind', 'observed_at'],
  memory_index_state: ['revision'],
} as const satisfies Record<string, readonly string[]>;

export type ReadableTable = keyof typeof READABLE_COLUMNS;

/** The schema OpenClaw 2026.9.6 migrates its agent database to (PRAGMA user_version). */
export const KNOWN_SCHEMA_VERSION = 23;

export function isReadableTable(name: string): name is ReadableTable {
  return Object.prototype.hasOwnProperty.call(READABLE_COLUMNS, name);
}

/**
 * Every table a statement names after FROM / JOIN / INTO / UPDATE or in a PRAGMA's argument. The
 * reader's statements are fixed strings (agent-db-queries.ts), so this lexical check is exact for
 * them; it refuses anything else rather than trying to understand arbitrary SQL.
 */
export function tablesNamedIn(sql: string): string[] {
  const names: string[] = [];
  const re = /\b(?:from|join|into|update)\s+["`[]?([A-Za-z_][\w]*)|\bpragma\s+\w+\s*\(\s*["']?([A-Za-z_]\w*)/gi;
  for (const match of sql.matchAll(re)) names.push((match[1] ?? match[2])!);
  return names;
}

/** Throws unless `sql` reads only allow-listed tables (and sqlite_schema, for what exists). */
export function assertReadableSql(sql: string): void {
  if (!/^\s*(select|pragma)\b/i.test(sql)) throw new Error(`agent database reader runs SELECT and PRAGMA only: ${sql}`);
  for (const name of tablesNamedIn(sql)) {
    if (name !== 'sqlite_schema' && !isReadableTable(name))
      throw new Error(`agent database table not on the read allow-list: ${name}`);
  }
}
