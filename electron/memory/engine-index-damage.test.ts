// Index damage while the engine runs, through the façade a user's app uses: the file deleted or
// overwritten underneath it, a table dropped behind valid meta, an index from a newer version.
// The engine must notice on its own (default timer, no test hooks), rebuild from the files,
// say so in status and in search notices, and never refuse to start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexStatus, SearchResponse } from '../../shared/domain.js';
import { localText, translator } from '../../shared/i18n.js';
import { lifecycleReasonOf } from '../../shared/index-reasons.js';
import { englishLeft } from '../../shared/test-support/english-left.js';
import { formatStatus } from '../cli/commands/status-command.js';
import { MemoryEngine } from './engine.js';
import { eventually } from './index-lifecycle/test-support/eventually.js';
import { SCHEMA_VERSION } from './index/schema.js';

const engines: MemoryEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
});

const FILES: Record<string, string> = {
  'MEMORY.md': '# Memory\n\nThe user prefers tea over coffee.\n',
  'memory/2026-05-04.md': '# 2026-05-04\n\n合同金额是12,345万元。\nRouter firmware updated.\n',
};

function setup(): { workspace: string; dbPath: string; open(): Promise<MemoryEngine> } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-engine-damage-'));
  const workspace = path.join(root, 'workspace');
  for (const [rel, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), text);
  }
  const dataDir = path.join(root, 'data');
  const dbPath = path.join(dataDir, 'index.sqlite');
  return {
    workspace,
    dbPath,
    open: async () => {
      const engine = await MemoryEngine.open({
        workspaceDir: workspace,
        dataDir,
        dbPath,
        openclawHome: path.join(root, 'openclaw'),
      });
      engines.push(engine);
      return engine;
    },
  };
}

async function paths(engine: MemoryEngine, query: string): Promise<string[]> {
  return (await engine.search({ query, minScore: 0 })).results.map((r) => r.path);
}

const building = (response: SearchResponse) => response.notices.filter((n) => n.code === 'index-building');

/**
 * Records every lifecycle state the engine reports and, the moment it first reports `searchIn`,
 * runs a search — what a user searching right then would get.
 */
function observe(
  engine: MemoryEngine,
  searchIn: IndexStatus['lifecycle']['state'],
): { states: string[]; searched: Promise<SearchResponse> | null } {
  const seen = { states: [] as string[], searched: null as Promise<SearchResponse> | null };
  engine.onDidChangeStatus((status) => {
    if (seen.states.at(-1) !== status.lifecycle.state) seen.states.push(status.lifecycle.state);
    if (status.lifecycle.state === searchIn && !seen.searched)
      seen.searched = engine.search({ query: 'tea', minScore: 0 });
  });
  return seen;
}

describe('index damage while the engine runs', () => {
  it('notices the index file being deleted within seconds, rebuilds it from the files and says so', async () => {
    const s = setup();
    const engine = await s.open();
    await engine.sync();
    const seen = observe(engine, 'damaged');
    fs.rmSync(s.dbPath);

    await eventually(() =>
      expect(
        engine
          .status()
          .errors.map((e) => e.message)
          .join('\n'),
      ).toMatch(/damaged \(the index file was deleted\).*rebuilt from the files/),
    );
    await eventually(() => expect(engine.status().lifecycle.state).toBe('serving'));
    expect(seen.states).toEqual(['damaged', 'recovering', 'serving']);
    const during = await seen.searched!;
    expect(during.results).toEqual([]);
    expect(building(during)[0]?.message).toMatch(/damaged \(the index file was deleted\) and is being rebuilt/);
    expect(fs.existsSync(s.dbPath)).toBe(true);
    expect(await paths(engine, 'tea')).toEqual(['MEMORY.md']);
    // Saves land in the new file on disk, searchable at once.
    await engine.createFile('memory/otters.md', '# Otters\n\nOtters hold hands while sleeping.\n');
    expect(await paths(engine, 'otters')).toEqual(['memory/otters.md']);
    expect(engine.status().files).toBe(3);
  });

  it('notices the index file being overwritten with garbage, moves it aside and rebuilds', async () => {
    const s = setup();
    const engine = await s.open();
    await engine.sync();
    const seen = observe(engine, 'recovering');
    fs.writeFileSync(s.dbPath, Buffer.from('garbage, not a database. '.repeat(2000)));

    await eventually(() =>
      expect(engine.status().lifecycle.state === 'serving' && seen.states.includes('recovering')).toBe(true),
    );
    expect(seen.states).toEqual(['damaged', 'recovering', 'serving']);
    expect(building(await seen.searched!)).toHaveLength(1);
    const errors = engine
      .status()
      .errors.map((e) => e.message)
      .join('\n');
    expect(errors).toMatch(/overwritten with something that is not a database.*moved to .*index\.sqlite\.damaged-/);
    const aside = fs
      .readdirSync(path.dirname(s.dbPath))
      .find((name) => name.startsWith('index.sqlite.damaged-') && !/-(wal|shm)$/.test(name));
    expect(fs.readFileSync(path.join(path.dirname(s.dbPath), aside!), 'utf8')).toMatch(/^garbage, not a database/);
    expect(await paths(engine, '合同金额')).toEqual(['memory/2026-05-04.md']);
  });

  it('a search right after a quarantine carries the notice instead of a silent "no results"', async () => {
    const s = setup();
    fs.mkdirSync(path.dirname(s.dbPath), { recursive: true });
    fs.writeFileSync(s.dbPath, Buffer.from('not a database at all '.repeat(300)));
    const engine = await s.open();
    const response = await engine.search({ query: 'tea', minScore: 0 });
    expect(response.results).toEqual([]);
    expect(building(response)).toMatchObject([
      { code: 'index-building', message: expect.stringMatching(/being rebuilt from the files .*incomplete/) },
    ]);
    expect(engine.status().lifecycle).toEqual({ state: 'recovering', reason: expect.stringMatching(/bad header/) });
    await engine.sync();
    expect(engine.status().lifecycle).toEqual({ state: 'serving', reason: null });
    expect(building(await engine.search({ query: 'tea', minScore: 0 }))).toEqual([]);
  });
});

