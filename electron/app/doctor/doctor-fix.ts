// Applies one fix of a finding: every file it touches is checked against the hash the finding was
// made from before any is written (a file changed since is CONFLICT, never overwritten), then each
// is written by the engine's hash-checked save inside the history's app write, so the version says
// "you, in Memory Lens" with the fix's reason and can be restored from the History view.
import type { DoctorFixResult, FindingFix, FixEdit } from '../../../shared/doctor-schemas.js';
import { MemoryLensError } from '../../../shared/errors.js';
import type { Author } from '../../../shared/history-schemas.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import type { HistoryService } from '../history/history-service.js';
import { author as wordedAuthor } from '../history/author-evidence.js';
import { applyEdits } from './fix-edits.js';

export interface FixDeps {
  engine: MemoryEngineApi;
  /** The history's app write (HistoryService.appWrite); without one the write is still hash-checked. */
  appWrite?: HistoryService['appWrite'];
}

type Planned =
  | { path: string; op: 'save'; expectedHash: string; text: string }
  | { path: string; op: 'create'; text: string }
  | { path: string; op: 'delete'; expectedHash: string };

export async function applyDoctorFix(deps: FixDeps, fix: FindingFix): Promise<DoctorFixResult['written']> {
  const byPath = new Map<string, FixEdit[]>();
  for (const edit of fix.edits) byPath.set(edit.path, [...(byPath.get(edit.path) ?? []), edit]);
  const plan: Planned[] = [];
  for (const [path, edits] of byPath) plan.push(await planFile(deps.engine, path, edits));

  const author: Author = wordedAuthor('you', { key: 'you' }, { key: 'how.doctorFix' }, { reason: fix.reason });
  const appWrite = deps.appWrite ?? ((_writes, run) => run());
  const written: DoctorFixResult['written'] = [];
  for (const step of plan) {
    const kind = step.op === 'delete' ? 'delete' : 'save';
    await appWrite([{ path: step.path, write: { kind, author } }], async () => {
      if (step.op === 'delete') {
        await deps.engine.deleteFile(step.path, step.expectedHash);
        written.push({ path: step.path, hash: '' });
      } else {
        const saved =
          step.op === 'create'
            ? await deps.engine.createFile(step.path, step.text)
            : await deps.engine.saveFile(step.path, step.text, step.expectedHash);
        written.push({ path: saved.path, hash: saved.hash });
      }
    });
  }
  return written;
}

async function planFile(engine: MemoryEngineApi, path: string, edits: readonly FixEdit[]): Promise<Planned> {
  const expected = edits[0]!.expectedHash;
  if (expected === null) {
    const exists = await engine.readFile(path).then(
      () => true,
      (error: unknown) => !(error instanceof MemoryLensError && error.code === 'NOT_FOUND'),
    );
    if (exists)
      throw new MemoryLensError('CONFLICT', { messageId: 'errors:doctor.fixWouldCreate', params: { path } }, { path });
    return { path, op: 'create', text: `${edits.flatMap((e) => e.lines).join('\n')}\n` };
  }
  const current = await engine.readFile(path);
  if (current.hash !== expected)
    throw new MemoryLensError(
      'CONFLICT',
      { messageId: 'errors:doctor.changed', params: { path } },
      {
        path,
        currentHash: current.hash,
      },
    );
  if (edits.some((e) => e.deleteFile)) return { path, op: 'delete', expectedHash: expected };
  if (current.window)
    throw new MemoryLensError('NOT_ALLOWED', { messageId: 'errors:doctor.tooLarge', params: { path } });
  return { path, op: 'save', expectedHash: expected, text: applyEdits(current.text, edits) };
}
