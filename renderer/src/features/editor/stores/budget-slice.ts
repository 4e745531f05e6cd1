// The open bootstrap file's prompt budget, live. The app hands the editor the budget the engine
// measured for the files before this one (BudgetParams, from the `context` report); CodeMirror
// redoes this file's arithmetic on every change (budget-extension.ts) and reports it here for the
// header bar. Also "move this section to a topic file", one click at a time and undoable:
//
//   move:  create memory/<slug>.md (never overwrites) → replace the section with one pointer line
//          as a single editor change (Ctrl+Z undoes it; the file stays unsaved until you save)
//   undo:  put the section back in place of the pointer line → move the topic file to the trash,
//          only if it still holds exactly what was written (else it is left alone and you are told)
import type { StateCreator } from 'zustand';
import type { OpenclawVersion } from '../../../../../shared/bootstrap-profiles';
import type { BudgetOutcome, CapKind } from '../../../../../shared/bootstrap-budget';
import type { BudgetLevel } from '../../../../../shared/context-summary';
import type { MemlensApi } from '../../../../../shared/contract';
import type { MessageParams } from '../../../../../shared/i18n';
import type { MoveSectionPlan } from '../../../../../shared/memory-sections';
import { errorInfo, shownError, shownRef, type ShownMessage } from '../../../lib/error-message';
import { slicePatch } from '../../../lib/slice-state';

export type BudgetPort = Pick<MemlensApi, 'createFile' | 'readFile' | 'deleteFile'>;

/** What the editor needs to redo one file's budget as you type. */
export interface BudgetParams {
  path: string;
  name: string;
  /** As OpenClaw names the file in the prompt heading. */
  absPath: string;
  version: OpenclawVersion;
  perFile: number;
  /** Total budget the files before this one left. */
  remainingBefore: number;
  totalCap: number;
  /** Characters the other files inject (for the total line). */
  othersInjected: number;
  order: number | null;
  /** Why this release does not load the file at all (by message id), or null when it does. */
  notLoaded: { message: string; messageId?: string; params?: MessageParams } | null;
}

export interface LiveBudget {
  outcome: BudgetOutcome;
  measuredChars: number;
  injectedChars: number;
  cap: { kind: CapKind; value: number } | null;
  /** Editor lines (1-based) holding characters the agent does not see. */
  droppedLines: { startLine: number; endLine: number }[];
  level: BudgetLevel;
}

export interface SectionMove {
  title: string;
  topicPath: string;
  topicHash: string;
  /** The section's lines as they were, to put back. */
  originalText: string;
  pointerLine: string;
  startLine: number;
}

/** CodeMirror registers this so the store can change the text as one undoable edit. */
export interface BudgetEditorBridge {
  /** Replace lines [startLine, endLine] with `text`; false when the lines are not there any more. */
  replaceLines(startLine: number, endLine: number, text: string): boolean;
  /** 1-based line whose text is exactly `text`, nearest to `near`; null when none. */
  findLine(text: string, near: number): number | null;
  /** The section's lines as written, joined with the file's line separator. */
  linesText(startLine: number, endLine: number): string;
  jumpToLine(line: number): void;
}

export interface BudgetSlice {
  budget: {
    params: BudgetParams | null;
    live: LiveBudget | null;
    textOpen: boolean;
    sectionsOpen: boolean;
    lastMove: SectionMove | null;
    moveError: ShownMessage | null;
    busy: boolean;
  };
  setBudgetParams(params: BudgetParams | null): void;
  setLiveBudget(live: LiveBudget | null): void;
  setBudgetTextOpen(open: boolean): void;
  setSectionsOpen(open: boolean): void;
  registerBudgetBridge(bridge: BudgetEditorBridge | null): void;
  jumpToSection(line: number): void;
  moveSectionToTopic(plan: MoveSectionPlan, title: string): Promise<boolean>;
  undoSectionMove(): Promise<void>;
  dismissSectionMove(): void;
}

export const initialBudgetState: BudgetSlice['budget'] = {
  params: null,
  live: null,
  textOpen: false,
  sectionsOpen: false,
  lastMove: null,
  moveError: null,
  busy: false,
};

function sameParams(a: BudgetParams | null, b: BudgetParams | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function createBudgetSlice(port: BudgetPort): StateCreator<BudgetSlice, [], [], BudgetSlice> {
  let bridge: BudgetEditorBridge | null = null;
  return (set, get) => {
    const patch = slicePatch(set, 'budget');
    return {
      budget: initialBudgetState,
      setBudgetParams(params) {
        if (sameParams(get().budget.params, params)) return;
        patch(params ? { params } : { params: null, live: null, textOpen: false });
      },
      setLiveBudget(live) {
        if (JSON.stringify(get().budget.live) !== JSON.stringify(live)) patch({ live });
      },
      setBudgetTextOpen: (textOpen) => patch({ textOpen }),
      setSectionsOpen: (sectionsOpen) => patch({ sectionsOpen, moveError: null }),
      registerBudgetBridge(next) {
        bridge = next;
      },
      jumpToSection(line) {
        bridge?.jumpToLine(line);
      },

      async moveSectionToTopic(plan, title) {
        if (!bridge || get().budget.busy) return false;
        patch({ busy: true, moveError: null });
        try {
          const originalText = bridge.linesText(plan.startLine, plan.endLine);
          const created = await port.createFile({ path: plan.topicPath, text: plan.topicText });
          if (!bridge.replaceLines(plan.startLine, plan.endLine, plan.pointerLine)) {
            // The editor changed under us (or closed): the new file stays; nothing else was touched.
            patch({
              moveError: shownRef({
                messageId: 'editor:sections.error.sectionMoved',
                params: { path: plan.topicPath },
              }),
            });
            return false;
          }
          patch({
            lastMove: {
              title,
              topicPath: plan.topicPath,
              topicHash: created.hash,
              originalText,
              pointerLine: plan.pointerLine,
              startLine: plan.startLine,
            },
          });
          return true;
        } catch (error) {
          const info = errorInfo(error);
          patch({
            moveError:
              info.code === 'ALREADY_EXISTS'
                ? shownRef({ messageId: 'editor:sections.error.exists', params: { path: plan.topicPath } })
                : shownError(error),
          });
          return false;
        } finally {
          patch({ busy: false });
        }
      },

      async undoSectionMove() {
        const move = get().budget.lastMove;
        if (!move || !bridge) return;
        patch({ busy: true, moveError: null });
        try {
          const line = bridge.findLine(move.pointerLine, move.startLine);
          if (line === null || !bridge.replaceLines(line, line, move.originalText)) {
            patch({
              moveError: shownRef({ messageId: 'editor:sections.error.pointerGone', params: { path: move.topicPath } }),
            });
            return;
          }
          const current = await port.readFile({ path: move.topicPath }).catch(() => null);
          if (current && current.hash === move.topicHash) {
            await port.deleteFile({ path: move.topicPath, expectedHash: current.hash });
            patch({ lastMove: null });
          } else {
            patch({
              lastMove: null,
              moveError: shownRef({
                messageId: 'editor:sections.error.topicChanged',
                params: { path: move.topicPath },
              }),
            });
          }
        } catch (error) {
          patch({ moveError: shownError(error) });
        } finally {
          patch({ busy: false });
        }
      },

      dismissSectionMove: () => patch({ lastMove: null, moveError: null }),
    };
  };
}
