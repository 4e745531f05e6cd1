// A `memlens serve` child the benches talk to: its URL once it prints "Open:", a typed call to its
// API, and everything it printed (its exit report included).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot, sampleWorkspaceDir } from './repo-paths.js';

export interface ServeAnswer {
  ok: boolean;
  result: { progress?: unknown; files?: number; lastSyncAt?: number | null; tookMs?: number };
}

export async function connectServe(
  child: ChildProcess,
): Promise<{ url: URL; call: (name: string, args: unknown) => Promise<ServeAnswer>; output: () => string }> {
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Open: (http:\/\/\S+)/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(new URL(m[1]!));
      }
    }, 20);
    child.once('exit', () => {
      clearInterval(timer);
      reject(new Error(out));
    });
  });
  const token = url.searchParams.get('token')!;
  const call = async (name: string, args: unknown): Promise<ServeAnswer> => {
    const response = await fetch(`${url.origin}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-memlens-token': token },
      body: JSON.stringify(args),
    });
    return (await response.json()) as ServeAnswer;
  };
  return { url, call, output: () => out };
}

/** `memlens serve` on the sample workspace, keyword-only, with its data folder under `home`. */
export function spawnSampleServe(home: string, extraArgs: string[] = []): ChildProcess {
  const args = ['serve', '--port', '0', '--workspace', sampleWorkspaceDir(), '--data-dir', path.join(home, 'data')];
  return spawn(process.execPath, [path.join(repoRoot(), 'bin', 'memlens.js'), ...args, ...extraArgs], {
    env: { ...process.env, HOME: home, MEMLENS_MODEL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
