// One doctor pass: gather the input, run every finder, time it. Used by the CLI (one shot) and by
// the doctor service (in the background, kept current on edits).
import type { DoctorReport } from '../../../shared/doctor-schemas.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import type { WorkspaceActivity } from '../agent/agent-activity-store.js';
import { gatherDoctorInput, type GatherOptions } from './doctor-gather.js';
import { runDoctor } from './run-doctor.js';

export async function computeDoctorReport(
  engine: MemoryEngineApi,
  activity: WorkspaceActivity | null,
  options: GatherOptions = {},
): Promise<DoctorReport> {
  const started = performance.now();
  const report = runDoctor(await gatherDoctorInput(engine, activity, options));
  return { ...report, state: 'ready', tookMs: Math.round(performance.now() - started) };
}
