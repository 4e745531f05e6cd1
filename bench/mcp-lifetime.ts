// How long `memlens mcp` lives after its client closes stdin (the usual way a client goes away):
// initialize, one memory_search, then end stdin and time the exit. Runs the built CLI
// (bin/memlens.js → dist/), so `npm run build:node` first. A process still alive after
// --give-up-ms (default 30 s) is killed and reported as such.
//   npm run build:node && npx tsc -p tsconfig.bench.json && node dist-bench/bench/mcp-lifetime.js [--runs 5]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot, sampleWorkspaceDir } from './repo-paths.js';

async function oneRun(giveUpMs: number): Promise<number | null> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-bench-mcp-'));
  const workspace = path.join(tmp, 'workspace');
  fs.cpSync(sampleWorkspaceDir(), workspace, { recursive: true });
  const child = spawn(
    process.execPath,
    [path.join(repoRoot(), 'bin', 'memlens.js'), 'mcp', '--workspace', workspace, '--data-dir', path.join(tmp, 'data')],
    {
      env: { ...process.env, HOME: tmp, MEMLENS_MODEL: '' },
      stdio: ['pipe', 'pipe', 'ignore'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  const answered = (id: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (out.split('\n').some((l) => l.startsWith('{') && (JSON.parse(l) as { id?: number }).id === id)) {
          child.stdout.off('data', check);
          resolve();
        }
      };
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        check();
      });
    });
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  await answered(1);
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  send({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'memory_search', arguments: { query: 'gateway DNS' } },
  });
  await answered(2);
  const closedAt = performance.now();
  child.stdin.end();
  const ended = await Promise.race([
    exited.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), giveUpMs)),
  ]);
  const lifetime = performance.now() - closedAt;
  if (!ended) {
    child.kill('SIGKILL');
    await exited;
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  return ended ? Math.round(lifetime) : null;
}

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const at = argv.indexOf(name);
  return at === -1 ? fallback : Number(argv[at + 1]);
};
const runs = flag('--runs', 5);
const giveUpMs = flag('--give-up-ms', 30_000);
const lifetimes: (number | null)[] = [];
for (let i = 0; i < runs; i++) lifetimes.push(await oneRun(giveUpMs));
const ended = lifetimes.filter((t): t is number => t !== null).sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    runs,
    exitedOnItsOwn: ended.length,
    stillAliveAfterMs: lifetimes.some((t) => t === null) ? giveUpMs : null,
    medianExitMs: ended.length ? ended[Math.floor(ended.length / 2)] : null,
    maxExitMs: ended.length ? ended[ended.length - 1] : null,
  })}\n`,
);
