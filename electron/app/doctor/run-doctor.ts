// Every finder over one input, in the order the Doctor view lists them. Pure: the doctor service
// gathers the input (doctor-gather.ts) and this turns it into findings.
import type { DoctorMessage, DoctorReport, Finding, FindingKind } from '../../../shared/doctor-schemas.js';
import { FindingKindSchema } from '../../../shared/doctor-schemas.js';
import { findBudget } from './budget-findings.js';
import { findConflicts } from './conflict-finder.js';
import type { DoctorInput } from './doctor-input.js';
import { findDuplicates } from './duplicate-finder.js';
import { findIndexHealth } from './index-findings.js';
import { findSecretFindings } from './secret-findings.js';
import { withTranscriptSearches } from './transcript-searches.js';
import { findUsage } from './usage-findings.js';
import { english, say } from './doctor-text.js';

/** A report before it is timed and marked ready. */
export type DoctorOutcome = Omit<DoctorReport, 'tookMs' | 'state'>;

/**
 * `checkpoint` runs between small units of work (a file, a transcript, a batch of pairs): the
 * background pass stops there while a search runs (search-gate.ts); the CLI runs straight through.
 */
export function runDoctor(gathered: DoctorInput, checkpoint: () => void = () => undefined): DoctorOutcome {
  const input = withTranscriptSearches(gathered, checkpoint);
  const findings: Finding[] = [
    ...findConflicts(input.files, checkpoint),
    ...findDuplicates(input.files, checkpoint),
    ...findSecretFindings(input.files, checkpoint),
    ...findBudget(
      input.memoryBudget,
      input.files.find((f) => f.path === input.memoryBudget?.path),
    ),
    ...findIndexHealth(input.files, input.indexProblems, input.knownPaths),
    ...findUsage(input, checkpoint),
  ];
  const counts = Object.fromEntries(FindingKindSchema.options.map((k) => [k, 0])) as Record<FindingKind, number>;
  for (const f of findings) counts[f.kind]++;
  const noteMessages: DoctorMessage[] = [];
  if (!input.searches) noteMessages.push(say('finding.noSearchLog'));
  else if (input.searches.count === 0) noteMessages.push(say('finding.noSearchesYet'));
  return {
    workspaceDir: input.workspaceDir,
    computedAt: input.now,
    counts,
    findings,
    searches: input.searches ? { count: input.searches.count, since: input.searches.since } : { count: 0, since: null },
    notes: noteMessages.map(english),
    noteMessages,
  };
}
