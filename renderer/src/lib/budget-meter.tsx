// A bar showing how much of a character budget a file (or the whole prompt) uses: the part that
// fits, the part over the cap, and a tick at 85% where the warning starts. Used by the editor's
// budget bar and the Context view, so both read the same way.
import { NEAR_LIMIT_RATIO, type BudgetLevel } from '../../../shared/context-summary';

interface BudgetMeterProps {
  used: number;
  cap: number;
  level: BudgetLevel;
  label: string;
  testId?: string;
}

export function BudgetMeter({ used, cap, level, label, testId }: BudgetMeterProps) {
  // Over the cap the bar is scaled to `used`, so the cut-off share stays visible.
  const scale = Math.max(used, cap, 1);
  const fit = (Math.min(used, cap) / scale) * 100;
  const over = (Math.max(0, used - cap) / scale) * 100;
  return (
    <span
      className={`budget-meter budget-meter--${level}`}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={cap}
      aria-valuenow={Math.min(used, cap)}
      data-testid={testId}
      data-level={level}
    >
      <span className="budget-meter__fit" style={{ width: `${fit}%` }} />
      {over > 0 && <span className="budget-meter__over" style={{ width: `${over}%` }} />}
      <span className="budget-meter__tick" style={{ left: `${(NEAR_LIMIT_RATIO * cap * 100) / scale}%` }} />
      <span className="budget-meter__cap" style={{ left: `${(cap * 100) / scale}%` }} />
    </span>
  );
}
