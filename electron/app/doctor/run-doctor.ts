// Every finder over one input, in the order the Doctor view lists them. Pure: the doctor service
// gathers the input (doctor-gather.ts) and this turns it into findings.
import type { DoctorReport, Finding, FindingKind } from '../../../shared/doctor-schemas.js';
import { FindingKindSchema } from '../../../shared/doctor-schemas.js';
import { findBudget } from './budget-findings.js';
import { findConflicts } from './conflict-finder.js';
import type { DoctorInput } from './doctor-input.js';
import { findDuplicates } from './duplicate-finder.js';
import { findIndexHealth } from './index-findings.js';
import { findSecretFindings } from './secret-findings.js';
import { findUsage } from './usage-findings.js';

export function runDoctor(input: DoctorInput): Omit<DoctorReport, 'tookMs' | 'state'> {
  const findings: Finding[] = [
    ...findConflicts(input.files),
    ...findDuplicates(input.files),
    ...findSecretFindings(input.files),
    ...findBudget(
      input.memoryBudget,
      input.files.find((f) => f.path === input.memoryBudget?.path),
    ),
    ...findIndexHealth(input.files, input.indexProblems, input.knownPaths),
    ...findUsage(input),
  ];
  const counts = Object.fromEntries(FindingKindSchema.options.map((k) => [k, 0])) as Record<FindingKind, number>;
  for (const f of findings) counts[f.kind]++;
  const notes: string[] = [];
  if (!input.searches) notes.push('No agent search log: never-used and dreaming use are not computed.');
  else if (input.searches.count === 0)
    notes.push('No agent searches recorded yet: never-used and dreaming use wait for some.');
  return {
    workspaceDir: input.workspaceDir,
    computedAt: input.now,
    counts,
    findings,
    searches: input.searches ? { count: input.searches.count, since: input.searches.since } : { count: 0, since: null },
    notes,
  };
}
