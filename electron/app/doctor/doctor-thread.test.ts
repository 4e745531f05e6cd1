// The doctor's finders on their worker thread give exactly the findings they give in this thread,
// and a worker that cannot start costs speed, not findings (the pass runs here and says so).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatherDoctorInput } from './doctor-gather.js';
import type { DoctorInput } from './doctor-input.js';
import { DoctorThread } from './doctor-thread.js';
import { runDoctor } from './run-doctor.js';
import { DOCTOR_NOW, openDoctorFixture, type DoctorFixture } from './test-support/doctor-fixture.js';

let fx: DoctorFixture;
let input: DoctorInput;
beforeAll(async () => {
  fx = await openDoctorFixture();
  input = await gatherDoctorInput(fx.engine, null, { now: DOCTOR_NOW });
}, 60_000);
afterAll(() => fx.cleanup());

describe('doctor thread', () => {
  it('finds on the worker what it finds in this thread, pass after pass', async () => {
    const logs: string[] = [];
    const thread = new DoctorThread({ log: (m) => logs.push(m) });
    try {
      const expected = runDoctor(input);
      expect(await thread.run(input)).toEqual(expected);
      expect(await thread.run(input)).toEqual(expected);
      expect(logs).toEqual([]);
    } finally {
      await thread.close();
    }
  });

  it('gives the same findings when the input and the findings travel one per message', async () => {
    const thread = new DoctorThread({ log: () => {}, perMessage: { files: 1, transcripts: 1, findings: 1 } });
    try {
      const expected = runDoctor(input);
      expect(input.files.length).toBeGreaterThan(1);
      expect(expected.findings.length).toBeGreaterThan(1);
      expect(await thread.run(input)).toEqual(expected);
    } finally {
      await thread.close();
    }
  });

  it('runs the pass in this thread when the worker cannot start, and logs why', async () => {
    const logs: string[] = [];
    const thread = new DoctorThread({
      log: (m) => logs.push(m),
      workerUrl: new URL('./no-such-doctor-worker.js', import.meta.url),
    });
    try {
      expect((await thread.run(input)).counts).toEqual(runDoctor(input).counts);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatch(/^doctor: the worker (failed|exited).*; this pass runs in the main thread$/);
    } finally {
      await thread.close();
    }
  });
});
