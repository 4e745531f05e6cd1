// worker_threads entry of the doctor's background pass: it reads the workspace through connections
// of its own (doctor-reads.ts), runs the finders (MinHash duplicates, conflicts, secrets, usage) and
// names the authors of cited lines from the memory history, off the thread that answers searches.
// Gathering, finders and authors are the same code the CLI runs in-thread: both give the same findings.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { messageOf } from '../../../shared/errors.js';
import { GateCheckpoint } from '../search-gate.js';
import { gatherDoctorInput } from './doctor-gather.js';
import { ReadOnlyWorkspace } from './doctor-reads.js';
import { withEvidenceAuthors } from './evidence-authors.js';
import type { DoctorPassRequest, DoctorThreadReply, DoctorThreadRequest } from './doctor-thread.js';
import { onceEach } from './line-dates.js';
import { runDoctorDated, type DoctorOutcome } from './run-doctor.js';

const port = parentPort;
if (!port) throw new Error('doctor-worker.js must run in a worker thread');

/**
 * Background work gives way: on Linux a thread's nice value is its own (elsewhere it is the whole
 * process's, so it is left alone there), and on a busy machine searches get the cores first.
 */
const BACKGROUND_NICE = 10;
if (process.platform === 'linux') {
  try {
    os.setPriority(0, BACKGROUND_NICE);
  } catch {
    // A sandbox may refuse it: the pass then runs at normal priority.
  }
}

/** Findings still to send, by request id: a part each time the other thread asks for the next. */
const outgoing = new Map<number, { outcome: DoctorOutcome; authored: boolean; at: number; per: number }>();

function sendNext(id: number): void {
  const sending = outgoing.get(id);
  if (!sending) return;
  const { outcome, authored, at, per } = sending;
  if (at + per < outcome.findings.length) {
    sending.at += per;
    port!.postMessage({ id, findings: outcome.findings.slice(at, at + per) } satisfies DoctorThreadReply);
    return;
  }
  outgoing.delete(id);
  const last = { ...outcome, findings: outcome.findings.slice(at) };
  port!.postMessage({ id, outcome: last, authored } satisfies DoctorThreadReply);
}

/** The search log's own log is for failed writes, and the worker only reads it. */
const quiet = () => undefined;

async function pass(id: number, request: DoctorPassRequest, findingsPerMessage: number): Promise<void> {
  let workspace: ReadOnlyWorkspace;
  try {
    workspace = new ReadOnlyWorkspace(request.places, quiet);
  } catch (error) {
    port!.postMessage({ id, unreadable: messageOf(error) } satisfies DoctorThreadReply);
    return;
  }
  // Between files, transcripts, batches of pairs: stopped there while a search runs on the other thread.
  const checkpoint = request.gate ? new GateCheckpoint(request.gate, request.giveWay).checkpoint : () => undefined;
  const giveWay = async () => checkpoint();
  try {
    const input = await gatherDoctorInput(workspace, workspace.searchLog, { now: request.now, yieldEvery: giveWay });
    // Line dates and the authors of cited lines from the history read here too; without a store the
    // other thread asks its own for the authors.
    const history = await workspace.historyReader(quiet);
    const origins = history ? onceEach((p) => history.lineOrigins(p)) : null;
    const outcome = await runDoctorDated(input, origins, giveWay, checkpoint);
    const findings = origins ? await withEvidenceAuthors(outcome.findings, origins, giveWay) : null;
    const authored = { outcome: findings ? { ...outcome, findings } : outcome, authored: findings !== null };
    outgoing.set(id, { ...authored, at: 0, per: findingsPerMessage });
    sendNext(id);
  } catch (error) {
    port!.postMessage({ id, error: messageOf(error) } satisfies DoctorThreadReply);
  } finally {
    workspace.close();
  }
}

port.on('message', (request: DoctorThreadRequest) => {
  if ('next' in request) sendNext(request.id);
  else void pass(request.id, request.pass, request.findingsPerMessage);
});
