// The read side of the index lifecycle: searches and reads of the served index, shaped by its
// state. Reads never go through the write queue. A stale index keeps answering (with a notice);
// a damaged one answers nothing and says why; SQLite damage met by a read is reported to the
// lifecycle (which recovers) and surfaces as a typed error, never as SQLite's own.
import type {
  IndexError,
  SkippedFile,
  IndexLifecycle as LifecycleStatus,
  SearchResponse,
} from '../../../shared/domain.js';
import { MemoryLensError, messageOf } from '../../../shared/errors.js';
import { isCorruptionError } from '../index/index-db.js';
import type { IndexDb } from '../index/index-db.js';
import type { IndexCounts } from '../index/index-queries.js';
import type { IndexSession } from '../search/sqlite/index-session.js';
import { plainIndexReason, type IndexReason } from '../../../shared/index-reasons.js';
import { nestedReason } from '../../../shared/mode-reasons.js';
import { lifecycleReasonOrUpdate, searchNoticeFor } from './lifecycle-state.js';
import type { LiveIndex } from './live-index.js';

export interface ReadSide {
  live: LiveIndex;
  lifecycle(): LifecycleStatus;
  /** Damage met by a read: the lifecycle marks it and queues the recovery. */
  reportDamage(reason: IndexReason): void;
  closing: AbortSignal;
}

export class IndexReads {
  constructor(private readonly side: ReadSide) {}

  /**
   * Runs a search on the served index and adds the notice the state calls for. A stale index may
   * not answer this version's queries (that is why it is rebuilt): then it answers nothing, with
   * the notice, instead of failing. Damage met here starts the recovery.
   */
  async search(
    run: (index: IndexDb, session: IndexSession) => Promise<SearchResponse>,
    empty: () => SearchResponse,
  ): Promise<SearchResponse> {
    const at = this.side.lifecycle();
    if (at.state === 'damaged') return withNotice(empty(), at);
    const index = this.side.live.index;
    let response: SearchResponse;
    try {
      response = await run(index, this.side.live.session);
    } catch (error) {
      // The index was swapped (rebuild finished) while this query waited for its embedding.
      if (index !== this.side.live.index && !this.side.closing.aborted) return this.search(run, empty);
      if (isCorruptionError(error)) {
        this.side.reportDamage(plainIndexReason(messageOf(error)));
        return withNotice(empty(), this.side.lifecycle());
      }
      if (at.state === 'serving') throw error;
      response = empty();
    }
    return withNotice(response, at);
  }

  /** A read of the served index; damage starts the recovery and fails with a typed error instead of SQLite's. */
  read<T>(read: (index: IndexDb) => T): T {
    this.assertReadable();
    try {
      return read(this.side.live.index);
    } catch (error) {
      throw this.readFailure(error);
    }
  }

  async readAsync<T>(read: (index: IndexDb, session: IndexSession) => Promise<T>): Promise<T> {
    this.assertReadable();
    try {
      return await read(this.side.live.index, this.side.live.session);
    } catch (error) {
      throw this.readFailure(error);
    }
  }

  /** Counts for status(), or null while the index cannot give them (status never throws for that). */
  readCounts(): IndexCounts | null {
    return this.quietRead(() => this.side.live.readCounts());
  }

  /** Files that failed to index, from the index. */
  failedFiles(): IndexError[] {
    return this.quietRead(() => this.side.live.readFailedFiles()) ?? [];
  }

  /** Files left out on purpose (too large, binary), from the index. */
  skippedFiles(): SkippedFile[] {
    return this.quietRead(() => this.side.live.readSkippedFiles()) ?? [];
  }

  private quietRead<T>(read: () => T): T | null {
    if (this.side.lifecycle().state === 'damaged' || this.side.lifecycle().state === 'closed') return null;
    try {
      return read();
    } catch (error) {
      if (isCorruptionError(error)) this.side.reportDamage(plainIndexReason(messageOf(error)));
      else if (this.side.lifecycle().state === 'serving') throw error;
      return null;
    }
  }

  private assertReadable(): void {
    if (this.side.lifecycle().state === 'damaged') {
      throw new MemoryLensError('INDEX_CORRUPT', { messageId: 'errors:index.damaged' });
    }
  }

  private readFailure(error: unknown): unknown {
    if (isCorruptionError(error)) {
      this.side.reportDamage(plainIndexReason(messageOf(error)));
      return new MemoryLensError('INDEX_CORRUPT', { messageId: 'errors:index.damaged' });
    }
    // A stale index may lack what this version reads (a dropped table): say it is being rebuilt.
    if (isSqliteError(error) && this.side.lifecycle().state !== 'serving') {
      return new MemoryLensError('UNAVAILABLE', {
        messageId: 'errors:index.rebuilding',
        params: { reason: nestedReason(lifecycleReasonOrUpdate(this.side.lifecycle())) },
      });
    }
    return error;
  }
}

function withNotice(response: SearchResponse, at: LifecycleStatus): SearchResponse {
  const notice = searchNoticeFor(at);
  if (notice) response.notices.push(notice);
  return response;
}

function isSqliteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}
