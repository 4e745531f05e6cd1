// The `meta` key/value table: versions and the embedding identity the index was built with.
import type Database from 'better-sqlite3';
import { META_KEYS } from './schema.js';

export function readMeta(db: Database.Database): Map<string, string> {
  const rows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string | null }[];
  const meta = new Map<string, string>();
  for (const row of rows) if (row.value !== null) meta.set(row.key, row.value);
  return meta;
}

export function writeMeta(db: Database.Database, entries: Record<string, string | number | null>): void {
  const upsert = db.prepare(
    'INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  db.transaction(() => {
    for (const [key, value] of Object.entries(entries)) upsert.run(key, value === null ? null : String(value));
  })();
}

export function metaNumber(meta: Map<string, string>, key: string): number | null {
  const raw = meta.get(key);
  if (raw === undefined || raw === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** Adds to the embedding-cache hit/miss counters that status reports as a hit rate. */
export function addCacheCounters(db: Database.Database, hits: number, misses: number): void {
  if (hits === 0 && misses === 0) return;
  const bump = db.prepare(
    "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = CAST(COALESCE(value, '0') AS INTEGER) + CAST(excluded.value AS INTEGER)",
  );
  db.transaction(() => {
    bump.run(META_KEYS.cacheHits, String(hits));
    bump.run(META_KEYS.cacheMisses, String(misses));
  })();
}
