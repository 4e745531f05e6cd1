// A value that changes whenever the index's contents may have: another connection's commit moves
// PRAGMA data_version, this connection's own writes move total_changes(). Caches kept beside an
// open index (term counts, chunk lengths) compare it with the one they were filled at.
import type Database from 'better-sqlite3';

interface KeyStatements {
  dataVersion: Database.Statement<[], number>;
  changes: Database.Statement<[], number>;
}

const statements = new WeakMap<Database.Database, KeyStatements>();

export function indexChangeKey(db: Database.Database): string {
  let s = statements.get(db);
  if (!s) {
    s = {
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      changes: db.prepare<[], number>('SELECT total_changes()').pluck(),
    };
    statements.set(db, s);
  }
  return `${s.dataVersion.get()}:${s.changes.get()}`;
}
