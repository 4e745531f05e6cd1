// The one store: every feature's slice combined once. Features see it through their own slice
// type (see lib/slice-store.ts); only app/ sees the whole.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { MemlensApi } from '../../../shared/contract';
import type { LanguageSetting } from '../../../shared/settings-schema';
import { createAgentCallsSlice, type AgentCallsSlice } from '../features/agents/stores/agent-calls-slice';
import { createContextSlice, type ContextSlice } from '../features/context/stores/context-slice';
import { createDoctorSlice, type DoctorSlice } from '../features/doctor/stores/doctor-slice';
import { createBudgetSlice, type BudgetSlice } from '../features/editor/stores/budget-slice';
import { createAgentAccessSlice, type AgentAccessSlice } from '../features/editor/stores/agent-access-slice';
import { createEditorSlice, type EditorSlice } from '../features/editor/stores/editor-slice';
import { createFilesSlice, type FilesSlice } from '../features/files/stores/files-slice';
import { createAgentSearchesSlice, type AgentSearchesSlice } from '../features/search/stores/agent-searches-slice';
import { createSearchSlice, type SearchSlice } from '../features/search/stores/search-slice';
import { createSettingsViewSlice, type SettingsViewSlice } from '../features/settings/stores/settings-slice';
import { createStatusSlice, type StatusSlice } from '../features/status/stores/status-slice';
import { createTimelineSlice, type TimelineSlice } from '../features/timeline/stores/timeline-slice';
import { createAgentsSlice, type AgentsSlice } from '../features/agents/stores/agents-slice';
import { createLineNotesSlice, type LineNotesSlice } from '../features/editor/stores/line-notes-slice';
import { createLayoutSlice, type LayoutSlice } from './layout-slice';
import { createWorkspaceSlice, type WorkspaceSlice } from './workspace-slice';

export type AppState = FilesSlice &
  EditorSlice &
  BudgetSlice &
  SearchSlice &
  AgentSearchesSlice &
  AgentAccessSlice &
  TimelineSlice &
  StatusSlice &
  ContextSlice &
  DoctorSlice &
  SettingsViewSlice &
  AgentsSlice &
  AgentCallsSlice &
  LineNotesSlice &
  LayoutSlice &
  WorkspaceSlice;
export type AppStore = StoreApi<AppState>;

export interface AppStoreOptions {
  storage?: Storage | null;
  /** Shows the interface in a language setting's locale (the window's i18n instance). */
  applyLanguage?: (language: LanguageSetting) => void;
}

export function createAppStore(api: MemlensApi, options: AppStoreOptions = {}): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createFilesSlice(api)(...a),
    ...createEditorSlice(api)(...a),
    ...createBudgetSlice(api)(...a),
    ...createSearchSlice(api)(...a),
    ...createAgentSearchesSlice(api)(...a),
    ...createAgentAccessSlice(api)(...a),
    ...createTimelineSlice(api)(...a),
    ...createStatusSlice(api)(...a),
    ...createContextSlice(api)(...a),
    ...createDoctorSlice(api)(...a),
    ...createAgentCallsSlice(api)(...a),
    ...createSettingsViewSlice(api, options.applyLanguage)(...a),
    ...createAgentsSlice(api)(...a),
    ...createLineNotesSlice()(...a),
    ...createLayoutSlice(options.storage)(...a),
    ...createWorkspaceSlice(...a),
  }));
}
