// The activity file on real SQLite: access counts survive deleting and rebuilding the index (they
// are not in it), follow a chunk's text rather than its lines, are kept apart per workspace and per
// file; the search log is capped; two processes' handles add up; a damaged file is set aside.
import { englishText, translator } from '../../../shared/i18n.js';
import type { MessageRef } from '../../../shared/i18n.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';
import { logText } from '../../../shared/log-line.js';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeFinalScore } from '../../../shared/score.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import { openEngine } from '../open-engine.js';
import { activityDbPathFor } from './agent-activity-db.js';
import { AgentActivityStore } from './agent-activity-store.js';
import { loggedResponse } from './logged-response.js';

let tmp: string;
let workspace: string;
let dataDir: string;
const opened: { close(): unknown }[] = [];

function write(rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
  fs.writeFileSync(path.join(workspace, rel), text);
}

function store(maxSearches?: number): AgentActivityStore {
  const s = AgentActivityStore.open({ dataDir, ...(maxSearches ? { maxSearches } : {}) });
  opened.push(s);
  return s;
}

async function engineWith(activity: AgentActivityStore): Promise<MemoryEngineApi> {
  const engine = await openEngine({ workspaceDir: workspace, dataDir, embedder: null }, activity);
  opened.push({ close: () => engine.close() });
  await engine.sync();
  return engine;
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-activity-'));
  workspace = path.join(tmp, 'workspace');
  dataDir = path.join(tmp, 'data');
  write('MEMORY.md', '# Memory\n\nThe router is an ASUS RT-AX86U.\n');
  write(
    'memory/network.md',
    '# Network\n\nThe router reboots every Sunday at 04:00.\n\nThe NAS sits at 192.168.50.20.\n',
  );
});

afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('access counts', () => {
  it('show in the breakdown, survive deleting the index, and can lift a result when the boost is on', async () => {
    const activity = store();
    let engine = await engineWith(activity);
    const first = await engine.search({ query: 'router', minScore: 0 });
    expect(first.results.map((r) => r.path)).toEqual(['MEMORY.md', 'memory/network.md']);
    expect(first.results[0]!.breakdown.access).toEqual({
      count: 0,
      lastAccessAt: null,
      enabled: false,
      factor: 0.1,
      multiplier: 1,
    });

    const network = first.results[1]!;
    const log = activity.workspace(workspace);
    for (let i = 0; i < 5; i++)
      log.recordAccess(
        [{ path: network.path, hash: network.chunkHash, startLine: network.startLine, endLine: network.endLine }],
        1_000 + i,
      );

    // The index is disposable: delete it and rebuild from the files.
    await engine.close();
    fs.rmSync(path.dirname(engine.dbPath), { recursive: true, force: true });
    engine = await engineWith(activity);
    const plain = await engine.search({ query: 'router', minScore: 0 });
    const after = plain.results.find((r) => r.path === network.path)!;
    expect(after.breakdown.access).toMatchObject({ count: 5, lastAccessAt: 1_004, enabled: false, multiplier: 1 });
    expect(plain.results.map((r) => r.path)).toEqual(['MEMORY.md', 'memory/network.md']);

    const boosted = await engine.search({ query: 'router', minScore: 0, accessBoost: { enabled: true, factor: 0.5 } });
    const lifted = boosted.results.find((r) => r.path === network.path)!;
    expect(lifted.breakdown.access!.multiplier).toBeCloseTo(1 + 0.5 * Math.log(6), 12);
    expect(lifted.score).toBe(computeFinalScore(lifted.breakdown));
    expect(lifted.score).toBeCloseTo(after.score * lifted.breakdown.access!.multiplier, 12);
    expect(boosted.results.map((r) => r.path)).toEqual(['memory/network.md', 'MEMORY.md']);
  });

  it('follow the text of a chunk: kept when the file changes elsewhere, not carried to a copy or another workspace', async () => {
    // Long enough for several chunks (400 tokens each): the NAS note is in the first, the edit in the last.
    const filler = Array.from(
      { length: 60 },
      (_, i) => `- Device ${i}: a switch port note that is long enough to fill the chunk.`,
    ).join('\n');
    write(
      'memory/network.md',
      `# Network\n\nThe NAS sits at 192.168.50.20.\n\n${filler}\n\nThe router reboots on Sundays.\n`,
    );
    const activity = store();
    const engine = await engineWith(activity);
    const hit = (await engine.search({ query: 'NAS', minScore: 0 })).results.find(
      (r) => r.path === 'memory/network.md',
    )!;
    expect(hit.startLine).toBe(1);
    const log = activity.workspace(workspace);
    log.recordAccess([{ path: hit.path, hash: hit.chunkHash, startLine: hit.startLine, endLine: hit.endLine }]);

    write(
      'memory/network.md',
      fs.readFileSync(path.join(workspace, hit.path), 'utf8').replace('on Sundays', 'on Mondays'),
    );
    write('memory/copy.md', fs.readFileSync(path.join(workspace, hit.path), 'utf8'));
    await engine.sync();
    const results = (await engine.search({ query: 'NAS', minScore: 0 })).results;
    // The copy's first chunk has exactly the original's text: search shows the two once, one
    // listing the other as "also in". The chunk's hash survived the edit elsewhere in the file,
    // so its count is kept; the copy's own count is its own.
    const shown = results.find((r) => [r.path, ...(r.alsoIn ?? []).map((d) => d.path)].includes(hit.path))!;
    expect([shown.path, ...shown.alsoIn!.map((d) => d.path)].sort()).toEqual(['memory/copy.md', 'memory/network.md']);
    expect(shown.chunkHash).toBe(hit.chunkHash);
    expect(shown.breakdown.access!.count).toBe(shown.path === hit.path ? 1 : 0);
    expect(log.accessStats([{ path: hit.path, hash: hit.chunkHash }])[0]!.count).toBe(1);
    expect(log.accessStats([{ path: 'memory/copy.md', hash: hit.chunkHash }])[0]!.count).toBe(0);
    expect(
      activity.workspace(path.join(tmp, 'elsewhere')).accessStats([{ path: hit.path, hash: hit.chunkHash }])[0]!.count,
    ).toBe(0);

    // Its own text edited: a new chunk, counted from zero; the old count stays on record.
    write(hit.path, fs.readFileSync(path.join(workspace, hit.path), 'utf8').replace('192.168.50.20', '192.168.50.21'));
    await engine.sync();
    const edited = (await engine.search({ query: 'NAS', minScore: 0 })).results.find((r) => r.path === hit.path)!;
    expect(edited.chunkHash).not.toBe(hit.chunkHash);
    expect(edited.breakdown.access!.count).toBe(0);
    expect(log.fileAccess(hit.path)).toEqual([
      {
        hash: hit.chunkHash,
        startLine: hit.startLine,
        endLine: hit.endLine,
        count: 1,
        lastAccessAt: expect.any(Number),
      },
    ]);
  });

  it('add up across processes writing the same file at once', () => {
    const a = store().workspace(workspace);
    const b = store().workspace(workspace);
    const chunk = { path: 'MEMORY.md', hash: 'h1', startLine: 1, endLine: 3 };
    for (let i = 0; i < 20; i++) {
      a.recordAccess([chunk]);
      b.recordAccess([chunk, chunk]);
    }
    expect(a.accessStats([{ path: 'MEMORY.md', hash: 'h1' }])[0]!.count).toBe(40);
  });

  it('start over when the activity file is damaged, keeping the damaged one aside', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(activityDbPathFor(dataDir), 'this is not a database, it is forty-odd bytes of text');
    const lines: MessageRef[] = [];
    const s = AgentActivityStore.open({ dataDir, log: (m) => lines.push(m) });
    opened.push(s);
    s.workspace(workspace).recordAccess([{ path: 'MEMORY.md', hash: 'h', startLine: 1, endLine: 1 }]);
    expect(s.workspace(workspace).accessStats([{ path: 'MEMORY.md', hash: 'h' }])[0]!.count).toBe(1);
    expect(lines.map(englishText).join('\n')).toMatch(
      /^Agent activity \(access counts, search log\) was damaged \(the file is not a database \(SQLITE_NOTADB\)\); it was moved aside to agent-activity\.sqlite\.damaged-.* and a new one was started\.$/,
    );
    // The same line by id in a Chinese process: no English sentence left.
    const chinese = lines.map((line) => translator('zh-CN')(line.messageId, line.params)).join('\n');
    expect(chinese).toMatch(
      /^智能体活动记录（读取次数、搜索日志）已损坏（文件不是数据库（SQLITE_NOTADB））；已移到 agent-activity\.sqlite\.damaged-.*，并新建了一个。$/,
    );
    expect(englishLeft(chinese)).toEqual([]);
    expect(fs.readdirSync(dataDir).some((f) => f.startsWith('agent-activity.sqlite.damaged-'))).toBe(true);
  });
});

