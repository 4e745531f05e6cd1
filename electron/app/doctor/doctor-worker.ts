// worker_threads entry of the doctor's background pass: the finders (MinHash duplicates, conflicts,
// secrets, usage) over one gathered input, off the thread that answers searches. They are the same
// pure functions the CLI runs in-thread, so both give the same findings.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { messageOf } from '../../../shared/errors.js';
import type { DoctorFile, DoctorTranscript } from './doctor-input.js';
import type { DoctorThreadReply, DoctorThreadRequest } from './doctor-thread.js';
import { runDoctor, type DoctorOutcome } from './run-doctor.js';

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

/** The parts of each input received so far, by request id. */
const parts = new Map<number, { files: DoctorFile[]; transcripts: DoctorTranscript[] }>();
/** Findings still to send, by request id: a part each time the other thread asks for the next. */
const outgoing = new Map<number, { outcome: DoctorOutcome; at: number; per: number }>();

function sendNext(id: number): void {
  const sending = outgoing.get(id);
  if (!sending) return;
  const { outcome, at, per } = sending;
  if (at + per < outcome.findings.length) {
    sending.at += per;
    port!.postMessage({ id, findings: outcome.findings.slice(at, at + per) } satisfies DoctorThreadReply);
    return;
  }
  outgoing.delete(id);
  port!.postMessage({ id, outcome: { ...outcome, findings: outcome.findings.slice(at) } } satisfies DoctorThreadReply);
}

port.on('message', (request: DoctorThreadRequest) => {
  const { id } = request;
  if ('next' in request) return sendNext(id);
  const received = parts.get(id) ?? { files: [], transcripts: [] };
  if (!('input' in request)) {
    received.files.push(...request.files);
    received.transcripts.push(...request.transcripts);
    parts.set(id, received);
    return;
  }
  parts.delete(id);
  try {
    const { input } = request;
    const outcome = runDoctor({
      ...input,
      files: [...received.files, ...input.files],
      transcripts: [...received.transcripts, ...input.transcripts],
    });
    outgoing.set(id, { outcome, at: 0, per: request.findingsPerMessage });
    sendNext(id);
  } catch (error) {
    port.postMessage({ id, error: messageOf(error) } satisfies DoctorThreadReply);
  }
});
