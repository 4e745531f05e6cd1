// Unsaved text goes to the data dir shortly after each edit (draftPut), and is forgotten once it is
// saved, reloaded or typed back to what is on disk (draftDelete). A crash, a closed tab or a
// reload then costs at most the last DRAFT_PERSIST_MS of typing, and the text is offered back.
import { shownError, type ShownMessage } from '../../../lib/error-message';
import type { MemlensApi } from '../../../../../shared/contract';

/** Short: the window may be closed at any moment; long enough not to write on every keystroke. */
export const DRAFT_PERSIST_MS = 400;

export type DraftPort = Pick<MemlensApi, 'draftPut' | 'draftDelete'>;

export interface DraftSnapshot {
  text: string;
  baseHash: string | null;
}

export interface DraftPersistence {
  /** Writes the path's draft after the delay (later calls replace the pending write). */
  schedule(path: string, read: () => DraftSnapshot | null): void;
  /** Cancels a pending write and deletes the kept draft. */
  forget(path: string): void;
  /** Writes every pending draft now. */
  flush(): Promise<void>;
}

/** `onError` hears each failed write or delete, and null once one succeeds again. */
export function createDraftPersistence(
  port: Partial<DraftPort>,
  onError: (error: ShownMessage | null) => void,
  delayMs = DRAFT_PERSIST_MS,
): DraftPersistence {
  const pending = new Map<string, { timer: ReturnType<typeof setTimeout>; read: () => DraftSnapshot | null }>();
  // Per path, writes and deletes run in order: a late put must not resurrect a forgotten draft.
  const chains = new Map<string, Promise<unknown>>();
  const enqueue = (path: string, job: () => Promise<unknown>) => {
    const run = (chains.get(path) ?? Promise.resolve()).then(job).then(
      () => onError(null),
      (error: unknown) => onError(shownError(error)),
    );
    chains.set(path, run);
    return run;
  };
  const write = (path: string, read: () => DraftSnapshot | null) => {
    const snapshot = read();
    if (!snapshot || !port.draftPut) return Promise.resolve();
    return enqueue(path, () => port.draftPut!({ path, text: snapshot.text, baseHash: snapshot.baseHash }));
  };
  return {
    schedule(path, read) {
      const existing = pending.get(path);
      if (existing) clearTimeout(existing.timer);
      const timer = setTimeout(() => {
        pending.delete(path);
        void write(path, read);
      }, delayMs);
      pending.set(path, { timer, read });
    },
    forget(path) {
      const existing = pending.get(path);
      if (existing) clearTimeout(existing.timer);
      pending.delete(path);
      if (port.draftDelete) void enqueue(path, () => port.draftDelete!({ path }));
    },
    async flush() {
      const jobs = [...pending.entries()].map(([path, { timer, read }]) => {
        clearTimeout(timer);
        pending.delete(path);
        return write(path, read);
      });
      await Promise.all(jobs);
    },
  };
}
