// The doctor's pass on its worker thread — reading the index, the files, the transcripts and the
// search log through its own read-only connections, and the memory history for the authors of
// cited lines — gives exactly the findings the same pass gives in this thread, and a worker that cannot start or cannot read costs speed, not findings (the
// pass runs here and says so).
import { englishText } from '../../../shared/i18n.js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentActivityStore, type WorkspaceActivity } from '../agent/agent-activity-store.js';
import { loggedResponse } from '../agent/logged-response.js';
import { gatherDoctorInput } from './doctor-gather.js';
import { doctorPlaces } from './doctor-reads.js';
import { DoctorThread, type DoctorPassRequest } from './doctor-thread.js';
import { withEvidenceAuthors } from './evidence-authors.js';
import { runDoctor, runDoctorDated, type DoctorOutcome } from './run-doctor.js';
import {
  DOCTOR_NOW,
  doctorFixtureFiles,
  openDoctorFixture,
  SAMPLE_WORKSPACE,
  type DoctorFixture,
} from './test-support/doctor-fixture.js';
import { openHistoryWorkspace } from '../history/test-support/history-workspace.js';
import { SearchGate } from '../search-gate.js';

let fx: DoctorFixture;
let store: AgentActivityStore;
let activity: WorkspaceActivity;
let expected: DoctorOutcome;
let pass: DoctorPassRequest;
beforeAll(async () => {
  fx = await openDoctorFixture();
  store = AgentActivityStore.open({ dataDir: path.join(fx.workspace, '..', 'activity') });
  activity = store.workspace(fx.workspace);
  const options = { query: 'gateway port' };
  const response = await fx.engine.search(options);
  activity.logSearch({
    at: DOCTOR_NOW - 86_400_000,
    caller: { kind: 'mcp', client: 'openclaw' },
    query: options.query,
    mode: response.mode,
    options,
    response: loggedResponse(response),
  });
  expected = runDoctor(await gatherDoctorInput(fx.engine, activity, { now: DOCTOR_NOW }));
  pass = { places: doctorPlaces(fx.engine, activity, null), now: DOCTOR_NOW };
}, 60_000);
afterAll(async () => {
  store.close();
  await fx.cleanup();
});

const notHere = () => Promise.reject(new Error('the pass ran in this thread'));
const here = async () => ({ outcome: expected, authored: false });

