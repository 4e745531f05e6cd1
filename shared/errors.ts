// Errors that cross a boundary (engine → CLI, IPC, HTTP) are typed values, never stack traces.
import { englishText, type MessageParams, type MessageRef } from './i18n.js';

export const ERROR_CODES = [
  'NOT_FOUND',
  'CONFLICT',
  'OUT_OF_ROOT',
  'INVALID_ARGUMENT',
  'TOO_LARGE',
  'UNAVAILABLE',
  'NOT_ALLOWED',
  'ALREADY_EXISTS',
  /** The file's mode says it is not to be written (e.g. 0444); a save needs an explicit override. */
  'READ_ONLY',
  'INDEX_CORRUPT',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorValue {
  code: ErrorCode;
  /** English, for the API, the CLI and logs. */
  message: string;
  /** The same message by id (`namespace:key`) and parameters, for the UI to word in its language. */
  messageId?: string;
  params?: MessageParams;
  /** Optional structured detail, e.g. the current hash on CONFLICT. */
  details?: Record<string, unknown>;
}

export class MemoryLensError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  readonly ref?: MessageRef;

  /** `message` is English text, or a message by id whose English text becomes the message. */
  constructor(code: ErrorCode, message: string | MessageRef, details?: Record<string, unknown>) {
    super(typeof message === 'string' ? message : englishText(message));
    this.name = 'MemoryLensError';
    this.code = code;
    this.details = details;
    if (typeof message !== 'string') this.ref = message;
  }

  toValue(): ErrorValue {
    return {
      code: this.code,
      message: this.message,
      ...(this.ref ? { messageId: this.ref.messageId, ...(this.ref.params ? { params: this.ref.params } : {}) } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

/** Any thrown value as an ErrorValue; unknown errors become INTERNAL with their message only. */
export function toErrorValue(error: unknown): ErrorValue {
  if (error instanceof MemoryLensError) return error.toValue();
  if (error && typeof error === 'object' && 'code' in error && 'message' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code)) {
      // An ErrorValue that crossed IPC or HTTP keeps its message id and parameters.
      const { messageId, params } = error as { messageId?: unknown; params?: unknown };
      return {
        code: code as ErrorCode,
        message: String((error as { message: unknown }).message),
        ...(typeof messageId === 'string' ? { messageId } : {}),
        ...(params && typeof params === 'object' ? { params: params as MessageParams } : {}),
      };
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL', message };
}

/** The message of anything thrown, for logs and status lines (never a stack trace). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
