// Reasons (why search is keyword-only, why a model did not load) are written as a short clause,
// then ` — ` and the details: folders, missing files, what to run. Most places show only the
// clause; the Settings view and the CLI show it all.

const DETAIL_SEPARATOR = ' — ';

/** The short clause of a reason, without its details. */
export function reasonHeadline(reason: string): string {
  const at = reason.indexOf(DETAIL_SEPARATOR);
  return at < 0 ? reason : reason.slice(0, at);
}

/** The details after the short clause, or null when the reason has none. */
export function reasonDetails(reason: string): string | null {
  const at = reason.indexOf(DETAIL_SEPARATOR);
  return at < 0 ? null : reason.slice(at + DETAIL_SEPARATOR.length);
}
