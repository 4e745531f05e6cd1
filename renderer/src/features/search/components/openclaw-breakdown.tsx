// The breakdown parts that annotations and the "as your agent ranks" profile add: the importance
// line (a multiplier, like decay) and OpenClaw's own steps, in words from shared/. Only drawn.
import type { ImportanceBreakdown, OpenClawBreakdown } from '../../../../../shared/domain';
import { describeImportance, describeOpenClawSteps } from '../../../../../shared/explain-openclaw-words';
import { Num } from './num';

export function ImportanceRow({ importance, t }: { importance: ImportanceBreakdown; t: (name: string) => string }) {
  return (
    <>
      <dt>Importance</dt>
      <dd data-testid={t('importance')} data-value={importance.importance ?? ''}>
        ×<Num testId={t('importance-multiplier')} value={importance.multiplier} />{' '}
        <span className="muted">{describeImportance(importance)}</span>
      </dd>
    </>
  );
}

export function OpenClawSteps({ openclaw, t }: { openclaw: OpenClawBreakdown; t: (name: string) => string }) {
  return (
    <>
      <dt>OpenClaw {openclaw.release}</dt>
      <dd data-testid={t('openclaw')} data-tier={openclaw.tier}>
        <ol className="breakdown__steps">
          {describeOpenClawSteps(openclaw).map((line, i) => (
            <li key={i} data-testid={t('openclaw-step')}>
              {line}
            </li>
          ))}
        </ol>
      </dd>
    </>
  );
}
