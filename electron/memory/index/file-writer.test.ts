import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceFile } from '../../../shared/domain.js';
import { indexReasons } from '../../../shared/index-reasons.js';
import type { Chunk } from '../chunk/chunker.js';
import { sha256 } from '../text/hash.js';
import { FileWriter } from './file-writer.js';
import type { FileRecord } from './file-writer.js';
import { openIndexDb } from './index-db.js';
import type { IndexDb } from './index-db.js';
import { listFileEntries, loadFileStates } from './index-queries.js';
import { SCHEMA_VERSION } from './schema.js';
import { segmentForIndex } from '../text/segment.js';

const opened: IndexDb[] = [];
afterEach(() => {
  for (const index of opened.splice(0)) index.close();
});

function openTemp(dims: number | null = null): IndexDb {
  const dbPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ml-writer-')), 'index.sqlite');
  const index = openIndexDb(dbPath, {
    expected: {
      schemaVersion: SCHEMA_VERSION,
      chunkerVersion: 1,
      embedding: dims ? { provider: 'p', model: 'm', providerKey: 'k', dims } : null,
    },
  });
  opened.push(index);
  return index;
}

function record(p: string, hash = 'h1'): FileRecord {
  const file: WorkspaceFile = {
    path: p,
    source: 'memory',
    kind: 'dated',
    archived: false,
    size: 10,
    mtimeMs: 1000.5,
    date: { date: '2026-05-04', epochMs: Date.UTC(2026, 4, 4), granularity: 'day', source: 'path' },
    tags: ['a'],
  };
  return { file, absPath: `/ws/${p}`, hash, indexState: 'indexed' };
}

function chunk(text: string, line: number): Chunk {
  return { startLine: line, endLine: line, text, hash: sha256(text) };
}

/** Chunks whose FTS row holds `word` (as the index stores it: stemmed). */
function match(index: IndexDb, word: string): string[] {
  const term = segmentForIndex(word);
  return index.db
    .prepare(
      "SELECT c.path || ':' || c.start_line AS hit FROM chunks_fts f JOIN chunks c ON c.rowid = f.rowid WHERE chunks_fts MATCH ? ORDER BY hit",
    )
    .pluck()
    .all(term) as string[];
}

