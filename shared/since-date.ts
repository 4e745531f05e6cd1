// When a `--since` starts, for `memlens changes` and `memlens agent-searches` (and the agentCalls
// call): a date (local midnight), an ISO date-time, or words in English or Chinese ("yesterday",
// "3 hours ago", 3小时前, 昨天, 上周一, 上周) read by chrono-node's own parsers, in local time.
import * as chronoEn from 'chrono-node/en';
import * as chronoZh from 'chrono-node/zh';
import { MemoryLensError } from './errors.js';

/**
 * Periods named on their own that chrono's zh parser misses (上周一 it reads, 上周 it does not): each
 * means what chrono's English parser gives for the same words, so 上周 and "last week" agree.
 */
const ZH_PERIODS: Readonly<Record<string, string>> = {
  上周: 'last week',
  上星期: 'last week',
  上个星期: 'last week',
  上个月: 'last month',
  上月: 'last month',
  去年: 'last year',
  本周: 'this week',
  这周: 'this week',
  本星期: 'this week',
  这个星期: 'this week',
  本月: 'this month',
  这个月: 'this month',
  今年: 'this year',
};

/** The moment `text` names, as epoch ms; a typed INVALID_ARGUMENT (`errors:since`) when it names none. */
export function parseSince(text: string, now = new Date()): number {
  const value = text.trim();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`).getTime() : NaN;
  if (Number.isFinite(day)) return day;
  const period = ZH_PERIODS[value];
  const parsed = period
    ? chronoEn.parseDate(period, now)
    : (chronoEn.parseDate(value, now) ?? chronoZh.hans.parseDate(value, now));
  if (!parsed) throw new MemoryLensError('INVALID_ARGUMENT', { messageId: 'errors:since', params: { value: text } });
  return parsed.getTime();
}
