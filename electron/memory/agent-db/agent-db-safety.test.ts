import { spawn } from 'node:child_process';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryEngine } from '../engine.js';
import { assertReadableSql, tablesNamedIn } from './agent-db-tables.js';
import { copyOpenclawFixture, type OpenclawCopy } from './test-support/openclaw-fixture.js';

const MAIN = '7c1d2e4a-0b9f-4c55-9a1e-2f1d3c4b5a69';
const SECRET = 'sk-ant-api03-NEVER-READ-THIS-1234567890';

let copy: OpenclawCopy;
const engines: MemoryEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  copy?.remove();
});

/** Changes the copy with a plain writer before the test takes its "before" hashes. */
function prepare(agentId: string, change: (db: Database.Database) => void): void {
  const db = new Database(copy.dbPath(agentId));
  change(db);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

async function open(trace?: (sql: string) => void): Promise<MemoryEngine> {
  const engine = await MemoryEngine.open({
    workspaceDir: copy.workspace,
    dataDir: copy.dataDir,
    openclawHome: copy.home,
    ...(trace ? { agentDbOptions: { trace } } : {}),
  });
  engines.push(engine);
  await engine.sync();
  return engine;
}

async function useEverything(engine: MemoryEngine): Promise<string> {
  const outputs: unknown[] = [
    await engine.listFiles(),
    await engine.search({ query: 'contract 合同 Atlas sk-ant', maxResults: 20, minScore: 0 }),
    await engine.readTranscript(`sessions/main/${MAIN}.jsonl`),
    await engine.readFile(`sessions/main/${MAIN}.jsonl`),
    await engine.agentDatabases(),
    await engine.agentIndexChunks('MEMORY.md'),
  ];
  return JSON.stringify(outputs);
}

describe("the agent database is the user's: read-only, allow-listed tables only", () => {
  it('never reads the credential tables, even when they hold a key, and changes no byte of the file', async () => {
    copy = copyOpenclawFixture();
    prepare('main', (db) => {
      db.prepare('INSERT INTO auth_profile_store (store_key, store_json, updated_at) VALUES (?, ?, ?)').run(
        'anthropic:default',
        JSON.stringify({ apiKey: SECRET }),
        1,
      );
      db.prepare('INSERT INTO auth_profile_state (state_key, state_json, updated_at) VALUES (?, ?, ?)').run(
        'anthropic:default',
        JSON.stringify({ token: SECRET }),
        1,
      );
    });
    const before = copy.databaseHashes();
    const statements: string[] = [];
    const engine = await open((sql) => statements.push(sql));
    const output = await useEverything(engine);
    expect(statements.length).toBeGreaterThan(5);
    expect(statements.filter((sql) => /auth_profile/i.test(sql))).toEqual([]);
    // Every statement that ran names allow-listed tables only (the check the reader itself applies).
    for (const sql of statements) expect(() => assertReadableSql(sql)).not.toThrow();
    expect(output).not.toContain(SECRET);
    await engine.close();
    expect(copy.databaseHashes()).toEqual(before);
  });

  it('refuses, before SQLite sees it, a statement naming a table off the allow-list', () => {
    expect(tablesNamedIn('SELECT a FROM transcript_events JOIN auth_profile_store ON 1')).toEqual([
      'transcript_events',
      'auth_profile_store',
    ]);
    expect(() => assertReadableSql('SELECT store_json FROM auth_profile_store')).toThrow(/auth_profile_store/);
    expect(() => assertReadableSql('PRAGMA table_info(auth_profile_state)')).toThrow(/auth_profile_state/);
    expect(() => assertReadableSql('DELETE FROM transcript_events')).toThrow(/SELECT and PRAGMA only/);
  });
});

describe('bad agent databases get a notice; the rest of the workspace keeps working; nothing is modified', () => {
  async function expectWorkspaceStillWorks(engine: MemoryEngine): Promise<void> {
    const found = await engine.search({ query: '财务笔记', maxResults: 5, minScore: 0 });
    expect(found.results[0]?.path).toBe('memory/finance.md');
  }

  it('corrupt: a damaged file', async () => {
    copy = copyOpenclawFixture();
    const file = copy.dbPath('main');
    const bytes = fs.readFileSync(file);
    bytes.fill(0x5a, 4096, bytes.length); // every page but the first overwritten
    fs.writeFileSync(file, bytes);
    const before = copy.databaseHashes();
    const engine = await open();
    await expectWorkspaceStillWorks(engine);
    const report = (await engine.agentDatabases()).databases.find((d) => d.agentId === 'main')!;
    expect(report.notices.map((n) => n.code)).toContain('corrupt');
    expect(report.sessions).toEqual([]);
    await engine.close();
    expect(copy.databaseHashes()).toEqual(before);
  });

  it('newer schema: read what is known, with a notice', async () => {
    copy = copyOpenclawFixture();
    prepare('main', (db) => db.pragma('user_version = 31'));
    const before = copy.databaseHashes();
    const engine = await open();
    const report = (await engine.agentDatabases()).databases.find((d) => d.agentId === 'main')!;
    expect(report.state).toBe('partial');
    expect(report.notices[0]).toMatchObject({ code: 'newer-schema' });
    expect(report.notices[0]!.message).toContain('schema 31');
    expect(report.sessions.length).toBeGreaterThan(0);
    await expectWorkspaceStillWorks(engine);
    await engine.close();
    expect(copy.databaseHashes()).toEqual(before);
  });

  it('half-migrated: an older transcript table without event_zstd and a pending version', async () => {
    copy = copyOpenclawFixture();
    prepare('main', (db) => {
      db.exec(`DELETE FROM transcript_events WHERE event_zstd IS NOT NULL;
        CREATE TABLE te_old (session_id TEXT NOT NULL, seq INTEGER NOT NULL, event_json TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (session_id, seq));
        INSERT INTO te_old SELECT session_id, seq, event_json, created_at FROM transcript_events;`);
      db.pragma('foreign_keys = OFF');
      db.exec('DROP TABLE transcript_events; ALTER TABLE te_old RENAME TO transcript_events;');
      db.pragma('user_version = 19');
    });
    const before = copy.databaseHashes();
    const engine = await open();
    const report = (await engine.agentDatabases()).databases.find((d) => d.agentId === 'main')!;
    expect(report.notices.map((n) => n.code)).toEqual(['migration-pending']);
    const transcript = await engine.readTranscript(`sessions/main/${MAIN}.jsonl`);
    expect(transcript.messages[0]!.text).toContain('合同金额');
    await expectWorkspaceStillWorks(engine);
    await engine.close();
    expect(copy.databaseHashes()).toEqual(before);
  });

  it('locked: another program holds an exclusive lock; read again once it lets go', async () => {
    copy = copyOpenclawFixture();
    prepare('main', (db) => db.pragma('journal_mode = DELETE'));
    const before = copy.databaseHashes();
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `
      const Database = require('better-sqlite3');
      const db = new Database(process.argv[1]);
      db.exec('BEGIN EXCLUSIVE');
      console.log('locked');
      process.stdin.on('data', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });
    `,
        copy.dbPath('main'),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'], cwd: process.cwd() },
    );
    await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
    const engine = await open();
    await expectWorkspaceStillWorks(engine);
    const locked = (await engine.agentDatabases()).databases.find((d) => d.agentId === 'main')!;
    expect(locked.notices.map((n) => n.code)).toContain('locked');
    holder.stdin!.write('go\n');
    await new Promise((resolve) => holder.once('exit', resolve));
    await vi.waitFor(
      async () => {
        const free = (await engine.agentDatabases()).databases.find((d) => d.agentId === 'main')!;
        expect(free.notices).toEqual([]);
        expect(free.sessions.length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 100 },
    );
    await engine.close();
    expect(copy.databaseHashes()).toEqual(before);
  });
});