describe('index damage found at open', () => {
  it('a dropped FTS table behind valid meta: the engine opens, answers with a notice, rebuilds, and search works', async () => {
    const s = setup();
    const first = await s.open();
    await first.sync();
    await first.close();
    const db = new Database(s.dbPath);
    db.exec('DROP TABLE chunks_fts');
    db.close();

    const engine = await s.open();
    expect(engine.status().lifecycle).toMatchObject({
      state: 'stale',
      reason: expect.stringMatching(/missing tables chunks_fts/),
    });
    const before = await engine.search({ query: 'tea', minScore: 0 });
    expect(before.results).toEqual([]);
    expect(building(before)).toHaveLength(1);
    await engine.sync();
    expect(await paths(engine, 'tea')).toEqual(['MEMORY.md']);
    expect(engine.status()).toMatchObject({ files: 2, lifecycle: { state: 'serving', reason: null } });
    expect(fs.existsSync(`${s.dbPath}.next`)).toBe(false);
  });

  it('a dropped files table: status still answers, reads fail with a typed "being rebuilt" error, and the rebuild fixes it', async () => {
    const s = setup();
    const first = await s.open();
    await first.sync();
    await first.close();
    const db = new Database(s.dbPath);
    db.exec('DROP TABLE files');
    db.close();

    const engine = await s.open();
    expect(engine.status()).toMatchObject({
      files: 0,
      lifecycle: { state: 'stale', reason: expect.stringMatching(/missing table files/) },
    });
    await expect(engine.listFiles()).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/being rebuilt/),
    });
    await engine.sync();
    expect((await engine.listFiles()).map((f) => f.path)).toEqual(['MEMORY.md', 'memory/2026-05-04.md']);
  });

  it('an index from a newer version: no dead start, the file kept as it was, status says why', async () => {
    const s = setup();
    const first = await s.open();
    await first.sync();
    await first.close();
    const db = new Database(s.dbPath);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(SCHEMA_VERSION + 5));
    db.close();
    const kept = fs.readFileSync(s.dbPath);

    const engine = await s.open();
    await engine.sync();
    expect(await paths(engine, 'tea')).toEqual(['MEMORY.md']);
    const status = engine.status();
    expect(status.dbPath).toBe(`${s.dbPath}.schema-${SCHEMA_VERSION}`);
    expect(status.lifecycle.reason).toMatch(
      new RegExp(`newer Memory Lens \\(schema version ${SCHEMA_VERSION + 5}.*left untouched`),
    );
    expect(status.errors[0]?.message).toBe(status.lifecycle.reason);
    // In Chinese, by the id it crosses the API with: status' "state —" line and the errors list.
    const zh = translator('zh-CN');
    const sent = JSON.parse(JSON.stringify(status)) as IndexStatus;
    const chinese = localText(zh, lifecycleReasonOf(sent.lifecycle)!);
    expect(chinese).toMatch(
      new RegExp(
        `^位于 \\S+ 的索引由更新版本的 Memory Lens 写入（架构版本 ${SCHEMA_VERSION + 5}；本版本只认识 ${SCHEMA_VERSION}）。它保持原样`,
      ),
    );
    expect(englishLeft(chinese)).toEqual([]);
    expect(localText(zh, sent.errors[0]!)).toBe(chinese);
    expect(formatStatus(sent, zh)).toContain(`正常服务 — ${chinese}`);
    await engine.close();
    expect(fs.readFileSync(s.dbPath).equals(kept)).toBe(true);
  });
});
