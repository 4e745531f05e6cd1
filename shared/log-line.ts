// What a service prints when something in the background fails: a message by id, worded by the
// process that made the `log` callback (the CLI in its --lang, the desktop app in English).
import type { TFunction } from 'i18next';
import { toErrorValue } from './errors.js';
import type { MessageRef } from './i18n.js';
import { nestedReason } from './mode-reasons.js';

/** A service's log callback: the line by id; the process words it. */
export type Log = (line: MessageRef) => void;

/** A log line by id, its failure as the `{{error, failure}}` parameter. */
export function logLine(messageId: string, error: unknown, params: Record<string, string | number> = {}): MessageRef {
  return { messageId, params: { ...params, error: nestedReason(toErrorValue(error)) } };
}

/** A log line in `t`'s language. */
export function logText(t: TFunction, line: MessageRef): string {
  return t(line.messageId, line.params);
}