describe('FileWriter', () => {
  it('writes chunks, segmented FTS rows and the files row', () => {
    const index = openTemp();
    const writer = new FileWriter(index.db);
    writer.writeFile(record('memory/2026-05-04.md'), [chunk('Router config', 3), chunk('合同金额是12,345万元', 5)]);
    expect(match(index, 'router')).toEqual(['memory/2026-05-04.md:3']);
    expect(match(index, '合同')).toEqual(['memory/2026-05-04.md:5']);
    const [entry] = listFileEntries(index.db);
    expect(entry).toMatchObject({
      path: 'memory/2026-05-04.md',
      indexState: 'indexed',
      chunks: 2,
      tags: ['a'],
      kind: 'dated',
    });
    expect(entry!.date?.source).toBe('path');
    expect(loadFileStates(index.db).get('memory/2026-05-04.md')).toEqual({
      size: 10,
      mtimeMs: 1000.5,
      hash: 'h1',
      failed: false,
      skipped: false,
      reason: null,
      embedded: false,
    });
  });

  it("replaces a file's old rows when it is written again", () => {
    const index = openTemp();
    const writer = new FileWriter(index.db);
    writer.writeFile(record('a.md'), [chunk('old words here', 1)]);
    writer.writeFile(record('a.md', 'h2'), [chunk('new words', 1), chunk('more', 2)]);
    expect(match(index, 'old')).toEqual([]);
    expect(match(index, 'new')).toEqual(['a.md:1']);
    expect(index.db.prepare('SELECT count(*) FROM chunks_fts').pluck().get()).toBe(2);
  });

  it('stores vectors under the chunk rowids and removes them with the file', () => {
    const index = openTemp(2);
    const writer = new FileWriter(index.db);
    writer.writeFile(
      record('a.md'),
      [chunk('x', 1), chunk('y', 2)],
      [new Float32Array([1, 0]), new Float32Array([0, 1])],
    );
    const nearest = index.db
      .prepare(
        'SELECT c.start_line FROM chunks_vec v JOIN chunks c ON c.rowid = v.rowid WHERE v.embedding MATCH ? AND k = 1',
      )
      .pluck()
      .get(new Float32Array([0, 1]));
    expect(nearest).toBe(2);
    expect(loadFileStates(index.db).get('a.md')?.embedded).toBe(true);
    writer.removeFiles(['a.md']);
    expect(index.db.prepare('SELECT count(*) FROM chunks_vec').pluck().get()).toBe(0);
    expect(listFileEntries(index.db)).toEqual([]);
  });

  it('leaves the old rows untouched when a write fails midway', () => {
    const index = openTemp(2);
    const writer = new FileWriter(index.db);
    writer.writeFile(record('a.md'), [chunk('original text', 1)], [new Float32Array([1, 0])]);
    // The second vector has the wrong dimensions: vec0 refuses it after the first chunk was written.
    expect(() =>
      writer.writeFile(
        record('a.md', 'h2'),
        [chunk('replacement one', 1), chunk('replacement two', 2)],
        [new Float32Array([0, 1]), new Float32Array([1, 2, 3])],
      ),
    ).toThrow();
    expect(match(index, 'original')).toEqual(['a.md:1']);
    expect(match(index, 'replacement')).toEqual([]);
    expect(loadFileStates(index.db).get('a.md')?.hash).toBe('h1');
    expect(index.db.prepare('SELECT count(*) FROM chunks_vec').pluck().get()).toBe(1);
  });

  it('keeps files independent inside a batch commit (savepoint per file)', () => {
    const index = openTemp(2);
    const writer = new FileWriter(index.db);
    writer.writeFile(record('b.md'), [chunk('beta original', 1)], [new Float32Array([1, 0])]);
    index.db.transaction(() => {
      writer.writeFile(record('a.md'), [chunk('alpha fresh', 1)], [new Float32Array([0, 1])]);
      try {
        writer.writeFile(record('b.md', 'h2'), [chunk('beta replacement', 1)], [new Float32Array([1, 2, 3])]);
      } catch {
        // the batch goes on without b.md's new version
      }
    })();
    expect(match(index, 'alpha')).toEqual(['a.md:1']);
    expect(match(index, 'beta')).toEqual(['b.md:1']);
    expect(match(index, 'replacement')).toEqual([]);
    expect(loadFileStates(index.db).get('b.md')?.hash).toBe('h1');
  });

  it("records a failure with its reason, in English and by id, and drops the file's chunks", () => {
    const index = openTemp();
    const writer = new FileWriter(index.db);
    writer.writeFile(record('a.md'), [chunk('text', 1)]);
    const reason = indexReasons.couldNotRead('EACCES: permission denied');
    writer.writeFailure({ ...record('a.md', 'h2'), hash: null, indexError: reason });
    expect(listFileEntries(index.db)[0]).toMatchObject({
      indexState: 'failed',
      indexError: 'could not read: permission denied (EACCES)',
      indexErrorId: 'errors:indexing.couldNotRead',
      indexErrorParams: { error: 'EACCES: permission denied' },
      chunks: 0,
    });
    expect(loadFileStates(index.db).get('a.md')?.reason).toEqual(reason);
    expect(match(index, 'text')).toEqual([]);
  });

  it('opens an index written before reasons had ids without rebuilding it: old rows read in English, new ones by id', () => {
    const first = openTemp();
    const dbPath = first.path;
    const writer = new FileWriter(first.db);
    writer.writeFile(record('a.md'), [chunk('alpha', 1)]);
    // As an older version left it: no index_error_ref column, a skipped file's reason in English only.
    first.db.exec('ALTER TABLE files DROP COLUMN index_error_ref');
    first.db
      .prepare("UPDATE files SET index_state = 'skipped', index_error = ? WHERE path = 'a.md'")
      .run('too large to index (9.0 MB; Markdown files over 5.0 MB are not indexed)');
    first.close();

    const again = openIndexDb(dbPath, {
      expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: 1, embedding: null },
    });
    opened.push(again);
    expect(again.staleReason).toBeNull();
    expect(again.created).toBe(false);
    const [old] = listFileEntries(again.db);
    expect(old).toMatchObject({
      indexState: 'skipped',
      indexError: 'too large to index (9.0 MB; Markdown files over 5.0 MB are not indexed)',
    });
    expect(old).not.toHaveProperty('indexErrorId');

    new FileWriter(again.db).writeFailure({
      ...record('a.md', 'h2'),
      hash: null,
      indexState: 'skipped',
      indexError: indexReasons.tooLarge('memory', 9 * 1024 * 1024, 5 * 1024 * 1024),
    });
    expect(listFileEntries(again.db)[0]).toMatchObject({
      indexError: 'too large to index (9.0 MB; Markdown files over 5.0 MB are not indexed)',
      indexErrorId: 'errors:indexing.tooLarge.memory',
    });
  });

  it('updates only the stat of touched files', () => {
    const index = openTemp();
    const writer = new FileWriter(index.db);
    writer.writeFile(record('a.md'), [chunk('text', 1)]);
    writer.touchFiles([{ path: 'a.md', mtimeMs: 2000.25, size: 10 }]);
    expect(loadFileStates(index.db).get('a.md')).toMatchObject({ mtimeMs: 2000.25, hash: 'h1' });
    expect(match(index, 'text')).toEqual(['a.md:1']);
  });
});
