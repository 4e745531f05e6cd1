// Access counts and the replay log of agent searches, per workspace, in the activity file
// (agent-activity-db.ts). Keyed by the workspace's real path and, for counts, by the chunk's path
// and text hash — never by index rowids, which a rebuild renumbers.
//
// Bookkeeping must never break an agent's call: every write here reports a failure to `log` and
// returns; reads that fail return "nothing known".
import { type Log, logLine } from '../../../shared/log-line.js';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type {
  AgentCaller,
  AgentSearchEntry,
  AgentSearchList,
  AgentSearchSummary,
  SearchMode,
} from '../../../shared/domain.js';
import { MemoryLensError } from '../../../shared/errors.js';
import type { AccessStatsLookup, ChunkAccessStats } from '../../memory/engine-types.js';
import { isDiskFullError } from '../../memory/files/fs-errors.js';
import { dataDiskFullError } from '../../memory/files/sqlite-wal-open.js';
import { findSecrets } from '../../../shared/secrets.js';
import { maskDisplay, maskValuesIn } from '../display-secrets.js';
import { jsonEscaped, replaceInJsonText, type PurgeNeedle } from '../purge-text.js';
import { activityDbPathFor, openActivityDb } from './agent-activity-db.js';

/**
 * Searches kept per workspace. An agent searches a few dozen times a day; 1,000 covers weeks of
 * "what did it look up?" while the file stays a few MB (each entry holds its results and breakdowns).
 */
export const MAX_LOGGED_SEARCHES = 1000;

/** One chunk an agent was given (a search result) or read (lines of memory_get). */
export interface AccessedChunk {
  path: string;
  hash: string;
  startLine: number;
  endLine: number;
}

export interface StoredAccess {
  hash: string;
  startLine: number;
  endLine: number;
  count: number;
  lastAccessAt: number;
}

export type NewAgentSearch = Omit<AgentSearchEntry, 'id' | 'resultCount' | 'topPath'>;

export interface AgentActivityOptions {
  dataDir: string;
  nativeBinding?: string;
  /** Searches kept per workspace (tests lower it). */
  maxSearches?: number;
  /** Where bookkeeping failures go (stderr for the CLI and the MCP server). */
  log?: Log;
}

export class AgentActivityStore {
  private constructor(
    private readonly db: Database.Database | null,
    readonly maxSearches: number,
    private readonly log: Log,
  ) {}

  /** Opens the activity file; if it cannot be opened at all, activity is simply not kept (and logged). */
  static open(options: AgentActivityOptions): AgentActivityStore {
    const log = options.log ?? (() => undefined);
    const maxSearches = options.maxSearches ?? MAX_LOGGED_SEARCHES;
    try {
      const db = openActivityDb(activityDbPathFor(options.dataDir), {
        log,
        ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      });
      return new AgentActivityStore(db, maxSearches, log);
    } catch (error) {
      // A read-only data folder says so itself (memory/files/writable-folder.ts); anything else gets the context here.
      const readOnly = error instanceof MemoryLensError && error.details?.reason === 'read-only';
      log(logLine(readOnly ? 'log:background' : 'log:activity.notKept', error));
      return new AgentActivityStore(null, maxSearches, log);
    }
  }

  /** The activity of one workspace; the key is its real path, so a symlinked path shares it. */
  workspace(workspaceDir: string): WorkspaceActivity {
    return new WorkspaceActivity(this.db, workspaceKey(workspaceDir), this.maxSearches, this.log);
  }

