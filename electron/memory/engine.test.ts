import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileChangeEvent, IndexProgress } from '../../shared/domain.js';
import { MemoryLensError } from '../../shared/errors.js';
import { MemoryEngine } from './engine.js';
import { sha256 } from './text/hash.js';
import { SCHEMA_VERSION } from './index/schema.js';
import { READ_WINDOW } from './sync/sync.js';

const engines: MemoryEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
});

interface Setup {
  root: string;
  workspace: string;
  dataDir: string;
  dbPath: string;
  write(rel: string, text: string | Buffer): void;
  open(): Promise<MemoryEngine>;
}

function setup(files: Record<string, string> = {}): Setup {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-engine-'));
  const workspace = path.join(root, 'workspace');
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(workspace);
  const write = (rel: string, text: string | Buffer): void => {
    const abs = path.join(workspace, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
  };
  for (const [rel, text] of Object.entries(files)) write(rel, text);
  const dbPath = path.join(dataDir, 'index.sqlite');
  return {
    root,
    workspace,
    dataDir,
    dbPath,
    write,
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

const SESSION = [
  JSON.stringify({ type: 'session', id: 's1', timestamp: '2026-05-04T09:00:00Z' }),
  JSON.stringify({
    type: 'message',
    timestamp: '2026-05-04T09:00:01Z',
    message: { role: 'user', content: 'What was the gateway timeout?' },
  }),
  '{not json',
  JSON.stringify({
    type: 'message',
    timestamp: '2026-05-04T09:00:02Z',
    message: { role: 'assistant', content: [{ type: 'text', text: 'The gateway timeout is 45 seconds.' }] },
  }),
].join('\n');

const BASE_FILES = {
  'MEMORY.md': '# Long-term memory\n\nThe user prefers tea over coffee.\n',
  'memory/2026-05-04.md':
    '---\ncreated: 2026-05-04\ntags: [work]\n---\n# 2026-05-04\n\n合同金额是12,345万元。\nRouter firmware updated.\n',
  'sessions/chat.jsonl': SESSION,
  'notes/not-memory.md': 'This file is outside the memory folders: zebra.\n',
};

async function hits(engine: MemoryEngine, query: string): Promise<string[]> {
  const response = await engine.search({ query, minScore: 0, maxResults: 20 });
  return response.results.map((r) => `${r.path}:${r.startLine}`);
}

describe('MemoryEngine index and search', () => {
  it('indexes a workspace and finds memory, CJK text and session lines keyword-only', async () => {
    const s = setup(BASE_FILES);
    const engine = await s.open();
    const report = await engine.sync();
    expect(report).toMatchObject({ filesScanned: 3, filesIndexed: 3, filesFailed: 0, filesRemoved: 0 });
    expect(await hits(engine, '昨天那个合同金额')).toEqual(['memory/2026-05-04.md:5']);
    expect(await hits(engine, 'tea')).toEqual(['MEMORY.md:1']);
    // The JSONL line of the assistant message (line 4), not a line of the derived text.
    expect((await hits(engine, 'gateway 45')).at(0)).toBe('sessions/chat.jsonl:2');
    const response = await engine.search({ query: 'gateway seconds', minScore: 0 });
    expect(response.mode).toBe('fts-only');
    expect(response.modeReason).toBe('no embedding model configured');
    expect(await hits(engine, 'zebra')).toEqual([]);

    const status = engine.status();
    expect(status).toMatchObject({
      files: 3,
      mode: 'fts-only',
      vectorBackend: 'none',
      schemaVersion: SCHEMA_VERSION,
      errors: [],
    });
    expect(status.bySource.sessions.files).toBe(1);
    expect(status.lastSyncAt).not.toBeNull();
    const files = await engine.listFiles();
    expect(files.find((f) => f.path === 'sessions/chat.jsonl')).toMatchObject({
      kind: 'session',
      malformedLines: 1,
      indexState: 'indexed',
    });
    expect(files.find((f) => f.path === 'memory/2026-05-04.md')).toMatchObject({ kind: 'dated', tags: ['work'] });
    // The index lives in the data folder, never in the workspace.
    expect(fs.existsSync(s.dbPath)).toBe(true);
    expect(fs.readdirSync(s.workspace).some((name) => name.includes('sqlite'))).toBe(false);
  });

  it('skips unchanged files, reindexes changed ones and drops removed ones', async () => {
    const s = setup(BASE_FILES);
    const engine = await s.open();
    await engine.sync();
    expect(await engine.sync()).toMatchObject({ filesIndexed: 0, filesUnchanged: 3, filesSkipped: 0, filesRemoved: 0 });

    s.write('MEMORY.md', '# Long-term memory\n\nThe user now prefers coffee.\n');
    fs.utimesSync(path.join(s.workspace, 'MEMORY.md'), new Date(), new Date(Date.now() + 5000));
    expect(await engine.sync()).toMatchObject({ filesIndexed: 1, filesUnchanged: 2 });
    expect(await hits(engine, 'tea')).toEqual([]);
    expect(await hits(engine, 'coffee')).toEqual(['MEMORY.md:1']);

    // Same bytes, new mtime (a `touch`): hashed, not rewritten; the next sync takes the fast path.
    fs.utimesSync(path.join(s.workspace, 'MEMORY.md'), new Date(), new Date(Date.now() + 10_000));
    expect(await engine.sync()).toMatchObject({ filesIndexed: 0, filesUnchanged: 3 });

    fs.rmSync(path.join(s.workspace, 'sessions', 'chat.jsonl'));
    const events: FileChangeEvent[] = [];
    engine.onDidChangeFile((event) => events.push(event));
    expect(await engine.sync()).toMatchObject({ filesRemoved: 1, filesIndexed: 0 });
    expect(events).toEqual([{ path: 'sessions/chat.jsonl', change: 'deleted', hash: null }]);
    expect(await hits(engine, 'gateway')).toEqual([]);
    expect(engine.status().files).toBe(2);
  });

  it('records a file that cannot be read and indexes the others', async () => {
    const files: Record<string, string> = {};
    const others = READ_WINDOW + 4;
    for (let i = 0; i < others; i++)
      files[`memory/a${String(i).padStart(2, '0')}.md`] = `note ${i} about lighthouses\n`;
    const s = setup({ ...files, 'memory/z-broken.md': 'about to vanish\n' });
    const engine = await s.open();
    let broke = false;
    engine.onDidProgress((progress: IndexProgress) => {
      // After discovery listed it, before it is read (it sorts last, in the second read window): make it unreadable.
      if (!broke && progress.phase === 'indexing') {
        broke = true;
        fs.rmSync(path.join(s.workspace, 'memory', 'z-broken.md'));
        fs.mkdirSync(path.join(s.workspace, 'memory', 'z-broken.md'));
      }
    });
    const report = await engine.sync();
    expect(report).toMatchObject({ filesIndexed: others, filesFailed: 1 });
    const broken = (await engine.listFiles()).find((f) => f.path === 'memory/z-broken.md');
    expect(broken).toMatchObject({ indexState: 'failed', chunks: 0 });
    expect(broken?.indexError).toMatch(/could not read/);
    expect(engine.status().errors).toEqual([expect.objectContaining({ path: 'memory/z-broken.md' })]);
    expect((await engine.search({ query: 'lighthouses', minScore: 0, maxResults: 100 })).results).toHaveLength(others);
  });

  it('reports progress with a first and a last event; status says done until the next sync', async () => {
    const s = setup(BASE_FILES);
    const engine = await s.open();
    // An index kept from an earlier run has a lastSyncAt already: only progress says this run's sync ended.
    expect(engine.status().progress).toBeNull();
    const phases: string[] = [];
    engine.onDidProgress((p) => phases.push(p.phase));
    await engine.sync();
    expect(phases[0]).toBe('scanning');
    expect(phases.at(-1)).toBe('done');
    expect(engine.status().progress?.phase).toBe('done');
  });

  it('refuses an index path inside the workspace', async () => {
    const s = setup(BASE_FILES);
    await expect(
      MemoryEngine.open({
        workspaceDir: s.workspace,
        dataDir: path.join(s.root, 'data'),
        dbPath: path.join(s.workspace, 'memory', 'index.sqlite'),
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });

  it('keys the default index location by workspace under the data folder', async () => {
    const s = setup(BASE_FILES);
    const engine = await MemoryEngine.open({ workspaceDir: s.workspace, dataDir: s.dataDir });
    engines.push(engine);
    expect(engine.dbPath).toMatch(new RegExp(`^${s.dataDir}/indexes/workspace-[0-9a-f]{12}/index\\.sqlite$`));
  });
});

describe('MemoryEngine index recovery', () => {
  it('rebuilds an index written by an older schema version', async () => {
    const s = setup(BASE_FILES);
    const first = await s.open();
    await first.sync();
    await first.close();
    const db = new Database(s.dbPath);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(SCHEMA_VERSION - 1));
    db.close();

    const engine = await s.open();
    const report = await engine.sync();
    expect(report.filesIndexed).toBe(3);
    const reopened = new Database(s.dbPath, { readonly: true });
    expect(reopened.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(
      String(SCHEMA_VERSION),
    );
    reopened.close();
    expect(fs.existsSync(`${s.dbPath}.next`)).toBe(false);
    expect(await hits(engine, 'tea')).toEqual(['MEMORY.md:1']);
    expect((await engine.search({ query: 'tea', minScore: 0 })).notices.map((n) => n.code)).not.toContain(
      'index-building',
    );
  });

  it('keeps answering searches from the old index while the rebuild runs', async () => {
    const files: Record<string, string> = { ...BASE_FILES };
    for (let i = 0; i < 200; i++) files[`memory/topic-${i}.md`] = `# Topic ${i}\n\nFiller about ferns number ${i}.\n`;
    const s = setup(files);
    const first = await s.open();
    await first.sync();
    await first.close();
    const db = new Database(s.dbPath);
    db.prepare("UPDATE meta SET value = '0' WHERE key = 'chunker_version'").run();
    db.close();

    const engine = await s.open();
    const rebuilding = engine.sync();
    const during = await engine.search({ query: 'tea', minScore: 0 });
    const phaseDuring = engine.status().progress?.phase;
    expect(during.results.map((r) => r.path)).toEqual(['MEMORY.md']);
    expect(during.notices.map((n) => n.code)).toContain('index-building');
    expect(phaseDuring === 'scanning' || phaseDuring === 'rebuilding').toBe(true);
    await rebuilding;
    const after = await engine.search({ query: 'tea', minScore: 0 });
    expect(after.results.map((r) => r.path)).toEqual(['MEMORY.md']);
    expect(after.notices.map((n) => n.code)).not.toContain('index-building');
    expect(fs.existsSync(`${s.dbPath}.next`)).toBe(false);
  });

  it('quarantines a garbage index file, says so in status, and rebuilds from the files', async () => {
    const s = setup(BASE_FILES);
    fs.mkdirSync(s.dataDir, { recursive: true });
    fs.writeFileSync(s.dbPath, Buffer.from('this is not a database at all, just bytes '.repeat(200)));
    const engine = await s.open();
    const status = engine.status();
    expect(status.errors[0]?.message).toMatch(/could not be read.*moved to .*index\.sqlite\.damaged-/);
    const aside = fs.readdirSync(s.dataDir).filter((name) => name.startsWith('index.sqlite.damaged-'));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(s.dataDir, aside[0]!), 'utf8')).toMatch(/^this is not a database/);
    expect((await engine.sync()).filesIndexed).toBe(3);
    expect(await hits(engine, 'tea')).toEqual(['MEMORY.md:1']);
  });

  it('moves an index aside and rebuilds it when damage shows up in use (too big for the open-time check)', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 400; i++)
      files[`memory/n${i}.md`] = `# N${i}\n\n` + `word${i} lorem ipsum dolor sit amet ${i}\n`.repeat(80);
    const s = setup(files);
    const first = await s.open();
    await first.sync();
    await first.close();
    const bytes = fs.readFileSync(s.dbPath);
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    const pages = bytes.length / 4096;
    for (let p = Math.floor(pages * 0.3); p < Math.floor(pages * 0.6); p++) bytes.fill(0xab, p * 4096, (p + 1) * 4096);
    fs.writeFileSync(s.dbPath, bytes);

    const engine = await s.open();
    // The first read that meets the damage starts the recovery instead of throwing.
    engine.status();
    await engine.listFiles().catch((error: unknown) => expect(error).toMatchObject({ code: 'INDEX_CORRUPT' }));
    await engine.sync();
    expect(
      engine
        .status()
        .errors.map((e) => e.message)
        .join('\n'),
    ).toMatch(/damaged .* moved to .*index\.sqlite\.damaged-/);
    expect(fs.readdirSync(s.dataDir).some((name) => name.startsWith('index.sqlite.damaged-'))).toBe(true);
    expect(engine.status().files).toBe(400);
    // Every chunk holds lorem; only n7's hold word7, so they rank first.
    expect((await hits(engine, 'word7 lorem'))[0]).toMatch(/^memory\/n7\.md:/);
  });
});

describe('MemoryEngine file operations', () => {
  it('saves byte-exactly, refuses a stale hash with CONFLICT, and reindexes at once', async () => {
    const s = setup({ ...BASE_FILES, 'memory/crlf.md': '\uFEFFline one\r\nline two\r\n' });
    const engine = await s.open();
    await engine.sync();
    const file = await engine.readFile('memory/crlf.md');
    expect(file).toMatchObject({ bom: true, eol: 'crlf', readOnly: null, text: 'line one\r\nline two\r\n' });

    const saved = await engine.saveFile('memory/crlf.md', 'line one\r\nline two about walruses\r\n', file.hash);
    const bytes = fs.readFileSync(path.join(s.workspace, 'memory/crlf.md'));
    expect(bytes.equals(Buffer.from('\uFEFFline one\r\nline two about walruses\r\n', 'utf8'))).toBe(true);
    expect(saved.hash).toBe(sha256(bytes));
    expect(await hits(engine, 'walruses')).toEqual(['memory/crlf.md:1']);

    // Someone else changed it since: the old hash no longer matches.
    s.write('memory/crlf.md', 'edited elsewhere\n');
    const conflict = await engine.saveFile('memory/crlf.md', 'mine', saved.hash).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(MemoryLensError);
    expect(conflict).toMatchObject({ code: 'CONFLICT', details: { currentHash: sha256('edited elsewhere\n') } });
    expect(fs.readFileSync(path.join(s.workspace, 'memory/crlf.md'), 'utf8')).toBe('edited elsewhere\n');
  });

  it('a save during a long sync returns without waiting for the sync, and is searchable once it ends', async () => {
    const files: Record<string, string> = { 'MEMORY.md': '# Memory\n\nThe kettle is green.\n' };
    for (let i = 0; i < 3000; i++) files[`memory/bulk/n${i}.md`] = `# Note ${i}\n\nSomething about item ${i}.\n`;
    const ws = setup(files);
    const engine = await ws.open();
    const opened = await engine.readFile('MEMORY.md');
    let syncEnded = false;
    const sync = engine.sync({ full: true }).then((report) => {
      syncEnded = true;
      return report;
    });
    // Saving while the 3,000 files are being written.
    await engine.saveFile('MEMORY.md', '# Memory\n\nThe kettle is now vermilion.\n', opened.hash);
    expect(syncEnded).toBe(false);
    await sync;
    await vi.waitFor(async () =>
      expect((await engine.search({ query: 'vermilion', minScore: 0 })).results.map((r) => r.path)).toEqual([
        'MEMORY.md',
      ]),
    );
  });

  it('reads sessions read-only and refuses to write them or paths outside the workspace', async () => {
    const s = setup(BASE_FILES);
    const engine = await s.open();
    expect((await engine.readFile('sessions/chat.jsonl')).readOnly).toBe('session');
    const transcript = await engine.readTranscript('sessions/chat.jsonl');
    expect(transcript.malformedLines).toBe(1);
    expect(transcript.messages.map((m) => m.line)).toEqual([2, 4]);
    await expect(engine.saveFile('sessions/chat.jsonl', 'x', null)).rejects.toMatchObject({ code: 'NOT_ALLOWED' });
    await expect(engine.readFile('../outside.md')).rejects.toMatchObject({ code: 'OUT_OF_ROOT' });
    await expect(engine.createFile('notes/new.md', 'x')).rejects.toMatchObject({ code: 'NOT_ALLOWED' });
    await expect(engine.readTranscript('MEMORY.md')).rejects.toMatchObject({ code: 'NOT_ALLOWED' });
    await expect(engine.get('../x.md')).rejects.toMatchObject({ code: 'OUT_OF_ROOT' });
    expect((await engine.get('MEMORY.md', 3, 1)).text).toBe('The user prefers tea over coffee.');
  });

  it('creates, renames and deletes memory files, keeping the index in step', async () => {
    const s = setup(BASE_FILES);
    const engine = await s.open();
    await engine.sync();
    const events: FileChangeEvent[] = [];
    engine.onDidChangeFile((event) => events.push(event));

    const created = await engine.createFile(
      'memory/topics/otters.md',
      '# Otters\n\nOtters hold hands while sleeping.\n',
    );
    expect(created.hash).toBe(sha256('# Otters\n\nOtters hold hands while sleeping.\n'));
    expect(await hits(engine, 'otters sleeping')).toEqual(['memory/topics/otters.md:1']);
    await expect(engine.createFile('memory/topics/otters.md', 'again')).rejects.toMatchObject({
      code: 'ALREADY_EXISTS',
    });

    await expect(engine.renameFile('memory/topics/otters.md', 'MEMORY.md')).rejects.toMatchObject({
      code: 'ALREADY_EXISTS',
    });
    const renamed = await engine.renameFile('memory/topics/otters.md', 'memory/otters-2026-05-05.md');
    expect(renamed.path).toBe('memory/otters-2026-05-05.md');
    expect(fs.existsSync(path.join(s.workspace, 'memory/topics/otters.md'))).toBe(false);
    expect(await hits(engine, 'otters sleeping')).toEqual(['memory/otters-2026-05-05.md:1']);

    await engine.deleteFile('memory/otters-2026-05-05.md');
    expect(fs.existsSync(path.join(s.workspace, 'memory/otters-2026-05-05.md'))).toBe(false);
    const trash = path.join(s.dataDir, 'trash');
    const [stamp] = fs.readdirSync(trash);
    expect(fs.readFileSync(path.join(trash, stamp!, 'memory', 'otters-2026-05-05.md'), 'utf8')).toContain(
      'Otters hold hands',
    );
    expect(await hits(engine, 'otters')).toEqual([]);
    await expect(engine.deleteFile('memory/otters-2026-05-05.md')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    expect(events.map((e) => `${e.change} ${e.path}`)).toEqual([
      'added memory/topics/otters.md',
      'deleted memory/topics/otters.md',
      'added memory/otters-2026-05-05.md',
      'deleted memory/otters-2026-05-05.md',
    ]);
  });

  it('builds the timeline from indexed files with their titles', async () => {
    const s = setup(BASE_FILES);
    const engine = await s.open();
    await engine.sync();
    const timeline = await engine.timeline();
    expect(timeline.map((e) => [e.path, e.type, e.title])).toEqual([
      ['memory/2026-05-04.md', 'daily', '2026-05-04'],
      // A session goes by its first user message, not its file name (a UUID in OpenClaw).
      ['sessions/chat.jsonl', 'session', 'What was the gateway timeout?'],
    ]);
  });
});
