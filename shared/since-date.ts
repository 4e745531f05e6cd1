// When a `--since` starts, for `memlens changes` and `memlens agent-searches` (and the agentCalls
// call): a date (local midnight), an ISO date-time, or words in English or Chinese ("yesterday",
// "3 hours ago", 3小时前, 昨天, 上周一) read by chrono-node's own parsers, in local time.
import * as chronoEn from 'chrono-node/en';
import * as chronoZh from 'chrono-node/zh';
import { MemoryLensError } from './errors.js';

/** The moment `text` names, as epoch ms; a typed INVALID_ARGUMENT (`errors:since`) when it names none. */
export function parseSince(text: string, now = new Date()): number {
  const value = text.trim();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`).getTime() : NaN;
  if (Number.isFinite(day)) return day;
  const parsed = chronoEn.parseDate(value, now) ?? chronoZh.hans.parseDate(value, now);
  if (!parsed) throw new MemoryLensError('INVALID_ARGUMENT', { messageId: 'errors:since', params: { value: text } });
  return parsed.getTime();
}
