// Prepared statements by SQL text, for one connection: preparing one costs about as much as a
// small query, and the keyword side's SQL differs per search only in which filters apply. One that
// grows past a few dozen texts starts over.
import type Database from 'better-sqlite3';

const MAX_CACHED = 64;

export class StatementCache {
  private readonly bySql = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  /** `setup` runs before the first prepare (say, creating the TEMP table the SQL reads). */
  get<R = unknown>(sql: string, setup?: () => void): Database.Statement<Record<string, unknown>, R> {
    let statement = this.bySql.get(sql);
    if (!statement) {
      setup?.();
      statement = this.db.prepare(sql);
      if (this.bySql.size >= MAX_CACHED) this.bySql.clear();
      this.bySql.set(sql, statement);
    }
    return statement as Database.Statement<Record<string, unknown>, R>;
  }
}
