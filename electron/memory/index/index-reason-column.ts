// A file's index reason in two columns: `index_error` its English (what older versions read and
// write), `index_error_ref` its message id and parameters as JSON, NULL for a row written before
// ids or by an older version — such a row reads as its English.
import type Database from 'better-sqlite3';
import type { IndexReason } from '../../../shared/index-reasons.js';
import type { MessageParams } from '../../../shared/i18n.js';

/** The JSON `index_error_ref` holds for `reason`, or null when it has no id. */
export function reasonRefColumn(reason: IndexReason | null | undefined): string | null {
  if (!reason?.messageId) return null;
  return JSON.stringify({ messageId: reason.messageId, ...(reason.params ? { params: reason.params } : {}) });
}

/** The reason of a row: its English, with the id when the row has a readable one. */
export function readReason(message: string | null, ref: string | null): IndexReason | null {
  if (message === null) return null;
  if (ref === null) return { message };
  try {
    const parsed = JSON.parse(ref) as { messageId?: unknown; params?: unknown };
    if (typeof parsed.messageId !== 'string') return { message };
    const params = parsed.params && typeof parsed.params === 'object' ? (parsed.params as MessageParams) : undefined;
    return { message, messageId: parsed.messageId, ...(params ? { params } : {}) };
  } catch {
    return { message };
  }
}

/**
 * Adds `index_error_ref` to an index written before it: a nullable column costs SQLite no rewrite,
 * so the index keeps its rows instead of being rebuilt. Another process may add it first.
 */
export function addReasonRefColumn(db: Database.Database): void {
  const has = () =>
    (db.prepare('PRAGMA table_info(files)').all() as { name: string }[]).some((c) => c.name === 'index_error_ref');
  if (has()) return;
  try {
    db.exec('ALTER TABLE files ADD COLUMN index_error_ref TEXT');
  } catch (error) {
    if (!has()) throw error;
  }
}
