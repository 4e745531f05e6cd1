// The prompt budget OpenClaw spends on the workspace's bootstrap files, file by file in injection
// order: each file gets min(its cap, what is left of the total), is cut to fit (bootstrap-trim.ts),
// and whatever it uses comes off the total. Pure: the engine runs it on the files on disk, the
// editor on the live buffer (with the budget the earlier files left, from the engine's report).
import { MIN_REMAINING_FOR_FILE, type BootstrapProfile } from './bootstrap-profiles.js';
import { trimBootstrapFile } from './bootstrap-trim.js';
import {
  clampPiecesToBudget,
  droppedRanges,
  piecesLength,
  renderPieces,
  type InjectedPiece,
} from './injected-pieces.js';

export interface BootstrapLimits {
  /** Per-file cap (`bootstrapMaxChars`). */
  perFile: number;
  /** Total cap over all files (`bootstrapTotalMaxChars`). */
  total: number;
}

/** One file as the loop sees it. */
export type BudgetInput =
  | { name: string; absPath: string; kind: 'text'; content: string }
  /** Not in the workspace, and this release injects `[MISSING] Expected at: <absPath>` for it. */
  | { name: string; absPath: string; kind: 'missing' };

export type BudgetOutcome =
  /** Injected whole. */
  | 'full'
  /** Injected with its middle (or end) cut out. */
  | 'truncated'
  /** Absent; OpenClaw injected the [MISSING] marker instead. */
  | 'missing'
  /** Empty or whitespace only: nothing injected. */
  | 'empty'
  /** The total budget was used up by earlier files (or fewer than 64 characters were left). */
  | 'over-budget';

export type CapKind = 'per-file' | 'user' | 'remaining-total';

export interface FileBudget {
  name: string;
  outcome: BudgetOutcome;
  /** Length OpenClaw measures: the file without trailing whitespace (UTF-16 code units). */
  measuredChars: number;
  /** Characters injected (marker and separators included); 0 when nothing was injected. */
  injectedChars: number;
  /** Total budget left when this file's turn came. */
  remainingBefore: number;
  /** The cap the file was cut to, and which limit it was; null when the file was not measured. */
  cap: { kind: CapKind; value: number } | null;
  /** The injected text as pieces of the file and inserted text. */
  pieces: InjectedPiece[];
  /** Offsets [from, to) of the measured text the agent does not see. */
  dropped: { from: number; to: number }[];
}

export interface BudgetRun {
  files: FileBudget[];
  injectedChars: number;
  totalCap: number;
  remaining: number;
  /** OpenClaw's own log lines for this run (truncations, budget exhausted). */
  warnings: string[];
}

/** The budget loop over all files, in order. */
export function runBootstrapBudget(
  inputs: readonly BudgetInput[],
  limits: BootstrapLimits,
  profile: BootstrapProfile,
): BudgetRun {
  // OpenClaw never starts with less than one character, and floors fractional totals.
  let remaining = Math.max(1, Math.floor(limits.total));
  let stopped = false;
  const warnings: string[] = [];
  const files: FileBudget[] = [];
  for (const input of inputs) {
    const before = remaining;
    if (stopped || remaining <= 0) {
      files.push(overBudget(input, before));
      continue;
    }
    if (input.kind === 'missing') {
      const marker = `[MISSING] Expected at: ${input.absPath}`;
      const pieces = clampPiecesToBudget(marker, [{ kind: 'inserted', role: 'notice', text: marker }], remaining);
      if (pieces.length === 0) {
        stopped = true;
        files.push(overBudget(input, before));
        continue;
      }
      const used = piecesLength(pieces);
      remaining = Math.max(0, remaining - used);
      files.push({
        name: input.name,
        outcome: 'missing',
        measuredChars: 0,
        injectedChars: used,
        remainingBefore: before,
        cap: null,
        pieces,
        dropped: [],
      });
      continue;
    }
    if (remaining < MIN_REMAINING_FOR_FILE) {
      warnings.push(
        `remaining bootstrap budget is ${remaining} chars (<${MIN_REMAINING_FOR_FILE}); skipping additional bootstrap files`,
      );
      stopped = true;
      files.push(overBudget(input, before));
      continue;
    }
    const result = budgetOneFile(input.content, input.name, limits.perFile, remaining, profile);
    if (result.warning) warnings.push(result.warning);
    remaining = Math.max(0, remaining - result.budget.injectedChars);
    files.push(result.budget);
  }
  const injectedChars = files.reduce((n, f) => n + f.injectedChars, 0);
  return { files, injectedChars, totalCap: Math.max(1, Math.floor(limits.total)), remaining, warnings };
}

/**
 * One present file given the total budget left before it: the step the loop takes, and what the
 * editor recomputes on every keystroke. `remainingBefore` below 64 means the file is skipped.
 */
export function budgetOneFile(
  content: string,
  name: string,
  perFile: number,
  remainingBefore: number,
  profile: BootstrapProfile,
): { budget: FileBudget; warning: string | null } {
  const measuredChars = content.trimEnd().length;
  if (remainingBefore < MIN_REMAINING_FOR_FILE) {
    return {
      budget: { ...overBudget({ name, absPath: '', kind: 'text', content }, remainingBefore), measuredChars },
      warning: null,
    };
  }
  const base =
    profile.userCap !== null && name.toLowerCase() === 'user.md' ? Math.min(perFile, profile.userCap) : perFile;
  const capValue = Math.max(1, Math.min(base, remainingBefore));
  const capKind: CapKind = capValue < base ? 'remaining-total' : base < perFile ? 'user' : 'per-file';
  const trimmed = trimBootstrapFile(content, name, capValue, profile);
  const pieces = clampPiecesToBudget(trimmed.measured, trimmed.pieces, remainingBefore);
  const injectedChars = piecesLength(pieces);
  if (injectedChars === 0) {
    return {
      budget: {
        name,
        outcome: 'empty',
        measuredChars,
        injectedChars: 0,
        remainingBefore,
        cap: { kind: capKind, value: capValue },
        pieces: [],
        dropped: [],
      },
      warning: null,
    };
  }
  const clamped = injectedChars < piecesLength(trimmed.pieces);
  const truncated = trimmed.truncated || clamped;
  return {
    budget: {
      name,
      outcome: truncated ? 'truncated' : 'full',
      measuredChars,
      injectedChars,
      remainingBefore,
      cap: { kind: capKind, value: capValue },
      pieces,
      dropped: droppedRanges(measuredChars, pieces),
    },
    warning: truncated
      ? `workspace bootstrap file ${name} is ${measuredChars} chars (limit ${capValue}); truncating in injected context`
      : null,
  };
}

function overBudget(input: BudgetInput, remainingBefore: number): FileBudget {
  const measuredChars = input.kind === 'text' ? input.content.trimEnd().length : 0;
  const dropped = measuredChars > 0 ? [{ from: 0, to: measuredChars }] : [];
  return {
    name: input.name,
    outcome: 'over-budget',
    measuredChars,
    injectedChars: 0,
    remainingBefore,
    cap: null,
    pieces: [],
    dropped,
  };
}

/** The exact text injected for a file (marker included), from its pieces. */
export function injectedText(content: string, budget: Pick<FileBudget, 'pieces'>): string {
  return renderPieces(content.trimEnd(), budget.pieces);
}
