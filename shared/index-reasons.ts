// Why a file is not in the index — left out on purpose (too large, binary) or failed — by message
// id beside its English text: the index keeps both, the API and CLI carry the English, the UI and
// `--lang` word it by id. A reason written before ids existed has only its English.
import { said, type MessageParams } from './i18n.js';

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
