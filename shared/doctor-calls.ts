// The contract's memory-doctor calls, a block of their own like the history's: the latest findings
// and one fix applied (hash-checked against the finding, recorded in the history).
import { z } from 'zod';
import type { CallSpec } from './call-spec.js';
import { DoctorFixResultSchema, DoctorReportSchema } from './doctor-schemas.js';

const MAX_ARG_BYTES = 4 * 1024;
const Id = z.string().min(1).max(600);

export const DOCTOR_CALLS = {
  doctorReport: {
    args: z.strictObject({}),
    result: DoctorReportSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['UNAVAILABLE'],
    summary:
      'The memory doctor: duplicates, conflicting values, secrets, budget, index health, never-used lines and dreaming promotions, each with evidence and fixes (computed in the background; `computing` until the first pass).',
  },
  doctorFix: {
    args: z.strictObject({ findingId: Id, fixId: Id }),
    result: DoctorFixResultSchema,
    maxArgBytes: MAX_ARG_BYTES,
    errors: ['NOT_FOUND', 'CONFLICT', 'NOT_ALLOWED', 'UNAVAILABLE'],
    summary:
      'Applies one fix of a finding through the hash-checked save and the history ("doctor: …"); CONFLICT when a file changed since the finding.',
  },
} as const satisfies Record<string, CallSpec>;
