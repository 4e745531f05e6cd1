// Every finder over one input, in the order the Doctor view lists them. Pure: the doctor service
// gathers the input (doctor-gather.ts) and this turns it into findings; `runDoctorDated` first
// asks the memory history when the conflicting lines were written.
import type { DoctorMessage, DoctorReport, Finding, FindingKind } from '../../../shared/doctor-schemas.js';
import { FindingKindSchema } from '../../../shared/doctor-schemas.js';
import { findBudget } from './budget-findings.js';
import { conflictingStatements, filesWithConflicts, findConflicts, type Conflicting } from './conflict-finder.js';
import type { DoctorInput } from './doctor-input.js';
import { findDuplicates } from './duplicate-finder.js';
import { findAgentIndexHealth, findIndexHealth } from './index-findings.js';
import { findSecretFindings } from './secret-findings.js';
import { withTranscriptSearches } from './transcript-searches.js';
import { findUsage } from './usage-findings.js';
import { historyLineDates, type LineDates, type OriginsOf } from './line-dates.js';
import { english, say } from './doctor-text.js';

/** A report before it is timed and marked ready. */
export type DoctorOutcome = Omit<DoctorReport, 'tookMs' | 'state'>;

/** The conflicting statements of a pass's files, and when the history saw their lines written. */
export interface ConflictDates {
  conflicts: Conflicting;
  lineDates: LineDates;
}

/**
 * Without `dated`, conflicts are told apart by their files' dates. `checkpoint` runs between small
 * units of work (a file, a transcript, a batch of pairs): the background pass stops there while a
 * search runs (search-gate.ts); the CLI runs straight through.
 */
export function runDoctor(
  gathered: DoctorInput,
  dated?: ConflictDates,
  checkpoint: () => void = () => undefined,
): DoctorOutcome {
  const input = withTranscriptSearches(gathered, checkpoint);
  const findings: Finding[] = [
    ...findConflicts(dated?.conflicts ?? conflictingStatements(input.files, checkpoint), dated?.lineDates),
    ...findDuplicates(input.files, checkpoint),
    ...findSecretFindings(input.files, checkpoint),
    ...findBudget(
      input.memoryBudget,
      input.files.find((f) => f.path === input.memoryBudget?.path),
    ),
    ...findIndexHealth(input.files, input.indexProblems, input.knownPaths),
    ...findAgentIndexHealth(input.agentIndexes, input.files),
    ...findUsage(input, checkpoint),
  ];
  const counts = Object.fromEntries(FindingKindSchema.options.map((k) => [k, 0])) as Record<FindingKind, number>;
  for (const f of findings) counts[f.kind]++;
  const noteMessages: DoctorMessage[] = [];
  if (!input.searches) noteMessages.push(say('finding.noSearchLog'));
  else if (input.searches.count === 0) noteMessages.push(say('finding.noSearchesYet'));
  const unreadable = input.unreadableAgentIndexes ?? [];
  for (const db of unreadable)
    noteMessages.push(say('finding.agentIndexUnreadable', { agent: db.agentId, path: db.path }));
  if (input.agentIndexes.length === 0 && unreadable.length === 0) noteMessages.push(say('finding.noAgentIndex'));
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

/** runDoctor with the conflicting lines dated by the memory history, where it has one (`originsOf`). */
export async function runDoctorDated(
  input: DoctorInput,
  originsOf: OriginsOf | null,
  yieldEvery?: () => Promise<void>,
  checkpoint: () => void = () => undefined,
): Promise<DoctorOutcome> {
  if (!originsOf) return runDoctor(input, undefined, checkpoint);
  const conflicts = conflictingStatements(input.files, checkpoint);
  const lineDates = await historyLineDates(filesWithConflicts(input.files, conflicts), originsOf, yieldEvery);
  return runDoctor(input, { conflicts, lineDates }, checkpoint);
}
