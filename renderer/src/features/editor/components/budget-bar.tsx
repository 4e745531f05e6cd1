// The open bootstrap file's budget, under the editor's header: "MEMORY.md 23,418 / 20,000 chars —
// the agent will not see lines 212–288", a meter (amber from 85%, red when cut), the prompt's
// total, and the way to what the agent actually receives. Recomputed as you type.
import { useTranslation } from 'react-i18next';
import { budgetHeadline, formatChars, totalLevel } from '../../../../../shared/context-summary';
import { localText } from '../../../../../shared/i18n';
import { BudgetMeter } from '../../../lib/budget-meter';
import { useBudget } from '../stores/budget-store-context';
import { InjectedTextDialog } from './injected-text-dialog';
import { MemorySectionsPanel } from './memory-sections-panel';
import { SectionMoveBanner } from './section-move-banner';

export function BudgetBar() {
  const { t } = useTranslation('editor');
  const { params, live, textOpen, sectionsOpen, hasMove } = useBudget((s) => ({
    params: s.budget.params,
    live: s.budget.live,
    textOpen: s.budget.textOpen,
    sectionsOpen: s.budget.sectionsOpen,
    hasMove: s.budget.lastMove !== null || s.budget.moveError !== null,
  }));
  const { setBudgetTextOpen, setSectionsOpen, jumpToSection } = useBudget((s) => ({
    setBudgetTextOpen: s.setBudgetTextOpen,
    setSectionsOpen: s.setSectionsOpen,
    jumpToSection: s.jumpToSection,
  }));
  const docPath = useBudget((s) => s.editor.doc?.path ?? null);
  if (!params || params.path !== docPath) return null;

  if (params.notLoaded !== null) {
    return (
      <div className="budget-bar budget-bar--none" data-testid="budget-bar" data-level="none" data-outcome="not-loaded">
        <span className="budget-bar__text" data-testid="budget-headline">
          {params.name} — {localText(t, params.notLoaded)}
        </span>
      </div>
    );
  }
  if (!live) return null;
  const headline = budgetHeadline(
    {
      name: params.name,
      status: live.outcome,
      measuredChars: live.measuredChars,
      injectedChars: live.injectedChars,
      cap: live.cap,
      remainingBefore: params.remainingBefore,
      dropped: live.droppedLines,
    },
    t,
  );
  const total = params.othersInjected + live.injectedChars;
  const firstCut = live.droppedLines[0] ?? null;
  return (
    <>
      <div
        className={`budget-bar budget-bar--${live.level}`}
        data-testid="budget-bar"
        data-level={live.level}
        data-outcome={live.outcome}
      >
        <BudgetMeter
          used={live.measuredChars}
          cap={live.cap?.value ?? Math.max(params.remainingBefore, 1)}
          level={live.level}
          label={t('budget.meter', { name: params.name })}
          testId="budget-meter"
        />
        {/* "the agent will not see lines 77–79" goes to those lines; "What the agent sees" shows the text. */}
        <button
          type="button"
          className="budget-bar__text link-button"
          data-testid="budget-headline"
          title={firstCut ? t('budget.goToCut', { line: firstCut.startLine }) : t('budget.showText')}
          onClick={() => (firstCut ? jumpToSection(firstCut.startLine) : setBudgetTextOpen(true))}
        >
          {headline}
        </button>
        <span
          className={`budget-bar__total budget-bar__total--${totalLevel(total, params.totalCap)}`}
          data-testid="budget-total"
          title={t('budget.totalTitle')}
        >
          {t('budget.total', { used: formatChars(total), cap: formatChars(params.totalCap) })}
        </span>
        <button
          type="button"
          className="button budget-bar__button"
          data-testid="budget-show-text"
          onClick={() => setBudgetTextOpen(true)}
        >
          {t('budget.whatAgentSees')}
        </button>
        <button
          type="button"
          className={`button budget-bar__button${sectionsOpen ? ' is-on' : ''}`}
          aria-pressed={sectionsOpen}
          data-testid="budget-sections"
          onClick={() => setSectionsOpen(!sectionsOpen)}
        >
          {t('budget.sections')}
        </button>
      </div>
      {hasMove && <SectionMoveBanner />}
      {sectionsOpen && <MemorySectionsPanel />}
      {textOpen && <InjectedTextDialog onClose={() => setBudgetTextOpen(false)} />}
    </>
  );
}
