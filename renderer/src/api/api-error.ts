// What every failed call rejects with: the contract's typed error, as an exception the UI can catch.
import type { ErrorCode, ErrorValue } from '../../../shared/errors';
import type { MessageParams } from '../../../shared/i18n';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  /** The message by id, so the interface words it in its language (`localText`). */
  readonly messageId?: string;
  readonly params?: MessageParams;

  constructor(value: ErrorValue) {
    super(value.message);
    this.name = 'ApiError';
    this.code = value.code;
    this.details = value.details;
    this.messageId = value.messageId;
    this.params = value.params;
  }

  toValue(): ErrorValue {
    return {
      code: this.code,
      message: this.message,
      ...(this.messageId ? { messageId: this.messageId } : {}),
      ...(this.params ? { params: this.params } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
