// The index's life as one explicit state machine. Pure: index-lifecycle.ts feeds it events and
// acts on the state it returns; nothing here touches SQLite or the disk.
//
// Typical lives:   serving → stale → rebuilding → serving          (a version or model change)
//                  serving → damaged → recovering → serving        (corruption, file deleted/garbled)
//
// Transitions (event: from → to). An event not listed for a state is ignored.
//   opened             any but closed → recovering   the file at the index path was unusable and moved aside
//                                     → stale        it was built by another version, chunking or model, or
//                                                    tables are missing
//                                     → serving      it matches
//                      (at start, and again whenever the file changed underneath: e.g. another
//                      process swapped its finished rebuild in)
//   rebuild-started    stale | rebuilding → rebuilding   this process holds the rebuild lock
//   rebuild-waiting    stale | rebuilding → rebuilding   another process holds it; this one waits
//   rebuild-finished   rebuilding → serving
//   rebuild-failed     rebuilding → stale                the next sync tries again
//   damage-found       serving | stale | recovering → damaged
//                      (while rebuilding it is ignored: the swap replaces the damaged file anyway)
//   quarantined        damaged → recovering
//   recovery-finished  recovering → serving
//   closed             any → closed                      terminal
//
// What each state means for callers:
//   serving     searches and writes use the index.
//   stale       it must be rebuilt (schema, chunker, chunking or model changed, or tables are
//               missing); it keeps answering searches, with an 'index-building' notice.
//   rebuilding  a complete new index is being built beside it (`<index>.next`) — by this process,
//               or by another one holding the rebuild lock while this one waits; the old one
//               keeps answering, with the notice.
//   damaged     the served file cannot be trusted; recovery is queued. Searches return nothing
//               with the notice; reads fail with INDEX_CORRUPT ("try again shortly").
//   recovering  the damaged file was moved aside; a fresh index is being filled from the files.
//               Searches answer from what is indexed so far, with the notice (incomplete).
//   closed      nothing answers.
import type { IndexLifecycle, SearchNotice } from '../../../shared/domain.js';
import { lifecycleReasonOf, lifecycleReasons, lifecycleWith, type IndexReason } from '../../../shared/index-reasons.js';
import { said } from '../../../shared/i18n.js';
import { nestedReason } from '../../../shared/mode-reasons.js';

/** Reasons are by id (shared/index-reasons.ts) or a system's text ({ message } alone). */
export type LifecycleEvent =
  /** An index file was opened at the served path (at start, or again after it changed underneath). */
  | { type: 'opened'; staleReason: IndexReason | null; quarantinedReason: IndexReason | null }
  /** This process took the rebuild lock and starts building `<index>.next`. */
  | { type: 'rebuild-started'; reason: IndexReason }
  /** Another process holds the rebuild lock; this one waits for its result. */
  | { type: 'rebuild-waiting'; reason: IndexReason }
  | { type: 'rebuild-finished' }
  | { type: 'rebuild-failed'; reason: IndexReason }
  | { type: 'damage-found'; reason: IndexReason }
  /** The damaged file was moved aside and a fresh, empty index opened in its place. */
  | { type: 'quarantined'; reason: IndexReason }
  | { type: 'recovery-finished' }
  | { type: 'closed' };

/** The state an index starts in once a file has been opened at the served path. */
export function openedLifecycle(
  staleReason: IndexReason | null,
  quarantinedReason: IndexReason | null,
): IndexLifecycle {
  if (quarantinedReason !== null) return lifecycleWith('recovering', quarantinedReason);
  if (staleReason !== null) return lifecycleWith('stale', staleReason);
  return { state: 'serving', reason: null };
}

/**
 * The state after `event`, or null when the event does not apply in `current` (the caller
 * ignores it: e.g. a second damage report while recovery is already queued).
 */
export function nextLifecycle(current: IndexLifecycle, event: LifecycleEvent): IndexLifecycle | null {
  const from = current.state;
  if (from === 'closed') return null;
  switch (event.type) {
    case 'opened':
      return openedLifecycle(event.staleReason, event.quarantinedReason);
    case 'rebuild-started':
    case 'rebuild-waiting':
      return from === 'stale' || from === 'rebuilding' ? lifecycleWith('rebuilding', event.reason) : null;
    case 'rebuild-finished':
      return from === 'rebuilding' ? { state: 'serving', reason: null } : null;
    case 'rebuild-failed':
      return from === 'rebuilding' ? lifecycleWith('stale', event.reason) : null;
    case 'damage-found':
      // While rebuilding, the finished rebuild replaces the damaged file: nothing to recover.
      return from === 'serving' || from === 'stale' || from === 'recovering'
        ? lifecycleWith('damaged', event.reason)
        : null;
    case 'quarantined':
      return from === 'damaged' ? lifecycleWith('recovering', event.reason) : null;
    case 'recovery-finished':
      return from === 'recovering' ? { state: 'serving', reason: null } : null;
    case 'closed':
      return { state: 'closed', reason: null };
  }
}

/** The 'index-building' notice a search carries in this state, or null when it needs none. */
export function searchNoticeFor(lifecycle: IndexLifecycle): SearchNotice | null {
  // Worded only when there is a notice: a serving index (nearly every search) needs no English text.
  const notice = (key: string): SearchNotice => ({
    code: 'index-building',
    ...said(`explain:notice.indexBuilding.${key}`, { reason: nestedReason(lifecycleReasonOrUpdate(lifecycle)) }),
  });
  switch (lifecycle.state) {
    case 'stale':
    case 'rebuilding':
      return notice('rebuilding');
    case 'damaged':
      return notice('damaged');
    case 'recovering':
      return notice('recovering');
    default:
      return null;
  }
}

/** The lifecycle's reason, or "update" when none was recorded. */
export function lifecycleReasonOrUpdate(lifecycle: IndexLifecycle): IndexReason {
  return lifecycleReasonOf(lifecycle) ?? lifecycleReasons.update();
}
