// The agent's memory calls read from OpenClaw's agent database (transcript_events rows, made by
// OpenClaw 2026.9.6's own code: e2e/fixtures/openclaw-2026.9), through the same extraction as JSONL,
// each cited at its event (line = seq + 1); the database is not changed by reading it.
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../memory/engine.js';
import { copyOpenclawFixture, type OpenclawCopy } from '../../memory/agent-db/test-support/openclaw-fixture.js';
import { AgentActivityStore } from './agent-activity-store.js';
import { AgentCallsService } from './agent-calls-service.js';

const MAIN = '7c1d2e4a-0b9f-4c55-9a1e-2f1d3c4b5a69';
let copy: OpenclawCopy;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('agent calls from the agent database', () => {
  it("lists the database session's memory_search and memory_get with their outcomes and the event they sit at", async () => {
    copy = copyOpenclawFixture();
    cleanups.push(() => copy.remove());
    const engine = await MemoryEngine.open({
      workspaceDir: copy.workspace,
      dataDir: copy.dataDir,
      openclawHome: copy.home,
    });
    cleanups.push(() => engine.close());
    await engine.sync();
    const store = AgentActivityStore.open({ dataDir: copy.dataDir });
    cleanups.push(() => store.close());
    const before = copy.databaseHashes();

    const list = await new AgentCallsService({
      engine: () => engine,
      activity: () => store.workspace(engine.workspaceDir),
    }).list();
    const fromMain = list.calls.filter((c) => c.session?.path === `sessions/main/${MAIN}.jsonl`);
    expect(fromMain.map((c) => [c.tool, c.query ?? c.arguments.path, c.outcome.kind])).toEqual([
      ['memory_get', 'memory/finance.md', 'results'],
      ['memory_search', '合同金额 2023 2024 2025', 'results'],
    ]);
    const search = fromMain[1]!;
    expect(search.outcome.hits).toEqual([
      expect.objectContaining({ path: 'memory/finance.md', startLine: 3, endLine: 7, score: 0.81 }),
    ]);
    expect(search.next).toMatchObject({ kind: 'read-result', path: 'memory/finance.md' });
    // Cited at its event: line = seq + 1 in the database's transcript.
    expect([search.line, search.resultLine, fromMain[0]!.line]).toEqual([5, 6, 7]);
    // The empty keyword-only search of another session, diagnosed against the files now.
    const empty = list.calls.find((c) => c.query === 'Atlas export 2026-09-01')!;
    expect(empty.outcome).toMatchObject({ kind: 'empty', provider: 'none', mode: 'fts-only' });
    expect(empty.diagnosis).toMatchObject({ code: 'keyword-all-words', path: 'memory/2026-09-01.md' });
    expect(empty.session!.path).toBe('sessions/main/2b7e0c91-5d3a-4f60-8e2a-7a9c1b3d4e5f.jsonl');
    expect(copy.databaseHashes()).toEqual(before);
  }, 60_000);
});
