import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { DoctorReport, Finding } from '../../../../../shared/doctor-schemas';
import { MemoryLensError } from '../../../../../shared/errors';
import { countedKinds, createDoctorSlice, shownFindings, type DoctorPort, type DoctorSlice } from './doctor-slice';

const counts = { duplicate: 1, conflict: 2, secret: 0, budget: 0, index: 0, 'never-used': 4, dreaming: 0 };
const finding = (id: string, kind: Finding['kind']): Finding => ({
  id,
  kind,
  subkind: 'x',
  title: id,
  detail: '',
  titleMessage: { id: 'finding.conflictTitle', params: { subject: id, values: '"a" vs "b"' } },
  detailMessage: { id: 'finding.conflictTie', params: {} },
  evidence: [],
  fixes: [
    {
      id: 'keep-newer-mark',
      label: 'Keep',
      labelMessage: { id: 'finding.keepNewerMark', params: { value: 'a' } },
      reason: 'doctor: x',
      edits: [],
    },
  ],
});
const report = (computedAt: number, findings: Finding[]): DoctorReport => ({
  workspaceDir: '/w',
  computedAt,
  tookMs: 5,
  state: 'ready',
  counts,
  findings,
  searches: { count: 0, since: null },
  notes: [],
  noteMessages: [],
});

function setup(answers: DoctorReport[], fix: DoctorPort['doctorFix']) {
  const asked: number[] = [];
  const port: DoctorPort = {
    doctorReport: async () => {
      asked.push(asked.length);
      return answers.shift()!;
    },
    doctorFix: fix,
  };
  return { store: createStore<DoctorSlice>()(createDoctorSlice(port)), asked };
}

describe('doctor slice', () => {
  it('waits for the pass while computing, then reads the findings its event announces', async () => {
    const computing = { ...report(0, []), state: 'computing' as const };
    const { store, asked } = setup([computing, report(10, [finding('a', 'conflict')])], async () => ({
      findingId: 'a',
      fixId: 'keep-newer-mark',
      written: [],
    }));
    await store.getState().loadDoctor();
    expect(store.getState().doctor).toMatchObject({ status: 'loading', report: null, summary: null });
    store.getState().applyDoctorChanged({ state: 'ready', counts, computedAt: 10 });
    await expect.poll(() => store.getState().doctor.status).toBe('done');
    expect(asked).toHaveLength(2);
    expect(store.getState().doctor.summary).toEqual({ state: 'ready', counts, computedAt: 10 });
    // The same pass announced again changes nothing.
    store.getState().applyDoctorChanged({ state: 'ready', counts, computedAt: 10 });
    expect(asked).toHaveLength(2);
  });

  it('never loads on an event nobody asked for: the status bar only shows its counts', () => {
    const { store, asked } = setup([], async () => ({ findingId: '', fixId: '', written: [] }));
    store.getState().applyDoctorChanged({ state: 'ready', counts, computedAt: 3 });
    expect(asked).toHaveLength(0);
    expect(store.getState().doctor.summary?.counts).toEqual(counts);
  });

  it('hides a fixed finding until the next pass; a conflict says so and hides nothing', async () => {
    let refuse = false;
    const { store } = setup([report(1, [finding('a', 'conflict'), finding('b', 'duplicate')])], async (args) => {
      if (refuse) throw new MemoryLensError('CONFLICT', 'MEMORY.md changed since the doctor looked at it');
      return { ...args, written: [{ path: 'MEMORY.md', hash: 'h' }] };
    });
    await store.getState().loadDoctor();
    await store.getState().applyDoctorFix('a', 'keep-newer-mark');
    expect(store.getState().doctor.lastFix).toEqual({ kind: 'fixed', findingId: 'a', files: ['MEMORY.md'] });
    expect(shownFindings(store.getState().doctor).map((f) => f.id)).toEqual(['b']);
    refuse = true;
    await store.getState().applyDoctorFix('b', 'keep-newer-mark');
    expect(store.getState().doctor.lastFix).toMatchObject({ kind: 'conflict', findingId: 'b' });
    expect(shownFindings(store.getState().doctor).map((f) => f.id)).toEqual(['b']);
  });

  it('names conflicts before duplicates in the summary, leaving out kinds with none', () => {
    expect(countedKinds(counts)).toEqual([
      { kind: 'conflict', count: 2 },
      { kind: 'duplicate', count: 1 },
      { kind: 'never-used', count: 4 },
    ]);
  });
});
