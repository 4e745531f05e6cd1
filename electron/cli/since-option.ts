// `--since` of `memlens changes` and `memlens agent-searches`: one reader (shared/since-date.ts),
// a date it cannot read a usage error in the user's language. Its own file: only these commands load chrono.
import { parseSince } from '../../shared/since-date.js';
import { usageError } from './common-options.js';

/** `--since` as epoch ms (undefined when not given), relative words resolved against `now`. */
export function sinceOption(value: unknown, now = new Date()): number | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return parseSince(value, now);
  } catch {
    throw usageError('sinceUnread', { value });
  }
}
