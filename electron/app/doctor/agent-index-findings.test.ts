// Index health from OpenClaw's own memory index: on the state folder OpenClaw's code made
// (e2e/fixtures/openclaw-2026.9), the note the agent wrote after its last index run is "held
// older" and the note it never indexed is "lacked", in both languages, on the worker as in this
// thread, and the agent's database is left byte for byte as it was.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Finding } from '../../../shared/doctor-schemas.js';
import { MemoryEngine } from '../../memory/engine.js';
import { copyOpenclawFixture, type OpenclawCopy } from '../../memory/agent-db/test-support/openclaw-fixture.js';
import { computeDoctorReport } from './doctor-report.js';
import { doctorPlaces } from './doctor-reads.js';
import { DoctorThread } from './doctor-thread.js';
import { chinese } from './test-support/doctor-chinese.js';
import { DOCTOR_NOW } from './test-support/doctor-fixture.js';

let copy: OpenclawCopy | null = null;
let engine: MemoryEngine | null = null;
afterEach(async () => {
  await engine?.close();
  copy?.remove();
  engine = null;
  copy = null;
});

/** The engine on the copy's main workspace, synced. */
async function openSynced(on: OpenclawCopy): Promise<MemoryEngine> {
  const opened = await MemoryEngine.open({
    workspaceDir: on.workspace,
    dataDir: path.join(on.dataDir, 'main'),
    openclawHome: on.home,
  });
  await opened.sync();
  return opened;
}

const agentIndexFindings = (findings: readonly Finding[]) => findings.filter((f) => f.subkind.startsWith('agent-'));

describe("the doctor on the agent's own index", () => {
  it(
    'finds the file the agent indexed before it changed and the one it never indexed',
    { timeout: 60_000 },
    async () => {
      copy = copyOpenclawFixture();
      const before = copy.databaseHashes();
      engine = await openSynced(copy);
      const report = await computeDoctorReport(engine, null, { now: DOCTOR_NOW });
      const found = agentIndexFindings(report.findings);
      expect(found.map((f) => [f.subkind, f.title, f.detail])).toEqual([
        [
          'agent-stale',
          "The agent's index holds an older memory/2026-09-01.md (indexed 2026-12-01, changed since)",
          "Agent main's own memory index was made from an earlier version of this file: its memory_search returns the old lines until OpenClaw indexes it again.",
        ],
        [
          'agent-missing',
          "The agent's index lacks memory/2026-09-02.md",
          "Agent main's own memory index has no entry for this file: its memory_search cannot return these lines until OpenClaw indexes it.",
        ],
      ]);
      const [stale, missing] = found;
      // The evidence: the file, and the hash the agent indexed beside the file's hash now.
      const file = await engine.readFile('memory/2026-09-01.md');
      expect(stale!.evidence).toEqual([
        expect.objectContaining({
          path: 'memory/2026-09-01.md',
          date: '2026-12-01',
          note: `indexed as sha256 1460f4f9996a…, the file is ${file.hash.slice(0, 12)}… now`,
        }),
      ]);
      expect(missing!.evidence).toEqual([
        expect.objectContaining({ path: 'memory/2026-09-02.md', note: 'not in the index of agent main' }),
      ]);
      expect(stale!.id).toMatch(/^[0-9a-f]{16}$/);
      expect(report.counts.index).toBeGreaterThanOrEqual(2);
      expect(report.noteMessages.map((m) => m.id)).not.toContain('finding.noAgentIndex');
      expect(chinese(stale!.titleMessage)).toBe(
        '智能体的索引中的 memory/2026-09-01.md 是旧版本（2026-12-01 建立索引，之后已修改）',
      );
      expect(chinese(missing!.titleMessage)).toBe('智能体的索引中没有 memory/2026-09-02.md');

      // The worker reads the agent's database on a connection of its own and finds the same, same ids.
      const thread = new DoctorThread({ log: () => {} });
      try {
        const places = doctorPlaces(engine, null, null);
        const { outcome } = await thread.run({ places, now: DOCTOR_NOW }, () =>
          Promise.reject(new Error('the pass ran in this thread')),
        );
        expect(agentIndexFindings(outcome.findings)).toEqual(found);
      } finally {
        await thread.close();
      }
      expect(copy.databaseHashes()).toEqual(before);
    },
  );

  it(
    'names an agent index it cannot read instead of saying there is none, in both languages',
    { timeout: 60_000 },
    async () => {
      copy = copyOpenclawFixture();
      const dbPath = copy.dbPath('main');
      for (const side of ['-wal', '-shm']) fs.rmSync(dbPath + side, { force: true });
      fs.writeFileSync(dbPath, 'not a database, as a disk error or a half copy leaves one\n'.repeat(200));
      engine = await openSynced(copy);
      const report = await computeDoctorReport(engine, null, { now: DOCTOR_NOW });
      expect(agentIndexFindings(report.findings)).toEqual([]);
      const ids = report.noteMessages.map((m) => m.id);
      expect(ids).toContain('finding.agentIndexUnreadable');
      expect(ids).not.toContain('finding.noAgentIndex');
      const note = report.noteMessages.find((m) => m.id === 'finding.agentIndexUnreadable')!;
      expect(report.notes).toContain(
        `Agent main's index (${dbPath}) could not be read: files it lacks or holds stale are not checked. The Agent view says why.`,
      );
      expect(chinese(note)).toBe(
        `无法读取智能体 main 的索引（${dbPath}）：不检查其中缺少或过期的文件。原因见“智能体”视图。`,
      );
    },
  );
});
