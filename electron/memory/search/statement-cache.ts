// Prepared statements by SQL text, per connection: preparing one costs about as much as a small
// query, and the keyword side's SQL differs per search only in which filters apply. A connection's
// cache is dropped with the connection; one that grows past a few dozen texts starts over.
import type Database from 'better-sqlite3';

const MAX_CACHED = 64;
const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

export function cachedStatement<R = unknown>(db: Database.Database, sql: string): Database.Statement<Record<string, unknown>, R> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(sql, statement);
  }
  return statement as Database.Statement<Record<string, unknown>, R>;
}
