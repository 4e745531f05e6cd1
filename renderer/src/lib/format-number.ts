// Numbers are shown with a fixed precision; the exact value goes into data-value so tests (and
// curious users with dev tools) can compare with the CLI's JSON without rounding.

export const SCORE_DIGITS = 4;

export function formatScore(value: number | null | undefined, digits = SCORE_DIGITS): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value.toFixed(digits);
}

/** The exact value as JSON prints it (String(n) and JSON.stringify agree for finite numbers). */
export function exactValue(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
