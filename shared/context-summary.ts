// The words and levels the CLI and the UI use for a bootstrap file's budget, so both say the same
// thing ("MEMORY.md 23,418 / 20,000 chars — the agent will not see lines 212–288").
import type { ContextFile } from './domain.js';
import type { TFunction } from 'i18next';
import { DEFAULT_LOCALE, translator } from './i18n.js';
import { lineRanges } from './text-lines.js';

/** At or above this share of its cap a file (or the total) is flagged before it is cut. */
export const NEAR_LIMIT_RATIO = 0.85;

export type BudgetLevel = 'ok' | 'near' | 'over' | 'none';

export function formatChars(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

const CAP_KIND: Record<NonNullable<ContextFile['cap']>['kind'], string> = {
  'per-file': 'perFile',
  user: 'user',
  'remaining-total': 'remainingTotal',
};

const ENGLISH = translator(DEFAULT_LOCALE);

/** "20,000 (per-file cap)", in `t`'s language (English by default, for the CLI). */
export function capWords(cap: ContextFile['cap'], t: TFunction = ENGLISH): string {
  return cap
    ? t('context:budget.cap', {
        value: formatChars(cap.value),
        kind: t(`context:budget.capKind.${CAP_KIND[cap.kind]}`),
      })
    : '—';
}
type FileFacts = Pick<
  ContextFile,
  'name' | 'status' | 'measuredChars' | 'injectedChars' | 'cap' | 'remainingBefore'
> & {
  dropped: readonly { startLine: number; endLine: number }[];
};

/** How full the file's cap is: 'over' when cut or left out, 'near' from 85%. */
export function budgetLevel(file: Pick<FileFacts, 'status' | 'measuredChars' | 'cap'>): BudgetLevel {
  if (file.status === 'truncated' || file.status === 'over-budget') return 'over';
  if (!file.cap || file.status !== 'full') return 'none';
  return file.measuredChars >= NEAR_LIMIT_RATIO * file.cap.value ? 'near' : 'ok';
}

export function totalLevel(injected: number, cap: number): BudgetLevel {
  if (injected >= cap) return 'over';
  return injected >= NEAR_LIMIT_RATIO * cap ? 'near' : 'ok';
}

/** One line: name, size against its cap, and what that means for the agent. */
export function budgetHeadline(file: FileFacts, t: TFunction = ENGLISH): string {
  const chars = formatChars(file.measuredChars);
  const size = file.cap
    ? t('context:budget.sizeCapped', { chars, cap: formatChars(file.cap.value) })
    : t('context:budget.size', { chars });
  return t('context:budget.headline', { name: file.name, size, consequence: budgetConsequence(file, t) });
}

export function budgetConsequence(file: FileFacts, t: TFunction = ENGLISH): string {
  const say = (key: string, params?: Record<string, string | number>) => t(`context:budget.${key}`, params);
  switch (file.status) {
    case 'full': {
      if (!file.cap) return say('seesAll');
      const share = Math.round((100 * file.measuredChars) / file.cap.value);
      return budgetLevel(file) === 'near' ? say('near', { share }) : say('seesAll');
    }
    case 'truncated':
      return file.dropped.length > 0 ? say('notSee', { lines: linesWords(file.dropped, t) }) : say('cut');
    case 'over-budget':
      return file.remainingBefore !== null && file.remainingBefore > 0
        ? say('leftOver', { chars: formatChars(file.remainingBefore) })
        : say('usedUp');
    case 'missing':
      return say('missing', { chars: formatChars(file.injectedChars) });
    case 'absent':
      return say('absent');
    case 'empty':
      return say('empty');
    case 'not-loaded':
      return say('notLoaded');
    case 'unreadable':
      return say('unreadable');
  }
}

/** "lines 212–288", "line 7" in `t`'s language. */
function linesWords(spans: FileFacts['dropped'], t: TFunction): string {
  const single = spans.length === 1 && spans[0]!.startLine === spans[0]!.endLine;
  return t(single ? 'context:budget.line' : 'context:budget.lines', { lines: lineRanges(spans) });
}