describe('doctor thread', () => {
  it('reads on the worker what this thread reads, search log included, pass after pass', async () => {
    const logs: string[] = [];
    const thread = new DoctorThread({ log: (m) => logs.push(englishText(m)) });
    try {
      // Our logged search counts beside the agent's own calls in the fixture's transcripts.
      expect(expected.searches.count).toBeGreaterThan(
        runDoctor(await gatherDoctorInput(fx.engine, null, { now: DOCTOR_NOW })).searches.count,
      );
      expect(await thread.run(pass, notHere)).toEqual({ outcome: expected, authored: false });
      expect(await thread.run(pass, notHere)).toEqual({ outcome: expected, authored: false });
      expect(logs).toEqual([]);
    } finally {
      await thread.close();
    }
  });

  it('reads the sample workspace on the worker as this thread does', { timeout: 60_000 }, async () => {
    const sample = await openDoctorFixture(SAMPLE_WORKSPACE);
    const thread = new DoctorThread({ log: () => {} });
    try {
      const here = runDoctor(await gatherDoctorInput(sample.engine, null, { now: DOCTOR_NOW }));
      const places = doctorPlaces(sample.engine, null, null);
      const { outcome: onWorker } = await thread.run({ places, now: DOCTOR_NOW }, notHere);
      expect(onWorker).toEqual(here);
      expect(onWorker.counts).toMatchObject({ duplicate: 1, conflict: 0, secret: 0, budget: 0, index: 1, dreaming: 0 });
    } finally {
      await thread.close();
      await sample.cleanup();
    }
  });

  it(
    'names the authors of cited lines from the history, read on the worker as this thread reads it',
    {
      timeout: 90_000,
    },
    async () => {
      const w = await openHistoryWorkspace(doctorFixtureFiles(), { start: DOCTOR_NOW });
      const thread = new DoctorThread({ log: () => {} });
      try {
        const note = 'memory/2026-11-20-gateway.md';
        await w.call('createFile', { path: note, text: '# Gateway\n\n- Gateway port: 18791\n' });
        await w.service.history.whenIdle();
        const { history } = w.service;
        const engine = w.service.session.current();
        const origins = (p: string) => history.lineOrigins(p);
        const computed = await runDoctorDated(await gatherDoctorInput(engine, null, { now: DOCTOR_NOW }), origins);
        const authored = await withEvidenceAuthors(computed.findings, origins);
        const places = doctorPlaces(engine, null, null, await history.storeDir());
        const onWorker = await thread.run({ places, now: DOCTOR_NOW }, notHere);
        expect(onWorker).toEqual({ outcome: { ...computed, findings: authored }, authored: true });
        // Both kinds of author are there to be told apart: the note saved here, lines from before history.
        const kinds = new Set(authored.flatMap((f) => f.evidence.flatMap((e) => e.authors?.map((a) => a.kind) ?? [])));
        expect([...kinds].sort()).toEqual(['outside', 'you']);
        // The note's port line is dated by the history (saved today) on both threads, not by its file name.
        const port = authored.find((f) => f.title.startsWith('Gateway port'))!;
        expect(port.evidence.find((e) => e.path === note)).toMatchObject({ date: '2026-12-01', dateSource: 'history' });
      } finally {
        await thread.close();
        await w.cleanup();
      }
    },
  );

  it('stops while a search runs on this thread, then gives the same findings', { timeout: 60_000 }, async () => {
    const searches = new SearchGate();
    const thread = new DoctorThread({ log: () => {} });
    // Held back far longer than this test may take: only the search's end lets the pass go on.
    const giveWay = { quietMs: 0, atMostMs: 600_000, sliceMs: 0 };
    let passDone = false;
    try {
      const running = thread.run({ ...pass, gate: searches.buffer, giveWay }, notHere).finally(() => (passDone = true));
      const response = await searches.during(async () => {
        // The search runs while the pass is stopped at a checkpoint, mid-way.
        await searches.whenPaused();
        return fx.engine.search({ query: 'gateway port' });
      });
      expect(response.results[0]?.path).toBeDefined();
      expect(passDone).toBe(false);
      expect(await running).toEqual({ outcome: expected, authored: false });
      expect(searches.pauses().count).toBe(1);
      // With no search meanwhile, it never stops.
      expect(await thread.run({ ...pass, gate: searches.buffer, giveWay }, notHere)).toEqual({
        outcome: expected,
        authored: false,
      });
      expect(searches.pauses().count).toBe(1);
    } finally {
      await thread.close();
    }
  });

  it('gives the same findings when they travel one per message', async () => {
    const thread = new DoctorThread({ log: () => {}, findingsPerMessage: 1 });
    try {
      expect(expected.findings.length).toBeGreaterThan(1);
      expect(await thread.run(pass, notHere)).toEqual({ outcome: expected, authored: false });
    } finally {
      await thread.close();
    }
  });

  it('runs the pass in this thread when the worker cannot start, and logs why', async () => {
    const logs: string[] = [];
    const thread = new DoctorThread({
      log: (m) => logs.push(englishText(m)),
      workerUrl: new URL('./no-such-doctor-worker.js', import.meta.url),
    });
    try {
      expect((await thread.run(pass, here)).outcome).toBe(expected);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatch(/^doctor: the worker (failed|exited).*; this pass runs in the main thread$/);
    } finally {
      await thread.close();
    }
  });

  it('runs the pass in this thread when the worker cannot open the index, and logs why', async () => {
    const logs: string[] = [];
    const thread = new DoctorThread({ log: (m) => logs.push(englishText(m)) });
    const missing = { ...pass.places, indexDbPath: path.join(fx.workspace, '..', 'no-such-index.sqlite') };
    try {
      expect((await thread.run({ ...pass, places: missing }, here)).outcome).toBe(expected);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatch(/^doctor: the worker could not read: .*; this pass runs in the main thread$/);
      // The worker itself is fine: the next pass runs there.
      expect(await thread.run(pass, notHere)).toEqual({ outcome: expected, authored: false });
    } finally {
      await thread.close();
    }
  });
});
