// One doctor pass in this thread: gather the input, run every finder, time it. The CLI's one shot
// (the doctor service's background pass reads and computes on its worker, doctor-thread.ts).
import type { DoctorReport } from '../../../shared/doctor-schemas.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import type { WorkspaceActivity } from '../agent/agent-activity-store.js';
import { gatherDoctorInput, type GatherOptions } from './doctor-gather.js';
import type { OriginsOf } from './line-dates.js';
import { runDoctorDated } from './run-doctor.js';

/** `originsOf`: the memory history's line origins, which date conflicting lines; file dates without it. */
export async function computeDoctorReport(
  engine: MemoryEngineApi,
  activity: WorkspaceActivity | null,
  options: GatherOptions = {},
  originsOf: OriginsOf | null = null,
): Promise<DoctorReport> {
  const started = performance.now();
  const input = await gatherDoctorInput(engine, activity, options);
  const report = await runDoctorDated(input, originsOf);
  return { ...report, state: 'ready', tookMs: Math.round(performance.now() - started) };
}
