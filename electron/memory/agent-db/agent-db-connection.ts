// One read-only connection to an OpenClaw agent database. The gateway writes the same file
// concurrently in WAL mode, so: opened readonly + fileMustExist + query_only (we can never take
// a write lock), never `immutable` (the file does change under us), one short statement per read
// (no long read transaction that would pin the WAL and stall the gateway's checkpoints), and
// every statement checked against the table allow-list (agent-db-tables.ts). A WAL-mode file
// without `-wal` is read from a copy (idle-snapshot.ts), so nothing appears in OpenClaw's folder.
import Database from 'better-sqlite3';
import { idleSnapshotOf, type IdleSnapshot } from './idle-snapshot.js';
import { assertReadableSql, KNOWN_SCHEMA_VERSION, READABLE_COLUMNS, type ReadableTable } from './agent-db-tables.js';
import type { AgentDbNotice } from '../../../shared/agent-db-schemas.js';
import { messageOf } from '../../../shared/errors.js';

export interface AgentDbConnectionOptions {
  nativeBinding?: string;
  /** Called with every statement SQLite runs on this connection (tests prove what is read). */
  trace?: (sql: string) => void;
  /** How long one read waits for a lock the gateway holds before it is reported as locked. */
  busyTimeoutMs?: number;
}

/** Long enough to ride out a gateway commit, short enough that the app never hangs on a lock. */
const DEFAULT_BUSY_TIMEOUT_MS = 250;

export type OpenResult =
  { ok: true; connection: AgentDbConnection; notices: AgentDbNotice[] } | { ok: false; notice: AgentDbNotice };

export class AgentDbConnection {
  private readonly statements = new Map<string, Database.Statement>();
  private readonly columnCache = new Map<ReadableTable, Set<string>>();
  /** Copies read so far: a new copy (or the live file) must never look like "nothing changed". */
  private generation = 0;

  private constructor(
    readonly path: string,
    private db: Database.Database,
    private snapshot: IdleSnapshot | null,
    private readonly options: AgentDbConnectionOptions,
  ) {}

  static open(dbPath: string, options: AgentDbConnectionOptions = {}): OpenResult {
    let opened: { db: Database.Database; snapshot: IdleSnapshot | null };
    try {
      opened = openReadOnly(dbPath, options);
    } catch (error) {
      return { ok: false, notice: noticeFor(error, dbPath) };
    }
    const connection = new AgentDbConnection(dbPath, opened.db, opened.snapshot, options);
    try {
      return { ok: true, connection, notices: connection.schemaNotices() };
    } catch (error) {
      connection.close();
      return { ok: false, notice: noticeFor(error, dbPath) };
    }
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  /** Changes whenever another connection (the gateway) commits: the cheap "anything new?" probe. */
  dataVersion(): number {
    if (this.snapshot?.isStale()) this.reopen();
    return this.generation * 2 ** 32 + (this.db.pragma('data_version', { simple: true }) as number);
  }

  /** The allow-listed columns `table` has in this file (empty when the table does not exist). */
  columns(table: ReadableTable): Set<string> {
    let known = this.columnCache.get(table);
    if (!known) {
      const rows = this.all<{ name: string }>(`PRAGMA table_info(${table})`);
      const allowed = new Set<string>(READABLE_COLUMNS[table]);
      known = new Set(rows.map((r) => r.name).filter((name) => allowed.has(name)));
      this.columnCache.set(table, known);
    }
    return known;
  }

  has(table: ReadableTable, ...columns: string[]): boolean {
    const known = this.columns(table);
    return known.size > 0 && columns.every((c) => known.has(c));
  }

  close(): void {
    this.statements.clear();
    if (this.db.open) this.db.close();
    this.snapshot?.remove();
    this.snapshot = null;
  }

  /** The copy went stale: read a new copy, or the live file now that the gateway runs. */
  private reopen(): void {
    const next = openReadOnly(this.path, this.options);
    this.close();
    this.columnCache.clear();
    this.db = next.db;
    this.snapshot = next.snapshot;
    this.generation++;
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      assertReadableSql(sql);
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private schemaNotices(): AgentDbNotice[] {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    const notices: AgentDbNotice[] = [];
    if (version > KNOWN_SCHEMA_VERSION) {
      notices.push({
        code: 'newer-schema',
        path: this.path,
        version,
        known: KNOWN_SCHEMA_VERSION,
        message: `${this.path} was written by a newer OpenClaw (schema ${version}; Memory Lens knows ${KNOWN_SCHEMA_VERSION}). What it can read is shown; some of it may be missing.`,
      });
    } else if (version < KNOWN_SCHEMA_VERSION) {
      notices.push({
        code: 'migration-pending',
        path: this.path,
        version,
        known: KNOWN_SCHEMA_VERSION,
        message: `${this.path} is at schema ${version}, not ${KNOWN_SCHEMA_VERSION}: OpenClaw has not finished migrating it (run \`openclaw doctor --fix\` with the gateway stopped). What it can read is shown.`,
      });
    }
    if (
      !this.has('transcript_events', 'session_id', 'seq', 'created_at') &&
      !this.has('memory_index_sources', 'path', 'hash')
    ) {
      notices.push({
        code: 'not-an-agent-db',
        path: this.path,
        message: `${this.path} holds neither transcripts nor a memory index that Memory Lens can read.`,
      });
    }
    return notices;
  }
}

function openReadOnly(
  dbPath: string,
  options: AgentDbConnectionOptions,
): { db: Database.Database; snapshot: IdleSnapshot | null } {
  const snapshot = idleSnapshotOf(dbPath);
  try {
    const db = new Database(snapshot?.path ?? dbPath, {
      readonly: true,
      fileMustExist: true,
      timeout: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      ...(options.trace ? { verbose: (sql: unknown) => options.trace!(String(sql)) } : {}),
    });
    try {
      db.pragma('query_only = ON');
    } catch (error) {
      db.close();
      throw error;
    }
    return { db, snapshot };
  } catch (error) {
    snapshot?.remove();
    throw error;
  }
}

/** A SQLite failure as a notice a user can act on. */
export function noticeFor(error: unknown, dbPath: string): AgentDbNotice {
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return {
      code: 'locked',
      path: dbPath,
      message: `${dbPath} is locked by another program (the OpenClaw gateway, or a migration); its transcripts and index are read again when it is free.`,
    };
  }
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    return {
      code: 'corrupt',
      path: dbPath,
      detail: messageOf(error),
      message: `${dbPath} is damaged or not a SQLite database (${messageOf(error)}). Memory Lens does not touch it; \`openclaw doctor\` can check it.`,
    };
  }
  return {
    code: 'unreadable',
    path: dbPath,
    detail: messageOf(error),
    message: `${dbPath} could not be read (${messageOf(error)}).`,
  };
}
