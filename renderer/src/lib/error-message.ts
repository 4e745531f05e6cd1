import { toErrorValue, type ErrorCode } from '../../../shared/errors';
import type { MessageParams } from '../../../shared/i18n';

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
