// "Purge from history" for one Secrets list entry. The list names values only by their labels, so
// the value is read from the file here (the entry's line and label pick it out), replaced in the
// file by a hash-checked save, and then taken out of every copy the app keeps. It lives in this
// function's memory only: never shown, never stored.
import type { MemlensApi } from '../../../../../shared/contract';
import { MemoryLensError } from '../../../../../shared/errors';
import type { SecretPurge } from '../../../../../shared/history-schemas';
import type { SecretEntry } from '../../../../../shared/secret-calls';
import { findingAt } from '../../../../../shared/secrets';
import { errorInfo } from '../../../lib/error-message';

export type PurgeOutcome =
  /** Replaced in the file and purged from the app's copies. */
  | { kind: 'purged'; result: SecretPurge }
  /** Replaced in the file, but another memory file (or line) still holds it: nothing purged yet. */
  | { kind: 'still-in-files'; paths: string[] };

/**
 * Replaces `entry`'s value with `placeholder` in its file (the file must still have `expectedHash`,
 * else CONFLICT and nothing is written), then purges the value from history. A purge the engine
 * refuses because a memory file still holds the value comes back as 'still-in-files'.
 */
export async function purgeSecret(
  api: MemlensApi,
  entry: SecretEntry,
  placeholder: string,
  expectedHash: string,
): Promise<PurgeOutcome> {
  const file = await api.readFile({ path: entry.path });
  if (file.hash !== expectedHash)
    throw new MemoryLensError('CONFLICT', { messageId: 'errors:secrets.changed', params: { path: entry.path } });
  const value = findingAt(file.text, entry.line, entry.label)?.value;
  if (value === undefined)
    throw new MemoryLensError('NOT_FOUND', {
      messageId: 'errors:secrets.gone',
      params: { path: entry.path, label: entry.label, line: entry.line },
    });
  await api.secretFix({
    path: entry.path,
    line: entry.line,
    label: entry.label,
    action: 'replace',
    placeholder,
    expectedHash,
  });
  try {
    return { kind: 'purged', result: await api.historyPurgeSecret({ value }) };
  } catch (error) {
    const info = errorInfo(error);
    const paths = info.details?.paths;
    if (info.code === 'NOT_ALLOWED' && Array.isArray(paths))
      return { kind: 'still-in-files', paths: paths.filter((p): p is string => typeof p === 'string') };
    throw error;
  }
}