  /**
   * Replaces a secret value in every logged search of every workspace (the query a person typed,
   * and what it got back), then vacuums so SQLite's free pages and WAL keep no copy. Returns the
   * entries rewritten and whether the vacuum ran (another process reading the file can hold it off).
   */
  purgeValue(needle: PurgeNeedle): { entries: number; vacuumed: boolean } {
    if (!this.db) return { entries: 0, vacuumed: true };
    const db = this.db;
    const rows = db
      .prepare(
        'SELECT id, query, entry FROM agent_searches WHERE instr(query, @v) > 0 OR instr(entry, @v) > 0 OR instr(entry, @e) > 0',
      )
      .all({ v: needle.value, e: jsonEscaped(needle.value) }) as { id: number; query: string; entry: string }[];
    const update = db.prepare('UPDATE agent_searches SET query = ?, entry = ? WHERE id = ?');
    db.transaction(() => {
      for (const row of rows)
        update.run(
          row.query.replaceAll(needle.value, needle.placeholder),
          replaceInJsonText(row.entry, needle) ?? row.entry,
          row.id,
        );
    })();
    try {
      db.exec('VACUUM');
      const [checkpoint] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      return { entries: rows.length, vacuumed: checkpoint?.busy === 0 };
    } catch (error) {
      this.log(logLine('log:activity.vacuum', failureOf(error)));
      return { entries: rows.length, vacuumed: false };
    }
  }

  close(): void {
    this.db?.close();
  }
}

/** Where one workspace's search log is, for a reader with a connection of its own (the doctor's worker). */
export interface SearchLogPlace {
  dbPath: string;
  key: string;
  /** Searches listed (as `listSearches()` lists them). */
  limit: number;
}

export class WorkspaceActivity {
  constructor(
    private readonly db: Database.Database | null,
    readonly key: string,
    private readonly maxSearches: number,
    private readonly log: Log,
  ) {}

  /** Null when no log is kept (the activity file could not be opened). */
  place(): SearchLogPlace | null {
    return this.db ? { dbPath: this.db.name, key: this.key, limit: this.maxSearches } : null;
  }

  private accessLookup: Database.Statement | undefined;

  /** For EngineOptions.accessStats: one query for a whole candidate list. */
  readonly accessStats: AccessStatsLookup = (chunks) => {
    const none: ChunkAccessStats = { count: 0, lastAccessAt: null };
    if (!this.db || chunks.length === 0) return chunks.map(() => none);
    try {
      // CROSS JOIN keeps this order: walk the keys, probe the primary key once per key (the
      // other order scans every counted chunk of the workspace for each key). Prepared once: every
      // search asks.
      this.accessLookup ??= this.db.prepare(
        `SELECT a.path, a.hash, a.count, a.last_at FROM json_each(?) k
         CROSS JOIN chunk_access a ON a.workspace = ? AND a.path = k.value ->> '$[0]' AND a.hash = k.value ->> '$[1]'`,
      );
      const rows = this.accessLookup.all(JSON.stringify(chunks.map((c) => [c.path, c.hash])), this.key) as {
        path: string;
        hash: string;
        count: number;
        last_at: number;
      }[];
      const byKey = new Map(rows.map((r) => [`${r.path}\u0000${r.hash}`, { count: r.count, lastAccessAt: r.last_at }]));
      return chunks.map((c) => byKey.get(`${c.path}\u0000${c.hash}`) ?? none);
    } catch (error) {
      this.log(logLine('log:activity.readCounts', failureOf(error)));
      return chunks.map(() => none);
    }
  };

  /** One access of each chunk (a chunk listed twice in one call still counts once). */
  recordAccess(chunks: readonly AccessedChunk[], at: number = Date.now()): void {
    if (!this.db || chunks.length === 0) return;
    const unique = new Map(chunks.map((c) => [`${c.path}\u0000${c.hash}`, c]));
    try {
      const upsert = this.db.prepare(
        `INSERT INTO chunk_access (workspace, path, hash, start_line, end_line, count, first_at, last_at)
         VALUES (?, ?, ?, ?, ?, 1, ?, ?)
         ON CONFLICT (workspace, path, hash) DO UPDATE SET
           count = count + 1, last_at = max(last_at, excluded.last_at),
           start_line = excluded.start_line, end_line = excluded.end_line`,
      );
      this.db.transaction(() => {
        for (const c of unique.values()) upsert.run(this.key, c.path, c.hash, c.startLine, c.endLine, at, at);
      })();
    } catch (error) {
      this.log(logLine('log:activity.recordAccess', failureOf(error)));
    }
  }

