// The Doctor view's state: the latest findings, the summary the status bar shows, and the one fix
// being applied. The doctor computes in the background; its doctorChanged event says a pass is
// done, and only then is the report read again (so a fixed finding is gone when the list reloads).
//
//   load → report (`computing` until the first pass; the event brings the ready one)
//   fix(finding, fix) → doctorFix → the finding hidden until the next pass replaces the report
import type { StateCreator } from 'zustand';
import type { EventPayload, MemlensApi } from '../../../../../shared/contract';
import type { DoctorReport, FindingKind } from '../../../../../shared/doctor-schemas';
import { FINDING_KIND_ORDER } from '../../../../../shared/doctor-finding-order';
import { errorInfo, shownError, type ShownMessage } from '../../../lib/error-message';
import { Latest, slicePatch } from '../../../lib/slice-state';

export type DoctorPort = Pick<MemlensApi, 'doctorReport' | 'doctorFix'>;
export type DoctorSummary = EventPayload<'doctorChanged'>;

export type DoctorFixOutcome =
  | { kind: 'fixed'; findingId: string; files: string[] }
  | { kind: 'conflict' | 'error'; findingId: string; error: ShownMessage };

export interface DoctorSlice {
  doctor: {
    report: DoctorReport | null;
    /** `idle` until the view first asks: the status bar never starts the doctor by itself. */
    status: 'idle' | 'loading' | 'done' | 'error';
    error: ShownMessage | null;
    /** The latest finished pass's counts (from the event or the report); null before one is known. */
    summary: DoctorSummary | null;
    /** `findingId/fixId` while its fix is being written. */
    applying: string | null;
    lastFix: DoctorFixOutcome | null;
    /** Fixed since the report was read: left out of the list until the next pass replaces it. */
    fixedIds: readonly string[];
  };
  loadDoctor(): Promise<void>;
  applyDoctorFix(findingId: string, fixId: string): Promise<void>;
  /** A pass finished (the doctorChanged event): the summary, and the list again if someone looks at it. */
  applyDoctorChanged(event: DoctorSummary): void;
}

export const initialDoctorState: DoctorSlice['doctor'] = {
  report: null,
  status: 'idle',
  error: null,
  summary: null,
  applying: null,
  lastFix: null,
  fixedIds: [],
};

export function createDoctorSlice(port: DoctorPort): StateCreator<DoctorSlice, [], [], DoctorSlice> {
  const passes = new Latest();
  return (set, get) => {
    const patch = slicePatch(set, 'doctor');
    return {
      doctor: initialDoctorState,

      async loadDoctor() {
        const mine = passes.next();
        if (get().doctor.status !== 'done') patch({ status: 'loading' });
        try {
          const report = await port.doctorReport({});
          if (!passes.isCurrent(mine)) return;
          if (report.state === 'computing') {
            // The first pass runs now; its doctorChanged event brings the findings.
            patch({ status: 'loading', error: null });
            return;
          }
          patch({
            report,
            status: 'done',
            error: null,
            fixedIds: [],
            summary: { state: 'ready', counts: report.counts, computedAt: report.computedAt },
          });
        } catch (error) {
          if (passes.isCurrent(mine)) patch({ status: 'error', error: shownError(error) });
        }
      },

      async applyDoctorFix(findingId, fixId) {
        if (get().doctor.applying) return;
        patch({ applying: `${findingId}/${fixId}`, lastFix: null });
        try {
          const result = await port.doctorFix({ findingId, fixId });
          patch({
            applying: null,
            lastFix: { kind: 'fixed', findingId, files: result.written.map((w) => w.path) },
            fixedIds: [...get().doctor.fixedIds, findingId],
          });
        } catch (error) {
          const info = errorInfo(error);
          patch({
            applying: null,
            lastFix: { kind: info.code === 'CONFLICT' ? 'conflict' : 'error', findingId, error: shownError(error) },
          });
        }
      },

      applyDoctorChanged(event) {
        patch({ summary: event });
        const { status, report } = get().doctor;
        if (status !== 'idle' && event.computedAt !== report?.computedAt) void get().loadDoctor();
      },
    };
  };
}

/** The findings the list shows: the report's, less those fixed since it was read. */
export function shownFindings(s: DoctorSlice['doctor']): DoctorReport['findings'] {
  if (!s.report) return [];
  if (s.fixedIds.length === 0) return s.report.findings;
  const fixed = new Set(s.fixedIds);
  return s.report.findings.filter((f) => !fixed.has(f.id));
}

/** The Doctor view's groups, in the order it lists them. */
export const VIEW_ORDER: readonly FindingKind[] = [
  'duplicate',
  'conflict',
  'never-used',
  'budget',
  'dreaming',
  'secret',
  'index',
];

/** The kinds with findings, in the status bar's order, each with its count. */
export function countedKinds(counts: DoctorSummary['counts']): { kind: FindingKind; count: number }[] {
  return FINDING_KIND_ORDER.flatMap((kind) => (counts[kind] ? [{ kind, count: counts[kind] }] : []));
}
