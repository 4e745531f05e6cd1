// What every failed call rejects with: the contract's typed error, as an exception the UI can catch.
import type { ErrorCode, ErrorValue } from '../../../shared/errors';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(value: ErrorValue) {
    super(value.message);
    this.name = 'ApiError';
    this.code = value.code;
    this.details = value.details;
  }

  toValue(): ErrorValue {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
