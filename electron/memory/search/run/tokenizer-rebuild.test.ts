// An index written before stemming (older chunker version, unstemmed FTS rows) is rebuilt into a
// new file on open and swapped in: after that, inflected query words find their stems.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { CHUNKER_VERSION } from '../../chunk/chunker.js';
import { MemoryEngine } from '../../engine.js';
import { tokenize } from '../../text/segment.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-tokenizer-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('rebuilds an index from before stemming, then "meetings" finds "meeting"', async () => {
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
  fs.writeFileSync(
    path.join(workspace, 'memory', '2026-02-05.md'),
    '# Thursday\n\nWeekly meeting with Priya about the gateway.\n',
  );
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n\nPrefers tea.\n');
  const options = {
    workspaceDir: workspace,
    dataDir: path.join(root, 'data'),
    dbPath: path.join(root, 'data', 'index.sqlite'),
    openclawHome: path.join(root, 'oc'),
  };

  const first = await MemoryEngine.open(options);
  await first.sync();
  await first.close();
  // Make it what the previous version wrote: its version number and unstemmed tokens.
  const db = new Database(options.dbPath);
  db.prepare("UPDATE meta SET value = ? WHERE key = 'chunker_version'").run(String(CHUNKER_VERSION - 1));
  for (const row of db.prepare('SELECT rowid, text FROM chunks').all() as { rowid: number; text: string }[]) {
    db.prepare('UPDATE chunks_fts SET text_seg = ? WHERE rowid = ?').run(tokenize(row.text).join(' '), row.rowid);
  }
  db.close();

  const engine = await MemoryEngine.open(options);
  try {
    await engine.sync();
    expect(engine.status().chunkerVersion).toBe(CHUNKER_VERSION);
    const response = await engine.search({ query: 'meetings', minScore: 0 });
    expect(response.results.map((r) => r.path)).toEqual(['memory/2026-02-05.md']);
    // Shown as written: the snippet lights up "meeting", the breakdown names it.
    const [result] = response.results;
    expect(result!.snippet.slice(result!.highlights[0]!.start, result!.highlights[0]!.end)).toBe('meeting');
    expect(result!.breakdown.keyword!.terms![0]).toMatchObject({
      term: 'meet',
      asWritten: ['meetings', 'meeting'],
      occurrences: 1,
    });
  } finally {
    await engine.close();
  }
});
