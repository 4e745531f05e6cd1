import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { afterEach, describe, expect, it } from 'vitest';
import { localText, translator } from '../../../shared/i18n.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';
import { openIndexDb } from './index-db.js';
import type { ExpectedIndexMeta, IndexDb } from './index-db.js';
import { readMeta, writeMeta } from './meta.js';
import { META_KEYS, SCHEMA_VERSION, hasTable } from './schema.js';

const keywordOnly: ExpectedIndexMeta = { schemaVersion: SCHEMA_VERSION, chunkerVersion: 1, embedding: null };
const withModel = (model: string, dims = 4): ExpectedIndexMeta => ({
  ...keywordOnly,
  embedding: { provider: 'transformers', model, providerKey: 'k', dims },
});

const opened: IndexDb[] = [];
function open(dbPath: string, expected: ExpectedIndexMeta = keywordOnly): IndexDb {
  const index = openIndexDb(dbPath, { expected });
  opened.push(index);
  return index;
}
afterEach(() => {
  for (const index of opened.splice(0)) index.close();
});

function tempDbPath(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ml-index-')), 'index.sqlite');
}

describe('openIndexDb', () => {
  it('creates the schema in WAL mode with sqlite-vec loaded', () => {
    const dbPath = tempDbPath();
    const index = open(dbPath);
    expect(index.created).toBe(true);
    expect(index.staleReason).toBeNull();
    expect(index.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(index.db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(index.vectorBackend).toBe('sqlite-vec');
    for (const table of ['meta', 'files', 'chunks', 'chunks_fts', 'embedding_cache'])
      expect(hasTable(index.db, table)).toBe(true);
    expect(hasTable(index.db, 'chunks_vec')).toBe(false);
    expect(readMeta(index.db).get(META_KEYS.schemaVersion)).toBe(String(SCHEMA_VERSION));
  });

  it('creates a cosine vec0 table once dimensions are known, keyed by BigInt rowids', () => {
    const index = open(tempDbPath(), withModel('m', 3));
    expect(index.embedding).toEqual({ provider: 'transformers', model: 'm', providerKey: 'k', dims: 3 });
    index.db.prepare('INSERT INTO chunks_vec(rowid, embedding) VALUES (?, ?)').run(7n, new Float32Array([1, 0, 0]));
    const hit = index.db
      .prepare('SELECT rowid, distance FROM chunks_vec WHERE embedding MATCH ? AND k = 1')
      .get(new Float32Array([0.5, 0, 0])) as {
      rowid: number;
      distance: number;
    };
    expect(hit.rowid).toBe(7);
    expect(hit.distance).toBeCloseTo(0, 6);
  });

  it('reopens a matching index without marking it stale', () => {
    const dbPath = tempDbPath();
    open(dbPath, withModel('m')).close();
    const again = open(dbPath, withModel('m'));
    expect(again.created).toBe(false);
    expect(again.staleReason).toBeNull();
    expect(again.quarantined).toBeNull();
  });

  it('marks an index from an older schema version as stale', () => {
    const dbPath = tempDbPath();
    const first = open(dbPath);
    writeMeta(first.db, { [META_KEYS.schemaVersion]: SCHEMA_VERSION - 1 });
    first.close();
    expect(open(dbPath).staleReason?.message).toMatch(/schema version/);
  });

  it('marks a chunker or model change as stale, but not a keyword-only open of an embedded index', () => {
    const dbPath = tempDbPath();
    open(dbPath, withModel('a')).close();
    expect(open(dbPath, withModel('b')).staleReason?.message).toMatch(/model changed from a to b/);
    expect(open(dbPath, withModel('a', 8)).staleReason?.message).toMatch(/dimensions changed/);
    expect(open(dbPath, { ...withModel('a'), chunkerVersion: 2 }).staleReason?.message).toMatch(/chunker version/);
    expect(open(dbPath, { ...withModel('a'), chunking: { tokens: 200, overlap: 40 } }).staleReason?.message).toMatch(
      /chunk size changed from 400\/80 to 200\/40/,
    );
    expect(open(dbPath, { ...withModel('a'), chunking: { tokens: 400, overlap: 80 } }).staleReason).toBeNull();
    expect(open(dbPath, keywordOnly).staleReason).toBeNull();
  });

  it("words why an index must be rebuilt in a Chinese interface's language, by id beside its English", () => {
    const zh = translator('zh-CN');
    const dbPath = tempDbPath();
    open(dbPath, withModel('a')).close();
    const reasons = [
      open(dbPath, withModel('b')).staleReason!,
      open(dbPath, withModel('a', 8)).staleReason!,
      open(dbPath, { ...withModel('a'), chunkerVersion: 2 }).staleReason!,
      open(dbPath, { ...withModel('a'), chunking: { tokens: 200, overlap: 40 } }).staleReason!,
    ];
    expect(reasons.map((r) => localText(zh, r))).toEqual([
      '向量模型从 a 换成了 b',
      '向量维度从 4 变为 8',
      '索引的分块器版本 1 与本版本的 2 不同',
      '分块大小从 400/80 改为 200/40 个词元（大小/重叠）',
    ]);
    const first = open(dbPath, withModel('a'));
    writeMeta(first.db, { [META_KEYS.schemaVersion]: SCHEMA_VERSION + 3 });
    first.close();
    const newer = open(dbPath, withModel('a')).staleReason!;
    expect(newer.message).toMatch(/written by a newer Memory Lens/);
    expect(englishLeft(localText(zh, newer))).toEqual([]);
    expect(localText(zh, newer)).toContain(`架构版本 ${SCHEMA_VERSION + 3}`);
  });

  it('quarantines a garbage file (with its -wal) and starts fresh', () => {
    const dbPath = tempDbPath();
    fs.writeFileSync(dbPath, Buffer.alloc(8192, 0x5a));
    fs.writeFileSync(`${dbPath}-wal`, 'junk');
    const index = open(dbPath);
    expect(index.quarantined).not.toBeNull();
    expect(index.quarantined!.movedTo).toMatch(/index\.sqlite\.damaged-\d{4}-/);
    expect(fs.readFileSync(index.quarantined!.movedTo)).toEqual(Buffer.alloc(8192, 0x5a));
    expect(fs.existsSync(`${index.quarantined!.movedTo}-wal`)).toBe(true);
    expect(index.created).toBe(true);
    expect(hasTable(index.db, 'chunks')).toBe(true);
  });

  it('quarantines a SQLite file that is not a Memory Lens index', () => {
    const dbPath = tempDbPath();
    const foreign = new Database(dbPath);
    foreign.exec('CREATE TABLE notes(x); INSERT INTO notes VALUES (1)');
    foreign.close();
    const index = open(dbPath);
    expect(index.quarantined?.reason).toMatch(/not a Memory Lens index/);
    expect(index.created).toBe(true);
  });

  it('quarantines an index whose pages are damaged', () => {
    const dbPath = tempDbPath();
    const index = open(dbPath);
    const insert = index.db.prepare(
      'INSERT INTO chunks(id, path, source, start_line, end_line, hash, text, updated_at) VALUES (?, ?, ?, 1, 1, ?, ?, 0)',
    );
    for (let i = 0; i < 500; i++) insert.run(`c${i}`, `p${i}.md`, 'memory', 'h', 'text '.repeat(50));
    index.close();
    const bytes = fs.readFileSync(dbPath);
    // Overwrite a stretch of interior pages, keeping the header intact.
    bytes.fill(0xff, 4096 * 3, 4096 * 8);
    fs.writeFileSync(dbPath, bytes);
    const reopened = open(dbPath);
    expect(reopened.quarantined).not.toBeNull();
    expect(reopened.created).toBe(true);
  });
});

describe('openIndexDb: schema damage and versions', () => {
  it('marks an index with valid meta but a dropped table as stale, naming the table', () => {
    const dbPath = tempDbPath();
    open(dbPath).close();
    const db = new Database(dbPath);
    db.exec('DROP TABLE chunks_fts');
    db.close();
    const reopened = open(dbPath);
    expect(reopened.quarantined).toBeNull();
    expect(reopened.staleReason?.message).toMatch(/missing tables chunks_fts, chunks_fts_data/);
  });

  it('expects the vector table once the index records a model', () => {
    const dbPath = tempDbPath();
    open(dbPath, withModel('m')).close();
    const db = new Database(dbPath);
    sqliteVec.load(db);
    db.exec('DROP TABLE chunks_vec');
    db.close();
    expect(open(dbPath, withModel('m')).staleReason?.message).toMatch(/missing table chunks_vec/);
  });

  it('reports an index written by a newer schema version (and keeps it stale, never current)', () => {
    const dbPath = tempDbPath();
    const first = open(dbPath);
    writeMeta(first.db, { [META_KEYS.schemaVersion]: SCHEMA_VERSION + 1 });
    first.close();
    const again = open(dbPath);
    expect(again.newerSchemaVersion).toBe(SCHEMA_VERSION + 1);
    expect(again.staleReason?.message).toMatch(/newer Memory Lens/);
    expect(open(tempDbPath()).newerSchemaVersion).toBeNull();
  });
});
