// Lost updates across processes (issue 29, hole 1): two Memory Lens processes on one workspace —
// two serves, serve and a CLI restore — each with its own data folder, race the same write with
// the same expected hash. Exactly one may win; the others must get CONFLICT (or ALREADY_EXISTS
// for two creates). Each child runs the real engine in its own `node`; the parent starts both
// writes of a round with one write to their stdin and counts the rounds where more than one won.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from './text/hash.js';
import { compileForChild } from './index-lifecycle/test-support/compile-for-child.js';

const SAVE_ROUNDS = 40;
const OTHER_ROUNDS = 15;

interface Outcome {
  ok: boolean;
  code?: string;
}

interface Child {
  process: ChildProcessWithoutNullStreams;
  /** Resolves with the child's answer to its next command. */
  next(): Promise<Outcome>;
}

let root: string;
let workspace: string;
let children: Child[];

function startChild(engineUrl: string, dataDir: string): Promise<Child> {
  const script = `
    const { MemoryEngine } = await import(${JSON.stringify(engineUrl)});
    const engine = await MemoryEngine.open(${JSON.stringify({ workspaceDir: workspace, dataDir, openclawHome: path.join(dataDir, 'oc') })});
    await engine.sync();
    const readline = await import('node:readline');
    console.log(JSON.stringify({ ready: true }));
    for await (const line of readline.createInterface({ input: process.stdin })) {
      const { op, args } = JSON.parse(line);
      try {
        await engine[op](...args);
        console.log(JSON.stringify({ ok: true }));
      } catch (error) {
        console.log(JSON.stringify({ ok: false, code: error.code ?? String(error) }));
      }
    }
    await engine.close();
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting: ((line: string) => void)[] = [];
  let buffered = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      waiting.shift()?.(line);
    }
  });
  const next = () =>
    new Promise<Outcome>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`child exited with ${code}:\n${stderr}`));
      child.once('exit', onExit);
      waiting.push((line) => {
        child.off('exit', onExit);
        resolve(JSON.parse(line) as Outcome);
      });
    });
  return next().then(() => ({ process: child, next }));
}

/** Sends each child its command at once and collects the answers. */
async function race(commands: { op: string; args: unknown[] }[]): Promise<Outcome[]> {
  const answers = children.slice(0, commands.length).map((child) => child.next());
  commands.forEach((command, i) => children[i]!.process.stdin.write(`${JSON.stringify(command)}\n`));
  return Promise.all(answers);
}

function writeFresh(rel: string, text: string): string {
  fs.writeFileSync(path.join(workspace, rel), text);
  return sha256(fs.readFileSync(path.join(workspace, rel)));
}

const wins = (outcomes: Outcome[]) => outcomes.filter((o) => o.ok).length;

beforeAll(async () => {
  const engineUrl = pathToFileURL(compileForChild('electron/memory/engine.ts')).href;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cross-process-'));
  workspace = path.join(root, 'workspace');
  fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n');
  // Separate data folders: nothing the writers share but the workspace (and the user).
  children = await Promise.all(['a', 'b', 'c'].map((name) => startChild(engineUrl, path.join(root, `data-${name}`))));
}, 120_000);

afterAll(() => {
  for (const child of children ?? []) child.process.stdin.end();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('writes raced by processes with separate data folders', () => {
  it(`save: over ${SAVE_ROUNDS} rounds, never more than one "saved" for one base hash; the loser gets CONFLICT`, async () => {
    let doubleWins = 0;
    const started = performance.now();
    for (let round = 0; round < SAVE_ROUNDS; round++) {
      const base = writeFresh('memory/race.md', `# Race\n\nBase of round ${round}.\n`);
      const outcomes = await race([
        { op: 'saveFile', args: ['memory/race.md', `# Race\n\nRound ${round} by A.\n`, base] },
        { op: 'saveFile', args: ['memory/race.md', `# Race\n\nRound ${round} by B.\n`, base] },
      ]);
      if (wins(outcomes) > 1) doubleWins += 1;
      else {
        expect(wins(outcomes)).toBe(1);
        expect(outcomes.find((o) => !o.ok)?.code).toBe('CONFLICT');
        const winner = outcomes[0]!.ok ? 'A' : 'B';
        expect(fs.readFileSync(path.join(workspace, 'memory/race.md'), 'utf8')).toBe(
          `# Race\n\nRound ${round} by ${winner}.\n`,
        );
      }
    }
    console.log(
      `cross-process save race: ${doubleWins} of ${SAVE_ROUNDS} rounds with two "saved" (${Math.round(performance.now() - started)} ms)`,
    );
    expect(doubleWins).toBe(0);
  }, 120_000);

  it(`three writers: over ${OTHER_ROUNDS} rounds exactly one of three saves wins; both losers get CONFLICT`, async () => {
    let extraWins = 0;
    for (let round = 0; round < OTHER_ROUNDS; round++) {
      const base = writeFresh('memory/three.md', `# Three\n\nBase of round ${round}.\n`);
      const outcomes = await race(
        ['A', 'B', 'C'].map((who) => ({
          op: 'saveFile',
          args: ['memory/three.md', `# Three\n\n${round} by ${who}.\n`, base],
        })),
      );
      if (wins(outcomes) > 1) extraWins += 1;
      else {
        expect(wins(outcomes)).toBe(1);
        expect(outcomes.filter((o) => !o.ok).map((o) => o.code)).toEqual(['CONFLICT', 'CONFLICT']);
      }
    }
    console.log(`cross-process three-writer race: ${extraWins} of ${OTHER_ROUNDS} rounds with more than one "saved"`);
    expect(extraWins).toBe(0);
  }, 120_000);

  it(`save against delete: over ${OTHER_ROUNDS} rounds exactly one wins; the file is either deleted or saved`, async () => {
    let doubleWins = 0;
    for (let round = 0; round < OTHER_ROUNDS; round++) {
      const rel = `memory/del-${round}.md`;
      const base = writeFresh(rel, `# Delete me ${round}\n`);
      const outcomes = await race([
        { op: 'deleteFile', args: [rel, base] },
        { op: 'saveFile', args: [rel, `# Kept ${round}\n`, base] },
      ]);
      if (wins(outcomes) > 1) doubleWins += 1;
      else {
        expect(outcomes.find((o) => !o.ok)?.code).toBe('CONFLICT');
        expect(fs.existsSync(path.join(workspace, rel))).toBe(outcomes[1]!.ok);
      }
    }
    console.log(`cross-process save/delete race: ${doubleWins} of ${OTHER_ROUNDS} rounds with two winners`);
    expect(doubleWins).toBe(0);
  }, 120_000);

  it(`rename against save: over ${OTHER_ROUNDS} rounds exactly one wins`, async () => {
    let doubleWins = 0;
    for (let round = 0; round < OTHER_ROUNDS; round++) {
      const rel = `memory/ren-${round}.md`;
      const base = writeFresh(rel, `# Rename me ${round}\n`);
      const outcomes = await race([
        { op: 'renameFile', args: [rel, `memory/renamed-${round}.md`, base] },
        { op: 'saveFile', args: [rel, `# Saved ${round}\n`, base] },
      ]);
      if (wins(outcomes) > 1) doubleWins += 1;
      else expect(outcomes.find((o) => !o.ok)?.code).toBe('CONFLICT');
    }
    console.log(`cross-process rename/save race: ${doubleWins} of ${OTHER_ROUNDS} rounds with two winners`);
    expect(doubleWins).toBe(0);
  }, 120_000);

  it(`create: over ${OTHER_ROUNDS} rounds one creates, the other gets ALREADY_EXISTS`, async () => {
    for (let round = 0; round < OTHER_ROUNDS; round++) {
      const rel = `memory/new-${round}.md`;
      const outcomes = await race([
        { op: 'createFile', args: [rel, `# New by A ${round}\n`] },
        { op: 'createFile', args: [rel, `# New by B ${round}\n`] },
      ]);
      expect(wins(outcomes)).toBe(1);
      expect(outcomes.find((o) => !o.ok)?.code).toBe('ALREADY_EXISTS');
    }
  }, 120_000);
});
