// The UI benchmarks (e2e/bench) drive the real UI through a small, read-mostly handle on the store
// (e.g. to load 10k synthetic timeline entries without an engine that has them). Exposed only by a
// bench build (`npm run build:renderer:bench` → renderer-dist-bench/), never in renderer-dist/.
import type { TimelineEntry } from '../../../shared/domain';
import type { AppStore } from './create-app-store';

export interface MemlensBenchHooks {
  setTimelineEntries(entries: TimelineEntry[]): void;
  editorPhase(): string | null;
}

declare global {
  interface Window {
    __memlensBench?: MemlensBenchHooks;
  }
}

export function exposeBenchHooks(store: AppStore): void {
  window.__memlensBench = Object.freeze({
    setTimelineEntries: (entries: TimelineEntry[]) => store.getState().setTimelineEntries(entries),
    editorPhase: () => store.getState().editor.doc?.phase ?? null,
  });
}
