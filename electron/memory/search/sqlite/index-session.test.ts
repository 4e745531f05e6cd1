// The change key a search holds while it runs (IndexSession.withChangeKey) must still move when
// the index changes under it on its own connection: every cache keyed by it would otherwise keep
// answers from before the write.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceFile } from '../../../../shared/domain.js';
import { CHUNKER_VERSION } from '../../chunk/chunker.js';
import { FileWriter } from '../../index/file-writer.js';
import { openIndexDb, type IndexDb } from '../../index/index-db.js';
import { SCHEMA_VERSION } from '../../index/schema.js';
import { IndexSession } from './index-session.js';

const dirs: string[] = [];
const indexes: IndexDb[] = [];
afterEach(() => {
  for (const index of indexes.splice(0)) index.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function openIndex(): IndexDb {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-session-'));
  dirs.push(dir);
  const index = openIndexDb(path.join(dir, 'index.sqlite'), {
    expected: { schemaVersion: SCHEMA_VERSION, chunkerVersion: CHUNKER_VERSION, embedding: null },
  });
  indexes.push(index);
  return index;
}

function write(writer: FileWriter, p: string, text: string): void {
  const file: WorkspaceFile = {
    path: p,
    source: 'memory',
    kind: 'evergreen',
    archived: false,
    size: text.length,
    mtimeMs: 1,
    date: null,
    tags: [],
  };
  writer.writeFile({ file, absPath: `/ws/${p}`, hash: p, indexState: 'indexed' }, [
    { startLine: 1, endLine: 1, text, hash: `h-${p}` },
  ]);
}

describe('IndexSession.withChangeKey', () => {
  it('holds the key through a read, and lets it move when the index is written on the same connection meanwhile', () => {
    const index = openIndex();
    const session = new IndexSession(index.db);
    const writer = new FileWriter(index.db);
    writer.onDidCommit(session);
    write(writer, 'memory/a.md', 'router firmware');
    const outside = session.changeKey();
    session.withChangeKey(() => {
      expect(session.changeKey()).toBe(outside);
      write(writer, 'memory/b.md', 'budget review');
      const afterCommit = session.changeKey();
      expect(afterCommit).not.toBe(outside);
      // Written behind the writer's back, as a rollback of unknown extent is reported: the key moves again.
      index.db.prepare("UPDATE files SET size = 2 WHERE path = 'memory/a.md'").run();
      session.didWriteUnknown(false);
      expect(session.changeKey()).not.toBe(afterCommit);
    });
  });
});
