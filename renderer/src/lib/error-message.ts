import type { TFunction } from 'i18next';
import { toErrorValue, type ErrorCode } from '../../../shared/errors';
import { englishText, localText, type MessageParams, type MessageRef } from '../../../shared/i18n';

/** Whatever a call rejected with, as `{code, message}` (the client rejects with typed errors). */
export function errorInfo(error: unknown): {
  code: ErrorCode;
  message: string;
  messageId?: string;
  params?: MessageParams;
  details?: Record<string, unknown>;
} {
  if (error && typeof error === 'object' && 'details' in error) {
    const value = toErrorValue(error);
    const details = (error as { details?: unknown }).details;
    return details && typeof details === 'object' ? { ...value, details: details as Record<string, unknown> } : value;
  }
  return toErrorValue(error);
}

/**
 * An error (or a message) as a store keeps it: the English text with its id and parameters when it
 * has them, worded in the interface's language only when shown, so a language switch rewords it.
 */
export interface ShownMessage {
  message: string;
  messageId?: string;
  params?: MessageParams;
  /** A message id that words this one as its `{{reason}}` ("Save failed: …"). */
  within?: string;
}

/** What a store keeps of a rejected call; `within` wraps it, e.g. `editor:error.saveFailed`. */
export function shownError(error: unknown, within?: string): ShownMessage {
  const { message, messageId, params } = errorInfo(error);
  return { message, ...(messageId ? { messageId } : {}), ...(params ? { params } : {}), ...(within ? { within } : {}) };
}

/** A message by id, kept to be worded when shown. */
export function shownRef(ref: MessageRef): ShownMessage {
  return { message: englishText(ref), ...ref };
}

/** The text of a kept message in `t`'s language. */
export function shownText(t: TFunction, shown: ShownMessage): string {
  const text = localText(t, shown);
  return shown.within ? t(shown.within, { reason: text }) : text;
}
