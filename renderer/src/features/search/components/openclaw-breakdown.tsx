// The breakdown parts that annotations and the "as your agent ranks" profile add: the importance
// line (a multiplier, like decay) and OpenClaw's own steps, in words from shared/. Only drawn.
import { useTranslation } from 'react-i18next';
import type { ImportanceBreakdown, OpenClawBreakdown } from '../../../../../shared/domain';
import { describeImportance, describeOpenClawSteps } from '../../../../../shared/explain-openclaw-words';
import { Num } from './num';

export function ImportanceRow({ importance, tid }: { importance: ImportanceBreakdown; tid: (name: string) => string }) {
  const { t } = useTranslation('search');
  return (
    <>
      <dt>{t('breakdown.importance')}</dt>
      <dd data-testid={tid('importance')} data-value={importance.importance ?? ''}>
        ×<Num testId={tid('importance-multiplier')} value={importance.multiplier} />{' '}
        <span className="muted">{describeImportance(importance, t)}</span>
      </dd>
    </>
  );
}

export function OpenClawSteps({ openclaw, tid }: { openclaw: OpenClawBreakdown; tid: (name: string) => string }) {
  const { t } = useTranslation('search');
  return (
    <>
      <dt>{t('breakdown.openclaw', { release: openclaw.release })}</dt>
      <dd data-testid={tid('openclaw')} data-tier={openclaw.tier}>
        <ol className="breakdown__steps">
          {describeOpenClawSteps(openclaw, t).map((line, i) => (
            <li key={i} data-testid={tid('openclaw-step')}>
              {line}
            </li>
          ))}
        </ol>
      </dd>
    </>
  );
}
