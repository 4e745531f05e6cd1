// Looks at the file under the index on a timer, so a file deleted, replaced or overwritten while
// nothing is being written is noticed within seconds (writes look for themselves before they
// start). It only reports; the lifecycle decides what to do.
import { messageOf } from '../../../shared/errors.js';
import { indexLog, lifecycleReasons, type IndexReason } from '../../../shared/index-reasons.js';
import { checkIndexFile } from './index-file-check.js';
import type { IndexFileCheck, IndexFileHandle } from './index-file-check.js';

/** Two seconds: damage shows within a few seconds for the cost of one stat and a 100-byte read. */
export const DEFAULT_FILE_CHECK_INTERVAL_MS = 2_000;
/**
 * A path found empty or garbled is looked at once more after this long before it counts as
 * damage: another process moving a damaged index aside leaves the path empty for a moment
 * before its fresh file appears.
 */
const CONFIRM_DAMAGE_MS = 150;

/** The file being served, as LiveIndex describes it. */
export interface WatchedFile {
  readonly dbPath: string;
  readonly handle: IndexFileHandle | null;
  /** Changes whenever this process itself starts serving another file. */
  readonly generation: number;
}

export interface IndexFileWatchHandlers {
  /** The file was deleted or overwritten (seen twice). */
  onDamage(reason: IndexReason): void;
  /** Something changed at the path (damaged, or another file there): a write pass should look. */
  onChange(): void;
  /** The file could not even be looked at. */
  onError(message: IndexReason): void;
}

export class IndexFileWatch {
  private readonly timer: NodeJS.Timeout;
  private checking = false;
  private stopped = false;

  constructor(
    private readonly file: WatchedFile,
    private readonly handlers: IndexFileWatchHandlers,
    intervalMs = DEFAULT_FILE_CHECK_INTERVAL_MS,
  ) {
    this.timer = setInterval(() => void this.tick(), intervalMs);
    // A one-shot CLI command must be able to exit while the engine is open.
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    if (this.checking || this.stopped) return;
    this.checking = true;
    try {
      const found = this.look();
      if (!found) return;
      if (found.kind !== 'replaced') {
        const generation = this.file.generation;
        await new Promise((resolve) => setTimeout(resolve, CONFIRM_DAMAGE_MS).unref());
        // This process swapped files meanwhile: what was seen is its own doing.
        const again = generation === this.file.generation ? this.look() : null;
        if (!again) return;
        if (again.kind !== 'replaced') this.handlers.onDamage(damageReason(again));
      }
      this.handlers.onChange();
    } catch (error) {
      this.handlers.onError(indexLog('checkFailed', { error: messageOf(error) }));
    } finally {
      this.checking = false;
    }
  }

  private look(): Exclude<IndexFileCheck, { kind: 'same' }> | null {
    if (this.stopped) return null;
    const check = checkIndexFile(this.file.dbPath, this.file.handle);
    return check.kind === 'same' ? null : check;
  }
}

/** The words status and notices use for a file found deleted or overwritten. */
export function damageReason(check: IndexFileCheck): IndexReason {
  switch (check.kind) {
    case 'missing':
      return lifecycleReasons.deleted();
    case 'garbled':
      return check.reason;
    default:
      return lifecycleReasons.replaced();
  }
}
