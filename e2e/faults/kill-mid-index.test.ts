// Kill -9 in the middle of indexing: every file in the index is either fully there (its chunks,
// their full-text rows) or not there at all, SQLite reports no damage, and the next run resumes
// where the killed one stopped instead of starting over.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { eventually, runMemlens, spawnMemlens, tempWorkspace } from './support/fault-kit.js';

const FILES = 3000;

function indexedCount(dbPath: string): number {
  try {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      return (db.prepare("SELECT count(*) AS n FROM files WHERE index_state = 'indexed'").get() as { n: number }).n;
    } finally {
      db.close();
    }
  } catch {
    return 0; // not created yet, or its tables not yet
  }
}

describe('kill -9 mid-index', () => {
  it('leaves no half-indexed file and no orphan rows; the next run indexes only what is missing', async () => {
    const files: Record<string, string> = { 'MEMORY.md': '# Memory\n\nThe index must survive a kill.\n' };
    for (let i = 0; i < FILES; i++) {
      const folder = `memory/batch-${String(i % 60).padStart(2, '0')}`;
      files[`${folder}/note-${String(i).padStart(4, '0')}.md`] =
        `# Note ${i}\n\nMarker token${i} sits in note ${i}.\n\n${'Filler text for a realistic chunk. '.repeat(12)}\n`;
    }
    const dir = tempWorkspace('kill-index', files);
    onTestFinished(() => dir.cleanup());
    const dbPath = path.join(dir.root, 'index.sqlite');
    const args = ['--workspace', dir.workspace, '--data-dir', dir.dataDir, '--db', dbPath];

    const child = spawnMemlens(['index', ...args], { home: dir.root });
    onTestFinished(() => child.kill('SIGKILL'));
    // Kill once a good part, but not all, is in: a real mid-run kill, not one before or after.
    await eventually(() => expect(indexedCount(dbPath)).toBeGreaterThan(FILES / 10), 60_000, 10);
    child.kill('SIGKILL');
    expect(await child.exited()).toBe('SIGKILL');

    const db = new Database(dbPath);
    const one = <T>(sql: string) => db.prepare(sql).get() as T;
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const indexedBefore = one<{ n: number }>("SELECT count(*) AS n FROM files WHERE index_state = 'indexed'").n;
    expect(indexedBefore).toBeGreaterThan(0);
    expect(indexedBefore).toBeLessThan(FILES + 1);
    // Every indexed file has exactly its chunks; no chunk without a file, no FTS row without a chunk.
    expect(
      one<{ n: number }>(
        'SELECT count(*) AS n FROM files f WHERE f.chunk_count != (SELECT count(*) FROM chunks c WHERE c.path = f.path)',
      ).n,
    ).toBe(0);
    expect(
      one<{ n: number }>(
        'SELECT count(*) AS n FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.path = c.path)',
      ).n,
    ).toBe(0);
    expect(
      one<{ n: number }>('SELECT count(*) AS n FROM chunks_fts WHERE rowid NOT IN (SELECT rowid FROM chunks)').n,
    ).toBe(0);
    expect(
      one<{ n: number }>('SELECT count(*) AS n FROM chunks WHERE rowid NOT IN (SELECT rowid FROM chunks_fts)').n,
    ).toBe(0);
    db.close();

    const resumed = await runMemlens(['index', '--json', ...args], { home: dir.root });
    expect(resumed.code).toBe(0);
    const report = JSON.parse(resumed.output) as {
      filesScanned: number;
      filesIndexed: number;
      filesUnchanged: number;
      filesFailed: number;
    };
    expect(report.filesScanned).toBe(FILES + 1);
    expect(report.filesFailed).toBe(0);
    // Resumed: what the killed run finished is not indexed again.
    expect(report.filesUnchanged).toBeGreaterThanOrEqual(indexedBefore);
    expect(report.filesIndexed).toBe(FILES + 1 - report.filesUnchanged);

    const found = await runMemlens(['search', `token${FILES - 1}`, '--json', '--min-score', '0', ...args], {
      home: dir.root,
    });
    expect((JSON.parse(found.output) as { results: { path: string }[] }).results[0]?.path).toBe(
      `memory/batch-${String((FILES - 1) % 60).padStart(2, '0')}/note-${FILES - 1}.md`,
    );
  });
});
