// Why a file is not in the index — left out on purpose (too large, binary) or failed — by message
// id beside its English text: the index keeps both, the API and CLI carry the English, the UI and
// `--lang` word it by id. A reason written before ids existed has only its English.
import { said, type MessageParams } from './i18n.js';
import { nestedReason } from './mode-reasons.js';

/** A reason: English `message`; `messageId` + `params` when it was recorded by id. */
export interface IndexReason {
  message: string;
  messageId?: string;
  params?: MessageParams;
}

const reason = (key: string, params?: MessageParams): IndexReason => said(`errors:indexing.${key}`, params);

export const indexReasons = {
  /** Over the size limit (`size` and `max` in bytes) for its kind of file. */
  tooLarge: (source: 'memory' | 'sessions', size: number, max: number) => reason(`tooLarge.${source}`, { size, max }),
  nulByte: (offset: number) => reason('nulByte', { offset }),
  /** Too much invalid UTF-8 in the first `sampledKb` KB, or in the whole file of `sampledBytes`. */
  invalidUtf8: (share: number, invalid: number, sampled: { kb: number } | { bytes: number }) =>
    'kb' in sampled
      ? reason('invalidUtf8', { share, invalid, kb: sampled.kb })
      : reason('invalidUtf8Whole', { share, invalid, bytes: sampled.bytes }),
  agentDbUnreadable: () => reason('agentDbUnreadable'),
  /** `error`: the system's own text (stays as it is). */
  couldNotRead: (error: string) => reason('couldNotRead', { error }),
  couldNotParse: (error: string) => reason('couldNotParse', { error }),
  couldNotIndex: (error: string) => reason('couldNotIndex', { error }),
  couldNotWrite: (error: string) => reason('couldNotWrite', { error }),
  embeddingFailed: (error: string) => reason('embeddingFailed', { error }),
  /** A file recorded skipped or failed without a reason. */
  notIndexed: () => reason('notIndexed'),
  failed: () => reason('failed'),
};

/** The index's own events for status (`errors:indexLog.*`): English and id, like a reason. */
export function indexLog(key: string, params: MessageParams): IndexReason {
  return said(`errors:indexLog.${key}`, params);
}

/** The fields a skipped file carries for its reason (its English text and its id). */
export function skippedReasonFields(r: IndexReason): {
  reason: string;
  reasonId?: string;
  reasonParams?: MessageParams;
} {
  return {
    reason: r.message,
    ...(r.messageId ? { reasonId: r.messageId } : {}),
    ...(r.params ? { reasonParams: r.params } : {}),
  };
}

/** A skipped file's reason, from the fields `skippedReasonFields` gave it. */
export function skippedReasonOf(value: {
  reason: string;
  reasonId?: string;
  reasonParams?: MessageParams;
}): IndexReason {
  return {
    message: value.reason,
    ...(value.reasonId ? { messageId: value.reasonId } : {}),
    ...(value.reasonParams ? { params: value.reasonParams } : {}),
  };
}

const lifecycle = (key: string, params?: MessageParams): IndexReason => said(`errors:lifecycle.${key}`, params);

/** Who holds the rebuild lock, as lock files record it (null: unreadable). */
export interface RebuildOwner {
  pid: number;
  hostname: string;
  /** False when it runs on another machine sharing the data folder. */
  here: boolean;
}

