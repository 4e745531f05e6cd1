import { exactValue, formatScore } from '../../../lib/format-number';

/** A number shown rounded, with the exact value in data-value. */
export function Num({ testId, value, digits }: { testId: string; value: number | null | undefined; digits?: number }) {
  return (
    <span
      className="num"
      data-testid={testId}
      data-value={exactValue(value)}
      title={value === null || value === undefined ? undefined : String(value)}
    >
      {formatScore(value, digits)}
    </span>
  );
}
