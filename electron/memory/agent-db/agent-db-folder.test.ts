// OpenClaw's state folder holds exactly the files it held before Memory Lens opened, read and
// closed its databases (issue 29, hole 8). Before, a database in WAL mode without a `-wal` (the
// gateway not running) got `openclaw-agent.sqlite-wal` (0 B) and `-shm` (32 KB) beside it, left
// after close: SQLite creates them even for a read-only connection. Now that state is read from a
// copy in our temp folder; with the gateway's `-wal` there, the live file is read as before.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEngine } from '../engine.js';
import { isWalModeFile } from './idle-snapshot.js';
import { copyOpenclawFixture, type OpenclawCopy } from './test-support/openclaw-fixture.js';

const MAIN = '7c1d2e4a-0b9f-4c55-9a1e-2f1d3c4b5a69';

let copy: OpenclawCopy;
const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  copy?.remove();
});

/** Every file under the agents' folders with its size. */
function listing(): string[] {
  const agents = path.join(copy.home, 'agents');
  return (fs.readdirSync(agents, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(agents, name)).isFile())
    .map((name) => `${name} ${fs.statSync(path.join(agents, name)).size}`)
    .sort();
}

/** Sets every agent database's journal mode the way a writer (OpenClaw) leaves it on a clean close. */
function setJournalMode(mode: 'wal' | 'delete'): void {
  for (const id of fs.readdirSync(path.join(copy.home, 'agents'))) {
    if (!fs.existsSync(copy.dbPath(id))) continue;
    const db = new Database(copy.dbPath(id));
    db.pragma(`journal_mode = ${mode}`);
    db.close();
    expect(isWalModeFile(copy.dbPath(id))).toBe(mode === 'wal');
  }
}

async function openQueryClose(): Promise<string> {
  const engine = await MemoryEngine.open({
    workspaceDir: copy.workspace,
    dataDir: copy.dataDir,
    openclawHome: copy.home,
  });
  await engine.sync();
  const transcript = await engine.readTranscript(`sessions/main/${MAIN}.jsonl`);
  const databases = await engine.agentDatabases();
  await engine.close();
  return JSON.stringify([transcript.messages.length, databases]);
}

describe("OpenClaw's state folder after Memory Lens read its databases", () => {
  it.each(['wal', 'delete'] as const)(
    'journal mode %s, gateway not running: the same files, the same sizes',
    async (mode) => {
      copy = copyOpenclawFixture();
      setJournalMode(mode);
      const before = listing();
      const hashes = copy.databaseHashes();
      const read = await openQueryClose();
      expect(JSON.parse(read)[0]).toBeGreaterThan(0);
      expect(listing()).toEqual(before);
      expect(copy.databaseHashes()).toEqual(hashes);
    },
  );

  it('with the gateway running (its -wal and -shm there), reads the live file and adds nothing', async () => {
    copy = copyOpenclawFixture();
    setJournalMode('wal');
    const gateway = new Database(copy.dbPath('main'));
    closers.push(() => gateway.close());
    gateway.pragma('journal_mode = WAL');
    gateway.prepare('SELECT count(*) FROM sqlite_master').get();
    const before = listing();
    expect(before.some((f) => f.includes('openclaw-agent.sqlite-wal'))).toBe(true);
    await openQueryClose();
    expect(listing().map((f) => f.split(' ')[0])).toEqual(before.map((f) => f.split(' ')[0]));
  });

  it('a copy read while the gateway was stopped is read again once it starts and writes', async () => {
    copy = copyOpenclawFixture();
    setJournalMode('wal');
    const engine = await MemoryEngine.open({
      workspaceDir: copy.workspace,
      dataDir: copy.dataDir,
      openclawHome: copy.home,
    });
    closers.push(() => engine.close());
    await engine.sync();
    const lines = async () =>
      (await engine.readTranscriptJsonl(`sessions/main/${MAIN}.jsonl`)).trim().split('\n').length;
    const before = await lines();
    // The gateway starts (its -wal appears) and appends one event to the session.
    const gateway = new Database(copy.dbPath('main'));
    closers.push(() => gateway.close());
    const last = gateway
      .prepare('SELECT * FROM transcript_events WHERE session_id = ? ORDER BY seq DESC LIMIT 1')
      .get(MAIN) as Record<string, unknown>;
    const columns = Object.keys(last);
    gateway
      .prepare(`INSERT INTO transcript_events (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
      .run(...columns.map((c) => (c === 'seq' ? Number(last.seq) + 1 : last[c])));
    await engine.sync();
    expect(await lines()).toBe(before + 1);
  });
});