/** Why the index is stale, rebuilding, damaged or recovering: status' `state — …`, by id. */
export const lifecycleReasons = {
  /** The file's schema `stored` is newer than this version's `expected`. */
  newerSchema: (stored: number, expected: number) => lifecycle('newerSchema', { stored, expected }),
  schemaChanged: (stored: number | null, expected: number) =>
    stored === null ? lifecycle('schemaUnknown', { expected }) : lifecycle('schemaChanged', { stored, expected }),
  chunkerChanged: (stored: number | null, expected: number) =>
    stored === null ? lifecycle('chunkerUnknown', { expected }) : lifecycle('chunkerChanged', { stored, expected }),
  chunkingChanged: (from: string, to: string) => lifecycle('chunkingChanged', { from, to }),
  vecNotLoaded: () => lifecycle('vecNotLoaded'),
  modelChanged: (from: string, to: string) => lifecycle('modelChanged', { from, to }),
  dimsChanged: (from: number, to: number) => lifecycle('dimsChanged', { from, to }),
  missingTables: (tables: readonly string[]) =>
    lifecycle(tables.length === 1 ? 'missingTable' : 'missingTables', { tables: tables.join(', ') }),
  /** Another process holds the rebuild lock and rebuilds for `why`. */
  rebuildingElsewhere: (owner: RebuildOwner | null, why: IndexReason) => {
    const reason = nestedReason(why);
    if (!owner) return lifecycle('rebuildingElsewhere.unknown', { reason });
    return owner.here
      ? lifecycle('rebuildingElsewhere.here', { pid: owner.pid, reason })
      : lifecycle('rebuildingElsewhere.host', { host: owner.hostname, pid: owner.pid, reason });
  },
  update: () => lifecycle('update'),
  damaged: () => lifecycle('damaged'),
  deleted: () => lifecycle('deleted'),
  replaced: () => lifecycle('replaced'),
  /** `reason`: why the new file could not be opened (SQLite's or the header check's words). */
  replacedUnreadable: (reason: string) => lifecycle('replacedUnreadable', { reason }),
  truncated: (bytes: number) => lifecycle('truncated', { bytes }),
  overwritten: () => lifecycle('overwritten'),
  otherDatabase: (id: number) => lifecycle('otherDatabase', { id }),
};

/** A reason that is not ours (SQLite's, the system's): its text in every language. */
export function plainIndexReason(message: string): IndexReason {
  return { message };
}

/** Why the file watcher is in 'error' and what stands in for it (`errors:watch.*`). */
export const watchReasons = {
  /** ENOSPC: the watch limit; else the OS refused another watcher (EMFILE and the like). */
  limit: (code: string, seconds: number, linux: boolean) =>
    said(`errors:watch.${code === 'ENOSPC' ? 'limit' : 'refused'}${linux ? 'Linux' : ''}`, { code, seconds }),
  /** `error`: the system's own text. */
  failed: (error: string) => said('errors:watch.failed', { error }),
};

/** A lifecycle with its reason: the English text, and its id beside it. */
export function lifecycleWith<S extends string>(
  state: S,
  reason: IndexReason | null,
): { state: S; reason: string | null; reasonId?: string; reasonParams?: MessageParams } {
  if (!reason) return { state, reason: null };
  return {
    state,
    reason: reason.message,
    ...(reason.messageId ? { reasonId: reason.messageId } : {}),
    ...(reason.params ? { reasonParams: reason.params } : {}),
  };
}

/** The reason of a lifecycle (status().lifecycle), as `localText` reads it; null when it has none. */
export function lifecycleReasonOf(value: {
  reason: string | null;
  reasonId?: string;
  reasonParams?: MessageParams;
}): IndexReason | null {
  if (value.reason === null) return null;
  return {
    message: value.reason,
    ...(value.reasonId ? { messageId: value.reasonId } : {}),
    ...(value.reasonParams ? { params: value.reasonParams } : {}),
  };
}

/** Why the watcher is in 'error', from status' fields, as `localText` reads it; undefined when it has none. */
export function watcherReasonOf(status: {
  watcherReason?: string;
  watcherReasonId?: string;
  watcherReasonParams?: MessageParams;
}): IndexReason | undefined {
  if (status.watcherReason === undefined) return undefined;
  return {
    message: status.watcherReason,
    ...(status.watcherReasonId ? { messageId: status.watcherReasonId } : {}),
    ...(status.watcherReasonParams ? { params: status.watcherReasonParams } : {}),
  };
}
