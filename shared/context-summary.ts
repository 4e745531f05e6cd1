// The words and levels the CLI and the UI use for a bootstrap file's budget, so both say the same
// thing ("MEMORY.md 23,418 / 20,000 chars — the agent will not see lines 212–288").
import type { ContextFile } from './domain.js';
import { describeLines } from './text-lines.js';

/** At or above this share of its cap a file (or the total) is flagged before it is cut. */
export const NEAR_LIMIT_RATIO = 0.85;

export type BudgetLevel = 'ok' | 'near' | 'over' | 'none';

export function formatChars(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

const CAP_WORDS: Record<NonNullable<ContextFile['cap']>['kind'], string> = {
  'per-file': 'per-file cap',
  user: "USER.md's own cap",
  'remaining-total': 'what was left of the total',
};

export function capWords(cap: ContextFile['cap']): string {
  return cap ? `${formatChars(cap.value)} (${CAP_WORDS[cap.kind]})` : '—';
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
export function budgetHeadline(file: FileFacts): string {
  const size = file.cap
    ? `${formatChars(file.measuredChars)} / ${formatChars(file.cap.value)} chars`
    : `${formatChars(file.measuredChars)} chars`;
  return `${file.name} ${size} — ${budgetConsequence(file)}`;
}

export function budgetConsequence(file: FileFacts): string {
  switch (file.status) {
    case 'full': {
      if (!file.cap) return 'the agent sees all of it';
      const share = Math.round((100 * file.measuredChars) / file.cap.value);
      return budgetLevel(file) === 'near' ? `${share}% of the cap: close to being cut` : 'the agent sees all of it';
    }
    case 'truncated':
      return file.dropped.length > 0 ? `the agent will not see ${describeLines(file.dropped)}` : 'cut to fit';
    case 'over-budget':
      return file.remainingBefore !== null && file.remainingBefore > 0
        ? `not injected: only ${formatChars(file.remainingBefore)} of the total were left`
        : 'not injected: the total budget was used up by the files before it';
    case 'missing':
      return `absent; OpenClaw injects a ${formatChars(file.injectedChars)}-character [MISSING] note instead`;
    case 'absent':
      return 'absent (optional, nothing injected)';
    case 'empty':
      return 'empty, nothing injected';
    case 'not-loaded':
      return 'not loaded by this OpenClaw release';
    case 'unreadable':
      return 'OpenClaw cannot read it';
  }
}
