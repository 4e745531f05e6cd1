// The secrets the index masked, read back from the chunks' `secrets` column: one entry per value
// (overlapping chunks share lines, so the same value can sit in two chunks). Values are never
// stored, so none can come back from here.
import type Database from 'better-sqlite3';
import type { MemorySource } from '../../../shared/domain.js';
import type { ChunkSecret } from '../chunk/secret-lines.js';

export interface IndexedSecret extends ChunkSecret {
  path: string;
  source: MemorySource;
}

export function listIndexedSecrets(db: Database.Database): IndexedSecret[] {
  const rows = db
    .prepare('SELECT path, source, secrets FROM chunks WHERE secrets IS NOT NULL ORDER BY path, start_line')
    .all() as { path: string; source: MemorySource; secrets: string }[];
  const seen = new Set<string>();
  const out: IndexedSecret[] = [];
  for (const row of rows) {
    for (const secret of JSON.parse(row.secrets) as ChunkSecret[]) {
      const key = `${row.path}\0${secret.line}\0${secret.column}\0${secret.label}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ...secret, path: row.path, source: row.source });
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line || a.column - b.column);
}
