// Which automated prompt left a transcript: the cron job (by the name its envelope gives), the
// heartbeat, or a sub-agent's task. The runs of one prompt are one thing to a person reading search
// results, so the list folds them across sessions into one card with the run list.
import type { FileListEntry } from './domain.js';
import { isAutomatedKind, type SessionKind } from './session-kind.js';

export interface AutomatedRun {
  /** Same for every run of one prompt: the kind and the session's title (job name, task). */
  key: string;
  kind: Exclude<SessionKind, 'conversation'>;
  /** The job's name or the task's first words; empty for the heartbeat. */
  name: string;
  /** When the run started (its first record), epoch ms; null when unknown. */
  startedAt: number | null;
}

export function automatedRunOf(file: Pick<FileListEntry, 'sessionKind' | 'title' | 'date'>): AutomatedRun | undefined {
  const kind = file.sessionKind;
  if (!isAutomatedKind(kind) || kind === undefined || kind === 'conversation') return undefined;
  // Every heartbeat turn runs the one heartbeat prompt, whatever its session is titled.
  const name = kind === 'heartbeat' ? '' : (file.title ?? '').trim();
  return { key: `${kind}\0${name}`, kind, name, startedAt: file.date?.epochMs ?? null };
}

/** path → its run, for the transcripts the scheduler started. */
export function automatedRuns(
  files: readonly Pick<FileListEntry, 'path' | 'sessionKind' | 'title' | 'date'>[],
): Map<string, AutomatedRun> {
  const out = new Map<string, AutomatedRun>();
  for (const file of files) {
    const run = automatedRunOf(file);
    if (run) out.set(file.path, run);
  }
  return out;
}
