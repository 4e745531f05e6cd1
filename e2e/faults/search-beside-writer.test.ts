// `memlens search` on an index that nothing changed writes nothing to it, so it answers while
// another process holds the index's write lock (the app committing a big transcript, say). Its
// sync used to record the pass in the index's meta table: a write that waited out the 5 s busy
// timeout, then failed the search with "database is locked".
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../shared/domain.js';
import { runMemlens, tempWorkspace } from './support/fault-kit.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** The one index file under a data folder (`indexes/<workspace key>/index.sqlite`). */
function indexFile(dataDir: string): string {
  const root = path.join(dataDir, 'indexes');
  const [folder] = fs.readdirSync(root);
  return path.join(root, folder!, 'index.sqlite');
}

describe('memlens search beside a process that writes the index', () => {
  it('answers from an unchanged index while another connection holds its write lock, and leaves it as it was', async () => {
    const dir = tempWorkspace('search-writer', {
      'MEMORY.md': '# Memory\n\nThe quokka keeps the spare keys.\n',
      'memory/2026-12-01.md': '# 2026-12-01\n\nThe router was moved to the hall.\n',
    });
    cleanups.push(() => dir.cleanup());
    const where = ['--workspace', dir.workspace, '--data-dir', dir.dataDir];
    expect((await runMemlens(['index', ...where], { home: dir.root })).code).toBe(0);

    const dbPath = indexFile(dir.dataDir);
    const writer = new Database(dbPath);
    cleanups.push(() => writer.close());
    const metaBefore = writer.prepare('SELECT key, value FROM meta ORDER BY key').all();
    writer.exec('BEGIN IMMEDIATE');
    cleanups.push(() => writer.exec('ROLLBACK'));

    const search = await runMemlens(['search', 'quokka', '--json', ...where], { home: dir.root });
    expect(search.code, search.output).toBe(0);
    const response = JSON.parse(search.output.slice(search.output.indexOf('{'))) as SearchResponse;
    expect(response.results.map((r) => r.path)).toEqual(['MEMORY.md']);
    expect(writer.prepare('SELECT key, value FROM meta ORDER BY key').all()).toEqual(metaBefore);
  });
});
