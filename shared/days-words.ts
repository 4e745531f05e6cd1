// Days in words ("16 Apr 2026", "26 Oct – 1 Nov 2026", "Oct 2026"; in Chinese "2026年2月5日") from
// the `explain:breakdown.*` messages. A leaf: the breakdown and i18n's message formats both use it.

/** One language's breakdown words: `explain:breakdown.<key>` filled with `params`. */
export type DaysSay = (key: string, params?: Record<string, unknown>) => string;

export function daysWords(say: DaysSay, from: string, to: string): string {
  const parts = (iso: string) => ({
    d: Number(iso.slice(8, 10)),
    month: say(`months.${Number(iso.slice(5, 7))}`),
    y: iso.slice(0, 4),
  });
  const [a, b] = [parts(from), parts(to)];
  if (from === to) return say('day', a);
  if (from.slice(8) === '01' && to === lastDayOfMonth(from)) return say('month', a);
  if (a.y !== b.y) return say('rangeAcrossYears', { from: say('day', a), to: say('day', b) });
  return say('range', { fromD: a.d, fromMonth: a.month, toD: b.d, toMonth: b.month, y: a.y });
}

function lastDayOfMonth(iso: string): string {
  return new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), 0)).toISOString().slice(0, 10);
}
