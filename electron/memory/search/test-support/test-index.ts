// Test support (imported only by *.test.ts): a real SQLite index with H2's schema, filled directly
// so the search modules can be tested without the sync pipeline.
import Database from 'better-sqlite3';
import type { FileDate, FileKind, MemorySource } from '../../../../shared/domain.js';
import { sha256 } from '../../text/hash.js';
import { createBaseSchema } from '../../index/schema.js';
import { segmentForIndex } from '../../text/segment.js';
import { IndexSession } from '../sqlite/index-session.js';
import type { SearchContext, SearchFileMeta } from '../run/run-search.js';
import { modeReasons } from '../../../../shared/mode-reasons.js';

export interface TestDoc {
  path: string;
  text: string;
  source?: MemorySource;
  kind?: FileKind;
  date?: FileDate | null;
  startLine?: number;
  endLine?: number;
}

export function isoDay(date: string, granularity: FileDate['granularity'] = 'day'): FileDate {
  return { date, epochMs: Date.parse(`${date}T00:00:00Z`), granularity, source: 'path' };
}

export function buildTestIndex(docs: TestDoc[]): {
  db: Database.Database;
  session: IndexSession;
  meta: Map<string, SearchFileMeta>;
  rowids: Map<string, number>;
} {
  const db = new Database(':memory:');
  createBaseSchema(db);
  const meta = new Map<string, SearchFileMeta>();
  const rowids = new Map<string, number>();
  const insertChunk = db.prepare(
    'INSERT INTO chunks (id, path, source, start_line, end_line, hash, text, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0)',
  );
  const insertFts = db.prepare('INSERT INTO chunks_fts (rowid, text_seg) VALUES (?, ?)');
  const insertFile = db.prepare(
    `INSERT OR IGNORE INTO files (path, source, abs_path, mtime_ms, size, kind, date, date_source, date_epoch_ms, index_state, chunk_count, metadata, indexed_at)
     VALUES (?, ?, ?, 0, 0, ?, ?, ?, ?, 'indexed', 1, '{}', 0)`,
  );
  docs.forEach((doc, i) => {
    const source = doc.source ?? (doc.path.endsWith('.jsonl') ? 'sessions' : 'memory');
    const kind = doc.kind ?? (doc.date ? 'dated' : 'evergreen');
    const date = doc.date ?? null;
    const startLine = doc.startLine ?? 1;
    const endLine = doc.endLine ?? startLine + doc.text.split('\n').length - 1;
    // The content hash, as the writer stores it: identical texts are identical chunks (folded in results).
    const info = insertChunk.run(
      `${doc.path}:${startLine}:${i}`,
      doc.path,
      source,
      startLine,
      endLine,
      sha256(doc.text),
      doc.text,
    );
    const rowid = Number(info.lastInsertRowid);
    insertFts.run(rowid, segmentForIndex(doc.text));
    insertFile.run(
      doc.path,
      source,
      `/ws/${doc.path}`,
      kind,
      date?.date ?? null,
      date?.source ?? null,
      date?.epochMs ?? null,
    );
    meta.set(doc.path, { kind, date, source });
    rowids.set(`${doc.path}:${startLine}`, rowid);
  });
  return { db, session: new IndexSession(db), meta, rowids };
}

export function keywordOnlyContext(session: IndexSession, meta: Map<string, SearchFileMeta>): SearchContext {
  return {
    session,
    fileMeta: (path) => meta.get(path) ?? null,
    embedder: null,
    vectorBackend: 'none',
    mode: 'fts-only',
    modeReason: modeReasons.noModel(),
    provider: 'none',
    model: '',
  };
}