describe('an activity file that is not ours', () => {
  it('is left alone and said so by id: in Chinese, naming the file and its application_id', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = activityDbPathFor(dataDir);
    const other = new Database(file);
    other.pragma('application_id = 42');
    other.exec('CREATE TABLE theirs (x)');
    other.close();
    const lines: MessageRef[] = [];
    const s = AgentActivityStore.open({ dataDir, log: (m) => lines.push(m) });
    opened.push(s);
    expect(lines.map(englishText)).toEqual([
      `agent activity (access counts, search log) is not kept: ${file} is not a Memory Lens file (application_id 42); it was left alone.`,
    ]);
    const chinese = logText(translator('zh-CN'), lines[0]!);
    expect(chinese).toBe(
      `不保留智能体活动（访问次数、搜索记录）：${file} 不是 Memory Lens 的文件（application_id 42）；没有改动它。`,
    );
    expect(englishLeft(chinese)).toEqual([]);
    const after = new Database(file, { readonly: true });
    expect(after.pragma('application_id', { simple: true })).toBe(42);
    expect(after.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all()).toEqual([{ name: 'theirs' }]);
    after.close();
  });
});

describe('the agent search log', () => {
  it('keeps the newest searches up to the cap, per workspace, with exactly the results returned', async () => {
    const activity = store(3);
    const engine = await engineWith(activity);
    const log = activity.workspace(workspace);
    const ids: number[] = [];
    for (const query of ['router', 'NAS', 'Sunday', 'ASUS', 'reboots']) {
      const options = { query, minScore: 0 };
      const response = await engine.search(options);
      ids.push(
        log.logSearch({
          at: Date.now(),
          caller: { kind: 'cli', client: null },
          query,
          mode: response.mode,
          options,
          response: loggedResponse(response),
        })!,
      );
    }
    activity.workspace(path.join(tmp, 'other')).logSearch({
      at: 1,
      caller: { kind: 'mcp', client: 'x' },
      query: 'other workspace',
      mode: 'fts-only',
      options: { query: 'other workspace' },
      response: { results: [], provider: 'none', model: 'none', fallback: null, notices: [] },
    });
    const list = log.listSearches();
    expect(list).toMatchObject({ total: 3, cap: 3 });
    expect(list.entries.map((e) => e.query)).toEqual(['reboots', 'ASUS', 'Sunday']);
    expect(log.getSearch(ids[0]!)).toBeNull();
    const kept = log.getSearch(ids[4]!)!;
    expect(kept).toMatchObject({
      query: 'reboots',
      caller: { kind: 'cli', client: null },
      resultCount: 1,
      topPath: 'memory/network.md',
    });
    expect(kept.response.results[0]!.breakdown.final).toBe(kept.response.results[0]!.score);
    // Ids are never reused after old entries are dropped.
    expect(new Set(ids).size).toBe(5);
  });
});
