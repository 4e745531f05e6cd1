import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexProgress } from '../../../shared/domain.js';
import { FileWriter } from '../index/file-writer.js';
import { openIndexDb } from '../index/index-db.js';
import type { IndexDb } from '../index/index-db.js';
import { listFileEntries } from '../index/index-queries.js';
import { SCHEMA_VERSION } from '../index/schema.js';
import { syncIndex } from './sync.js';
import type { SyncTarget } from './sync.js';
import { WorkspaceScope } from '../workspace/workspace-scope.js';

const opened: IndexDb[] = [];
afterEach(() => {
  for (const index of opened.splice(0)) index.close();
});

function setup(files: Record<string, string>): { target: SyncTarget; workspace: string; root: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-sync-'));
  const workspace = path.join(root, 'ws');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), text);
  }
  const index = openIndexDb(path.join(root, 'index.sqlite'), {
    expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: 1, embedding: null },
  });
  opened.push(index);
  return { target: { db: index.db, writer: new FileWriter(index.db) }, workspace, root };
}

describe('syncIndex', () => {
  it('lists a file over the size limit as skipped, with the reason, and indexes the rest', async () => {
    const { target, workspace, root } = setup({ 'MEMORY.md': '# small\n', 'memory/huge.md': 'x'.repeat(5000) });
    const report = await syncIndex(target, {
      scope: new WorkspaceScope({ workspaceDir: workspace, openclawHome: path.join(root, 'oc') }),
      maxFileBytes: 1000,
    });
    expect(report).toMatchObject({ filesIndexed: 1, filesSkipped: 1, filesFailed: 0 });
    const huge = listFileEntries(target.db).find((f) => f.path === 'memory/huge.md');
    expect(huge).toMatchObject({ indexState: 'skipped', chunks: 0 });
    expect(huge?.indexError).toMatch(
      /too large to index \(5000 bytes; Markdown files over 1000 bytes are not indexed\)/,
    );
    // By id too, so a Chinese interface words it; the next run reads the same id back from the index.
    const skipped = {
      path: 'memory/huge.md',
      reason: huge?.indexError,
      reasonId: 'errors:indexing.tooLarge.memory',
      reasonParams: { size: 5000, max: 1000 },
    };
    expect(report.skipped).toEqual([skipped]);
    // The next sync finds it as it was: still skipped, with its reason — never "unchanged".
    const again = await syncIndex(target, {
      scope: new WorkspaceScope({ workspaceDir: workspace, openclawHome: path.join(root, 'oc') }),
      maxFileBytes: 1000,
    });
    expect(again).toMatchObject({ filesIndexed: 0, filesUnchanged: 1, filesSkipped: 1 });
    expect(again.skipped).toEqual([skipped]);
    // A higher limit lets it in without touching the file.
    const raised = await syncIndex(target, {
      scope: new WorkspaceScope({ workspaceDir: workspace, openclawHome: path.join(root, 'oc') }),
      maxFileBytes: 10_000,
    });
    expect(raised).toMatchObject({ filesIndexed: 1, filesUnchanged: 1, filesSkipped: 0, skipped: [] });
  });

  it('sends throttled progress: first and last always, not one event per file', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`memory/n${i}.md`] = `note ${i}\n`;
    const { target, workspace, root } = setup(files);
    const events: IndexProgress[] = [];
    await syncIndex(target, {
      scope: new WorkspaceScope({ workspaceDir: workspace, openclawHome: path.join(root, 'oc') }),
      onProgress: (p) => events.push(p),
    });
    expect(events[0]).toMatchObject({ phase: 'scanning' });
    expect(events.at(-1)).toEqual({ phase: 'done', filesDone: 300, filesTotal: 300 });
    expect(events.length).toBeLessThan(100);
    const indexing = events.filter((e) => e.phase === 'indexing');
    expect(indexing.every((e, i) => i === 0 || e.filesDone >= indexing[i - 1]!.filesDone)).toBe(true);
  });

  it('stops between batches when aborted, leaving what was written consistent', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 200; i++) files[`memory/n${i}.md`] = `note ${i}\n`;
    const { target, workspace, root } = setup(files);
    const controller = new AbortController();
    const run = syncIndex(target, {
      scope: new WorkspaceScope({ workspaceDir: workspace, openclawHome: path.join(root, 'oc') }),
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === 'indexing') controller.abort();
      },
    });
    await expect(run).rejects.toThrow();
    const indexed = listFileEntries(target.db);
    expect(indexed.length).toBeGreaterThan(0);
    expect(indexed.length).toBeLessThan(200);
    expect(indexed.every((f) => f.indexState === 'indexed' && f.chunks === 1)).toBe(true);
  });

  it('a file whose rows SQLite refuses fails alone: the rest of its batch is indexed, nothing half-written', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`memory/n${i}.md`] = `note ${i} about otters\n`;
    const { target, workspace, root } = setup(files);
    // A real SQLite refusal for one file's chunk rows, after some of its batch went in.
    target.db.exec(
      "CREATE TRIGGER refuse_one BEFORE INSERT ON chunks WHEN NEW.path = 'memory/n17.md' BEGIN SELECT RAISE(ABORT, 'refused for the test'); END",
    );
    const report = await syncIndex(target, {
      scope: new WorkspaceScope({ workspaceDir: workspace, openclawHome: path.join(root, 'oc') }),
    });
    expect(report).toMatchObject({ filesIndexed: 39, filesFailed: 1 });
    expect(report.changes).toHaveLength(39);
    expect(report.changes.some((c) => c.path === 'memory/n17.md')).toBe(false);
    const entries = listFileEntries(target.db);
    expect(entries.find((f) => f.path === 'memory/n17.md')).toMatchObject({ indexState: 'failed', chunks: 0 });
    expect(entries.find((f) => f.path === 'memory/n17.md')?.indexError).toMatch(
      /could not write to the index: refused for the test/,
    );
    expect(entries.filter((f) => f.indexState === 'indexed')).toHaveLength(39);
    const orphans = target.db.prepare("SELECT count(*) FROM chunks WHERE path = 'memory/n17.md'").pluck().get();
    expect(orphans).toBe(0);
    const fts = target.db.prepare('SELECT count(*) FROM chunks_fts').pluck().get();
    expect(fts).toBe(39);
  });
});
