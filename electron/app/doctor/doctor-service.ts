// The doctor for the open workspace, owned by the app service: a first pass in the background
// once the workspace's first sync is done, another (debounced) after every change to memory or a
// transcript, the latest report for the Doctor view and the status bar, and the one-click fixes.
import { type Log, logLine } from '../../../shared/log-line.js';
import type { ContractEvent } from '../../../shared/contract.js';
import type { DoctorFixResult, DoctorReport } from '../../../shared/doctor-schemas.js';
import { FindingKindSchema } from '../../../shared/doctor-schemas.js';
import { MemoryLensError } from '../../../shared/errors.js';
import type { WorkspaceActivity } from '../agent/agent-activity-store.js';
import type { HistoryService } from '../history/history-service.js';
import type { GiveWayLimits, SearchGate } from '../search-gate.js';
import type { WorkspaceSession } from '../workspace-session.js';
import { applyDoctorFix } from './doctor-fix.js';
import { gatherDoctorInput } from './doctor-gather.js';
import { doctorPlaces } from './doctor-reads.js';
import { DoctorThread } from './doctor-thread.js';
import { withEvidenceAuthors } from './evidence-authors.js';
import { onceEach } from './line-dates.js';
import { runDoctorDated } from './run-doctor.js';

/** Edits arrive in bursts (a save, then its re-index, the history's version): one pass after the burst. */
const RECOMPUTE_DEBOUNCE_MS = 750;

export interface DoctorServiceOptions {
  session: WorkspaceSession;
  history: HistoryService;
  activity: () => WorkspaceActivity;
  log: Log;
  /** better-sqlite3's addon built for Electron's ABI: the worker opens its read-only connections with it. */
  nativeBinding?: string;
  now?: () => number;
  debounceMs?: number;
  /** The searches the background pass gives way to (the app service's); without it the pass never stops for them. */
  searches?: SearchGate;
  /** How long it gives way at most (tests hold it back for longer). */
  giveWay?: GiveWayLimits;
}

export class DoctorService {
  private report: DoctorReport | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private generation = 0;
  private closed = false;
  /** The first pass waits for the workspace's first sync. */
  private awaitingSync = false;
  private waiters: (() => void)[] = [];
  private readonly unsubscribe: () => void;
  private readonly thread: DoctorThread;
  /**
   * Nothing runs until someone asks for the findings: a pass holds the event loop for seconds on a
   * busy workspace (twenty saves took 54 s instead of 2 with passes after every change).
   */
  private wanted = false;

  constructor(private readonly options: DoctorServiceOptions) {
    this.unsubscribe = options.session.onDidEvent((event) => this.heard(event));
    this.thread = new DoctorThread({ log: options.log });
  }

  private want(): void {
    if (this.wanted || this.closed) return;
    this.wanted = true;
    if (this.options.session.isOpen()) this.startFirstPass();
  }

  /** The latest findings; `computing` with none until the first pass is done (the first call starts it). */
  current(): DoctorReport {
    this.want();
    if (this.report) return this.report;
    const workspaceDir = this.options.session.isOpen() ? this.options.session.info().workspaceDir : '';
    return {
      workspaceDir,
      computedAt: 0,
      tookMs: 0,
      state: 'computing',
      counts: Object.fromEntries(FindingKindSchema.options.map((k) => [k, 0])) as DoctorReport['counts'],
      findings: [],
      searches: { count: 0, since: null },
      notes: [],
      noteMessages: [],
    };
  }

  /** Resolves when no pass is running or waiting (tests, the bench); asks for the findings first. */
  whenIdle(): Promise<void> {
    this.want();
    if (!this.busy()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private busy(): boolean {
    return !this.closed && (this.running !== null || this.timer !== null || this.awaitingSync);
  }

  private settleIfIdle(): void {
    if (this.busy()) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  async applyFix(findingId: string, fixId: string): Promise<DoctorFixResult> {
    const finding = this.report?.findings.find((f) => f.id === findingId);
    if (!finding)
      throw new MemoryLensError('NOT_FOUND', { messageId: 'errors:doctor.noFinding', params: { id: findingId } });
    const fix = finding.fixes.find((f) => f.id === fixId);
    if (!fix)
      throw new MemoryLensError('NOT_FOUND', {
        messageId: 'errors:doctor.noFix',
        params: { finding: findingId, fix: fixId },
      });
    const written = await applyDoctorFix(
      { engine: this.options.session.current(), appWrite: (w, run) => this.options.history.appWrite(w, run) },
      fix,
    );
    this.schedule(0);
    return { findingId, fixId, written };
  }

  close(): void {
    this.closed = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.thread.close();
    this.settleIfIdle();
  }

  private heard(event: ContractEvent): void {
    if (event.name === 'workspaceChanged') {
      this.generation++;
      this.report = null;
      if (this.wanted) this.startFirstPass();
    } else if (event.name === 'fileChanged' && this.wanted)
      this.schedule(this.options.debounceMs ?? RECOMPUTE_DEBOUNCE_MS);
  }

  private startFirstPass(): void {
    const generation = this.generation;
    this.awaitingSync = true;
    void this.options.session.whenSynced().then(() => {
      if (generation !== this.generation) return;
      this.awaitingSync = false;
      this.schedule(0);
      this.settleIfIdle();
    });
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, delayMs);
  }

  private run(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    const generation = this.generation;
    this.running = this.pass(generation).finally(() => {
      this.running = null;
      if (this.again && !this.closed) {
        this.again = false;
        this.run();
      }
      this.settleIfIdle();
    });
  }

  private async pass(generation: number): Promise<void> {
    try {
      const engine = this.options.session.current();
      const activity = this.options.activity();
      const now = (this.options.now ?? Date.now)();
      const started = performance.now();
      const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));
      // Read and computed on the doctor's own thread; here only when that fails, giving way
      // between files so searches arriving meanwhile are answered first.
      const history = this.options.history;
      const historyDir = await history.storeDir();
      const origins = onceEach((p) => history.lineOrigins(p));
      const { outcome, authored } = await this.thread.run(
        {
          places: doctorPlaces(engine, activity, this.options.nativeBinding ?? null, historyDir),
          now,
          ...(this.options.searches ? { gate: this.options.searches.buffer } : {}),
          ...(this.options.giveWay ? { giveWay: this.options.giveWay } : {}),
        },
        async () => ({
          outcome: await runDoctorDated(
            await gatherDoctorInput(engine, activity, { now, yieldEvery: giveWay }),
            origins,
            giveWay,
          ),
          authored: false,
        }),
      );
      if (generation !== this.generation || this.closed) return;
      // The worker names the authors from the history it reads; when it could not, they are looked up here.
      const findings = authored ? outcome.findings : await withEvidenceAuthors(outcome.findings, origins, giveWay);
      const report: DoctorReport = {
        ...outcome,
        findings,
        state: 'ready',
        tookMs: Math.round(performance.now() - started),
      };
      if (generation !== this.generation || this.closed) return;
      this.report = report;
      this.options.session.emitEvent({
        name: 'doctorChanged',
        payload: { state: 'ready', counts: report.counts, computedAt: report.computedAt },
      });
    } catch (error) {
      if (!this.closed) this.options.log(logLine('log:doctor.failed', error));
    }
  }
}
