// worker_threads entry of the doctor's background pass: the finders (MinHash duplicates, conflicts,
// secrets, usage) over one gathered input, off the thread that answers searches. They are the same
// pure functions the CLI runs in-thread, so both give the same findings.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { messageOf } from '../../../shared/errors.js';
import type { DoctorThreadReply, DoctorThreadRequest } from './doctor-thread.js';
import { runDoctor } from './run-doctor.js';

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

port.on('message', (request: DoctorThreadRequest) => {
  let reply: DoctorThreadReply;
  try {
    reply = { id: request.id, outcome: runDoctor(request.input) };
  } catch (error) {
    reply = { id: request.id, error: messageOf(error) };
  }
  port.postMessage(reply);
});
