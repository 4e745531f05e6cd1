// Two real processes opening one stale index — a `memlens index` and a `memlens serve`, say.
// Each runs the engine's own code in a child `node`. Only one may rebuild: the other waits for
// it (or finds its result already in place) and serves that; nobody clobbers `index.sqlite.next`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHUNKER_VERSION } from './chunk/chunker.js';
import { MemoryEngine } from './engine.js';
import { compileForChild } from './index-lifecycle/test-support/compile-for-child.js';
import { rebuildLockPath } from './index-lifecycle/rebuild-lock.js';
import { SCHEMA_VERSION } from './index/schema.js';

/** Enough files that one rebuild is still running when the second process has started. */
const FILE_COUNT = 1500;

interface ChildReport {
  pid: number;
  initialState: string;
  states: string[];
  reasons: string[];
  filesIndexed: number;
  files: number;
  errors: string[];
}

let engineUrl: string;
beforeAll(() => {
  engineUrl = pathToFileURL(compileForChild('electron/memory/engine.ts')).href;
});

/** Starts a child that opens the engine and syncs; `onRebuilding` fires when it reports 'rebuilding'. */
function startChild(
  options: { workspace: string; dataDir: string; dbPath: string; openclawHome: string },
  onRebuilding?: () => void,
): Promise<ChildReport> {
  const script = `
    const { MemoryEngine } = await import(${JSON.stringify(engineUrl)});
    const options = ${JSON.stringify({ workspaceDir: options.workspace, dataDir: options.dataDir, dbPath: options.dbPath, openclawHome: options.openclawHome })};
    const engine = await MemoryEngine.open(options);
    const states = [];
    const reasons = [];
    const initialState = engine.status().lifecycle.state;
    engine.onDidChangeStatus((status) => {
      if (states.at(-1) !== status.lifecycle.state) {
        states.push(status.lifecycle.state);
        if (status.lifecycle.reason) reasons.push(status.lifecycle.reason);
        if (status.lifecycle.state === 'rebuilding') console.log('rebuilding');
      }
    });
    const report = await engine.sync();
    const status = engine.status();
    await engine.close();
    console.log(JSON.stringify({ pid: process.pid, initialState, states, reasons, filesIndexed: report.filesIndexed, files: status.files, errors: status.errors.map((e) => e.message) }));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (onRebuilding && out.includes('rebuilding\n')) {
        onRebuilding();
        onRebuilding = undefined;
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`child exited with ${code}:\n${err}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)!) as ChildReport);
    });
  });
}

describe('two processes and one stale index', () => {
  it('one rebuilds, the other waits for it; both end with the same valid index and no clobbered .next', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-two-procs-'));
    const workspace = path.join(root, 'workspace');
    fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
    for (let i = 0; i < FILE_COUNT; i++) {
      fs.writeFileSync(
        path.join(workspace, 'memory', `note-${i}.md`),
        `# Note ${i}\n\nThe lighthouse keeper logged entry ${i} about ferns and tides.\n`,
      );
    }
    const options = {
      workspace,
      dataDir: path.join(root, 'data'),
      dbPath: path.join(root, 'data', 'index.sqlite'),
      openclawHome: path.join(root, 'oc'),
    };

    // An index from an earlier chunker: stale for both processes.
    const first = await MemoryEngine.open({
      workspaceDir: workspace,
      dataDir: options.dataDir,
      dbPath: options.dbPath,
      openclawHome: options.openclawHome,
    });
    await first.sync();
    await first.close();
    const db = new Database(options.dbPath);
    db.prepare("UPDATE meta SET value = '0' WHERE key = 'chunker_version'").run();
    db.close();

    // The second process starts once the first has begun rebuilding, so it opens the index while it is still stale.
    let rebuildingStarted!: () => void;
    const rebuilding = new Promise<void>((resolve) => (rebuildingStarted = resolve));
    const firstDone = startChild(options, rebuildingStarted);
    await Promise.race([rebuilding, firstDone]);
    const [a, b] = await Promise.all([firstDone, startChild(options)]);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    // Exactly one full rebuild between them.
    expect(a.filesIndexed + b.filesIndexed, `first: ${JSON.stringify(a)}\nsecond: ${JSON.stringify(b)}`).toBe(
      FILE_COUNT,
    );
    expect(a.states).toContain('rebuilding');
    if (b.initialState === 'stale') {
      // It opened the stale index while the first was rebuilding it: it waited, or found the result already swapped in.
      expect(b.filesIndexed).toBe(0);
      if (b.states.includes('rebuilding'))
        expect(b.reasons.join('\n')).toMatch(
          new RegExp(`another Memory Lens process \\(pid ${a.pid}\\) is rebuilding it`),
        );
    }
    expect(a.files).toBe(FILE_COUNT);
    expect(b.files).toBe(FILE_COUNT);

    const dataFiles = fs.readdirSync(options.dataDir);
    expect(
      dataFiles.filter((name) => name.includes('.next') || name.includes('corrupt') || name.endsWith('.lock')),
    ).toEqual([]);
    expect(fs.existsSync(rebuildLockPath(options.dbPath))).toBe(false);
    const check = new Database(options.dbPath, { readonly: true });
    expect(check.pragma('quick_check', { simple: true })).toBe('ok');
    expect(check.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(
      String(SCHEMA_VERSION),
    );
    expect(check.prepare("SELECT value FROM meta WHERE key = 'chunker_version'").pluck().get()).toBe(
      String(CHUNKER_VERSION),
    );
    expect(check.prepare('SELECT count(*) FROM files').pluck().get()).toBe(FILE_COUNT);
    check.close();
  }, 120_000);
});
