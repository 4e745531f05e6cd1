// Errors that cross a boundary (engine → CLI, IPC, HTTP) are typed values, never stack traces.

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
  message: string;
  /** Optional structured detail, e.g. the current hash on CONFLICT. */
  details?: Record<string, unknown>;
}

export class MemoryLensError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'MemoryLensError';
    this.code = code;
    this.details = details;
  }

  toValue(): ErrorValue {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }
}

/** Any thrown value as an ErrorValue; unknown errors become INTERNAL with their message only. */
export function toErrorValue(error: unknown): ErrorValue {
  if (error instanceof MemoryLensError) return error.toValue();
  if (error && typeof error === 'object' && 'code' in error && 'message' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code)) {
      return { code: code as ErrorCode, message: String((error as { message: unknown }).message) };
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL', message };
}

/** The message of anything thrown, for logs and status lines (never a stack trace). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