  /** Every counted chunk of one file (current or not), in line order. */
  fileAccess(filePath: string): StoredAccess[] {
    if (!this.db) return [];
    try {
      const rows = this.db
        .prepare(
          'SELECT hash, start_line, end_line, count, last_at FROM chunk_access WHERE workspace = ? AND path = ? ORDER BY start_line, end_line',
        )
        .all(this.key, filePath) as {
        hash: string;
        start_line: number;
        end_line: number;
        count: number;
        last_at: number;
      }[];
      return rows.map((r) => ({
        hash: r.hash,
        startLine: r.start_line,
        endLine: r.end_line,
        count: r.count,
        lastAccessAt: r.last_at,
      }));
    } catch (error) {
      this.log(logLine('log:activity.readCounts', failureOf(error)));
      return [];
    }
  }

  /**
   * Appends a search to the log and drops the oldest beyond the cap; returns its id (null if not
   * kept). The log is kept for good: a secret in the query is stored masked, wherever the entry
   * repeats it (the breakdown's FTS query holds the value without the words that mark it).
   */
  logSearch(unmasked: NewAgentSearch): number | null {
    if (!this.db) return null;
    const db = this.db;
    try {
      const search = maskValuesIn(maskDisplay(unmasked), findSecrets(unmasked.query));
      const entry = JSON.stringify({ options: search.options, response: search.response });
      return db.transaction(() => {
        const { lastInsertRowid } = db
          .prepare(
            `INSERT INTO agent_searches (workspace, at, caller_kind, caller_client, query, mode, result_count, top_path, entry)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            this.key,
            search.at,
            search.caller.kind,
            search.caller.client,
            search.query,
            search.mode,
            search.response.results.length,
            search.response.results[0]?.path ?? null,
            entry,
          );
        db.prepare(
          `DELETE FROM agent_searches WHERE workspace = ? AND id <= (
             SELECT id FROM agent_searches WHERE workspace = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
        ).run(this.key, this.key, this.maxSearches);
        return Number(lastInsertRowid);
      })();
    } catch (error) {
      this.log(logLine('log:activity.logSearch', failureOf(error)));
      return null;
    }
  }

  listSearches(limit: number = this.maxSearches): AgentSearchList {
    if (!this.db) return { entries: [], total: 0, cap: this.maxSearches };
    const rows = this.db
      .prepare(
        'SELECT id, at, caller_kind, caller_client, query, mode, result_count, top_path FROM agent_searches WHERE workspace = ? ORDER BY id DESC LIMIT ?',
      )
      .all(this.key, limit) as SummaryRow[];
    const total = (
      this.db.prepare('SELECT count(*) AS n FROM agent_searches WHERE workspace = ?').get(this.key) as { n: number }
    ).n;
    return { entries: rows.map(toSummary), total, cap: this.maxSearches };
  }

  getSearch(id: number): AgentSearchEntry | null {
    if (!this.db) return null;
    const row = this.db
      .prepare(
        'SELECT id, at, caller_kind, caller_client, query, mode, result_count, top_path, entry FROM agent_searches WHERE workspace = ? AND id = ?',
      )
      .get(this.key, id) as (SummaryRow & { entry: string }) | undefined;
    if (!row) return null;
    const { options, response } = JSON.parse(row.entry) as Pick<AgentSearchEntry, 'options' | 'response'>;
    return { ...toSummary(row), options, response };
  }
}

interface SummaryRow {
  id: number;
  at: number;
  caller_kind: AgentCaller['kind'];
  caller_client: string | null;
  query: string;
  mode: SearchMode;
  result_count: number;
  top_path: string | null;
}

function toSummary(row: SummaryRow): AgentSearchSummary {
  return {
    id: row.id,
    at: row.at,
    caller: { kind: row.caller_kind, client: row.caller_client },
    query: row.query,
    mode: row.mode,
    resultCount: row.result_count,
    topPath: row.top_path,
  };
}

/** A full data disk is named as such (writes resume by themselves once there is space). */
function failureOf(error: unknown): unknown {
  return isDiskFullError(error) ? dataDiskFullError('agent-activity.sqlite', error) : error;
}

function workspaceKey(workspaceDir: string): string {
  try {
    return fs.realpathSync.native(workspaceDir);
  } catch {
    return path.resolve(workspaceDir);
  }
}
