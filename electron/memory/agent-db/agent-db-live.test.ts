import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryEngine } from '../engine.js';
import { copyOpenclawFixture, type OpenclawCopy } from './test-support/openclaw-fixture.js';

const WRITER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-support', 'event-writer.mjs');
const MAIN = '7c1d2e4a-0b9f-4c55-9a1e-2f1d3c4b5a69';

let copy: OpenclawCopy;
const engines: MemoryEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  copy?.remove();
});

function runWriter(
  dbPath: string,
  count: number,
  word: string,
  intervalMs: number,
): Promise<{ busy: number; seqs: number[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, dbPath, MAIN, String(count), word, String(intervalMs)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`writer exited ${code}: ${err}`));
      const lines = out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { seq?: number; busy?: number | string; done?: boolean });
      resolve({
        busy: Number(lines.at(-1)?.busy ?? -1),
        seqs: lines.flatMap((l) => (typeof l.seq === 'number' ? [l.seq] : [])),
      });
    });
  });
}

describe('following a live agent database', () => {
  it('indexes events a concurrent WAL writer appends, while the writer is never blocked by the app', async () => {
    copy = copyOpenclawFixture();
    const engine = await MemoryEngine.open({
      workspaceDir: copy.workspace,
      dataDir: copy.dataDir,
      openclawHome: copy.home,
      agentDbPollMs: 50,
    });
    engines.push(engine);
    await engine.sync();
    await engine.startWatching();
    const transcriptPath = `sessions/main/${MAIN}.jsonl`;
    const before = (await engine.readTranscript(transcriptPath)).messages.length;

    // While the writer appends, the app keeps reading the same session (poll, reindex, open).
    const writing = runWriter(copy.dbPath('main'), 40, 'quokkaword', 10);
    let reading = true;
    const reads = (async () => {
      let n = 0;
      while (reading) {
        await engine.readTranscript(transcriptPath);
        await engine.search({ query: 'quokkaword', maxResults: 3, minScore: 0 });
        n += 1;
        await new Promise((resolve) => setImmediate(resolve)); // let the writer's exit be seen
      }
      return n;
    })();
    const written = await writing;
    reading = false;
    expect(await reads).toBeGreaterThan(0);
    expect(written.busy).toBe(0);
    expect(written.seqs).toHaveLength(40);

    await vi.waitFor(
      async () => {
        const t = await engine.readTranscript(transcriptPath);
        expect(t.messages.length).toBe(before + 40);
        const found = await engine.search({ query: 'quokkaword number 39', maxResults: 50, minScore: 0 });
        // Line = seq + 1: the result cites the event the writer appended last.
        expect(
          found.results.some(
            (r) =>
              r.path === transcriptPath &&
              r.startLine <= written.seqs.at(-1)! + 1 &&
              r.endLine >= written.seqs.at(-1)! + 1,
          ),
        ).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});
