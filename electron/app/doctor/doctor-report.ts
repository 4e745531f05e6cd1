// One doctor pass: gather the input, run every finder, time it. Used by the CLI (one shot) and by
// the doctor service (in the background, kept current on edits).
import type { DoctorReport } from '../../../shared/doctor-schemas.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import type { WorkspaceActivity } from '../agent/agent-activity-store.js';
import { gatherDoctorInput, type GatherOptions } from './doctor-gather.js';
import type { DoctorInput } from './doctor-input.js';
import { runDoctor, type DoctorOutcome } from './run-doctor.js';

export interface ComputeOptions extends GatherOptions {
  /** Where the finders run: here by default, on the doctor's worker thread for the background pass. */
  run?: (input: DoctorInput) => Promise<DoctorOutcome>;
}

export async function computeDoctorReport(
  engine: MemoryEngineApi,
  activity: WorkspaceActivity | null,
  options: ComputeOptions = {},
): Promise<DoctorReport> {
  const started = performance.now();
  const input = await gatherDoctorInput(engine, activity, options);
  const report = options.run ? await options.run(input) : runDoctor(input);
  return { ...report, state: 'ready', tookMs: Math.round(performance.now() - started) };
}
