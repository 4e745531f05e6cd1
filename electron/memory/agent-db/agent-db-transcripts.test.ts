import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEngine } from '../engine.js';
import { copyOpenclawFixture, type OpenclawCopy } from './test-support/openclaw-fixture.js';

const MAIN = '7c1d2e4a-0b9f-4c55-9a1e-2f1d3c4b5a69';
const HEARTBEAT = '9e4f1a2b-3c5d-4e6f-8a7b-0c1d2e3f4a5b';
const DELETED = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';

let copy: OpenclawCopy;
const engines: MemoryEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  copy?.remove();
});

async function openMain(): Promise<MemoryEngine> {
  copy = copyOpenclawFixture();
  const engine = await MemoryEngine.open({
    workspaceDir: copy.workspace,
    dataDir: copy.dataDir,
    openclawHome: copy.home,
  });
  engines.push(engine);
  await engine.sync();
  return engine;
}

describe('transcripts from the agent database (OpenClaw 2026.9.6 fixture)', () => {
  it('lists the database sessions as transcripts, each once, beside the archive OpenClaw kept as a file', async () => {
    const engine = await openMain();
    const before = copy.databaseHashes();
    const sessions = (await engine.listFiles())
      .filter((f) => f.source === 'sessions')
      .map((f) => f.path)
      .sort();
    expect(sessions).toEqual([
      'sessions/main/1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b.jsonl.reset.2026-08-31T23-59-00.000Z',
      'sessions/main/2b7e0c91-5d3a-4f60-8e2a-7a9c1b3d4e5f.jsonl',
      `sessions/main/${DELETED}.jsonl.deleted.2026-08-30T08-02-00.000Z`,
      `sessions/main/${MAIN}.jsonl`,
      `sessions/main/${HEARTBEAT}.jsonl`,
    ]);
    expect(copy.databaseHashes()).toEqual(before);
  });

  it("takes each session's kind from the session key OpenClaw recorded, so its cron and heartbeat runs are listed apart", async () => {
    const engine = await openMain();
    const kinds = Object.fromEntries(
      (await engine.listFiles()).filter((f) => f.source === 'sessions').map((f) => [f.path, f.sessionKind]),
    );
    expect(kinds['sessions/main/2b7e0c91-5d3a-4f60-8e2a-7a9c1b3d4e5f.jsonl']).toBe('cron');
    expect(kinds[`sessions/main/${HEARTBEAT}.jsonl`]).toBe('heartbeat');
    expect(kinds[`sessions/main/${MAIN}.jsonl`]).toBe('conversation');
  });

  it('finds words of a user message, with the envelope removed, cited at the event it came from', async () => {
    const engine = await openMain();
    const response = await engine.search({ query: '历年的合同金额', maxResults: 10, minScore: 0 });
    const hit = response.results.find((r) => r.path === `sessions/main/${MAIN}.jsonl`);
    expect(hit).toBeDefined();
    // Event seq 3 (line 4) is the Feishu DM; the envelope "System: [...] Feishu[default] DM |" is not indexed.
    expect(hit!.startLine).toBe(4);
    expect(hit!.snippet).not.toContain('Feishu[default]');
    const transcript = await engine.readTranscript(`sessions/main/${MAIN}.jsonl`);
    expect(transcript.messages.map((m) => [m.line, m.role])).toEqual([
      [4, 'user'],
      [9, 'assistant'],
      [11, 'user'],
      [14, 'assistant'],
      [15, 'user'],
      [16, 'assistant'],
    ]);
  });

  it('reads the zstd-stored event and the zstd archive of a deleted session', async () => {
    const engine = await openMain();
    const transcript = await engine.readTranscript(`sessions/main/${MAIN}.jsonl`);
    expect(transcript.messages.at(-1)!.text).toContain('Export tenant batch 24 as CSV and Parquet');
    const deleted = await engine.readTranscript(`sessions/main/${DELETED}.jsonl.deleted.2026-08-30T08-02-00.000Z`);
    expect(deleted.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(deleted.messages[1]!.text).toContain('Reviewer checklist');
    const found = await engine.search({ query: 'reviewer checklist', maxResults: 5, minScore: 0 });
    expect(found.results[0]!.path).toBe(`sessions/main/${DELETED}.jsonl.deleted.2026-08-30T08-02-00.000Z`);
  });
});
