// Composes the Context report (context feature) with the editor's live budget (editor feature):
// when a bootstrap file is open, the editor gets the budget the files before it left, the limits
// and the release to reproduce; the report is refreshed when a bootstrap file is saved, changes on
// disk, or the workspace changes.
import { isBootstrapFileName } from '../../../shared/bootstrap-profiles';
import type { MemlensApi } from '../../../shared/contract';
import { said } from '../../../shared/i18n';
import type { BudgetParams } from '../features/editor/stores/budget-slice';
import type { AppState, AppStore } from './create-app-store';

/** Saves and disk events come in bursts (save + watcher echo): one refresh for them. */
const REFRESH_DELAY_MS = 200;

export function budgetParamsFor(state: AppState): BudgetParams | null {
  const doc = state.editor.doc;
  const report = state.context.report;
  if (!doc || doc.view !== 'text' || !report || !isBootstrapFileName(doc.path)) return null;
  const file = report.files.find((f) => f.path === doc.path);
  if (!file || !file.exists) return null;
  const notLoaded =
    file.status !== 'not-loaded'
      ? null
      : file.note !== null
        ? { message: file.note, messageId: file.noteId, params: file.noteParams }
        : said('context:report.file.notLoaded', { version: report.openclawVersion });
  return {
    path: doc.path,
    name: file.name,
    absPath: file.absPath,
    version: report.openclawVersion,
    perFile: report.limits.perFile.value,
    // Files the loop never reached had nothing left for them.
    remainingBefore: file.remainingBefore ?? 0,
    totalCap: report.totals.totalCap,
    othersInjected: report.totals.injectedChars - file.injectedChars,
    order: file.order,
    notLoaded,
  };
}

export function connectBootstrapBudget(
  api: Pick<MemlensApi, 'onDidChangeFile' | 'onDidChangeWorkspace'>,
  store: AppStore,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const refresh = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void store.getState().loadContext();
    }, REFRESH_DELAY_MS);
  };
  let openPath: string | null = null;
  let openHash: string | null = null;
  const unsubscribeStore = store.subscribe((state) => {
    const doc = state.editor.doc;
    const bootstrap = doc !== null && doc.view === 'text' && isBootstrapFileName(doc.path);
    if (bootstrap && doc.path !== openPath) {
      // A bootstrap file was opened: make sure the report is there (and current).
      openHash = doc.hash;
      if (!state.context.report || !state.context.report.files.some((f) => f.path === doc.path && f.exists)) refresh();
    } else if (bootstrap && doc.hash !== openHash) {
      // Saved, reloaded or re-created: the budget of the files after it changed too.
      openHash = doc.hash;
      refresh();
    }
    openPath = doc?.path ?? null;
    state.setBudgetParams(budgetParamsFor(state));
  });
  const unsubscribers = [
    unsubscribeStore,
    api.onDidChangeFile((event) => {
      if (isBootstrapFileName(event.path)) refresh();
    }),
    api.onDidChangeWorkspace(() => refresh()),
  ];
  return () => {
    if (timer) clearTimeout(timer);
    unsubscribers.forEach((u) => u());
  };
}
