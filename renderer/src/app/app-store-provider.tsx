import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { agentCallsStore } from '../features/agents/stores/agent-calls-store-context';
import { agentsStore } from '../features/agents/stores/agents-store-context';
import { lineNotesStore } from '../features/editor/stores/line-notes-store-context';
import { contextStore } from '../features/context/stores/context-store-context';
import { doctorStore } from '../features/doctor/stores/doctor-store-context';
import { budgetStore } from '../features/editor/stores/budget-store-context';
import { editorStore } from '../features/editor/stores/editor-store-context';
import { filesStore } from '../features/files/stores/files-store-context';
import { agentAccessStore } from '../features/editor/stores/agent-access-store-context';
import { agentSearchesStore } from '../features/search/stores/agent-searches-store-context';
import { searchStore } from '../features/search/stores/search-store-context';
import { settingsStore } from '../features/settings/stores/settings-store-context';
import { statusStore } from '../features/status/stores/status-store-context';
import { timelineStore } from '../features/timeline/stores/timeline-store-context';
import type { MemlensApi } from '../../../shared/contract';
import type { AppState, AppStore } from './create-app-store';

const AppStoreContext = createContext<AppStore | null>(null);
const ApiContext = createContext<MemlensApi | null>(null);

/** Hands the one store to app/ and to every feature's slice context; app/ also gets the API client. */
export function AppStoreProvider({ store, api, children }: { store: AppStore; api: MemlensApi; children: ReactNode }) {
  return (
    <ApiContext.Provider value={api}>
      <AppStoreContext.Provider value={store}>
        <filesStore.Provider value={store}>
          <editorStore.Provider value={store}>
            <searchStore.Provider value={store}>
              <timelineStore.Provider value={store}>
                <statusStore.Provider value={store}>
                  <budgetStore.Provider value={store}>
                    <contextStore.Provider value={store}>
                      <settingsStore.Provider value={store}>
                        <agentSearchesStore.Provider value={store}>
                          <agentAccessStore.Provider value={store}>
                            <agentsStore.Provider value={store}>
                              <lineNotesStore.Provider value={store}>
                                <agentCallsStore.Provider value={store}>
                                  <doctorStore.Provider value={store}>{children}</doctorStore.Provider>
                                </agentCallsStore.Provider>
                              </lineNotesStore.Provider>
                            </agentsStore.Provider>
                          </agentAccessStore.Provider>
                        </agentSearchesStore.Provider>
                      </settingsStore.Provider>
                    </contextStore.Provider>
                  </budgetStore.Provider>
                </statusStore.Provider>
              </timelineStore.Provider>
            </searchStore.Provider>
          </editorStore.Provider>
        </filesStore.Provider>
      </AppStoreContext.Provider>
    </ApiContext.Provider>
  );
}

/** The API client, for app-level actions (opening a workspace); features get theirs through their slice. */
export function useApi(): MemlensApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('AppStoreProvider is missing');
  return api;
}

export function useAppStoreApi(): AppStore {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error('AppStoreProvider is missing');
  return store;
}

export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStoreApi(), useShallow(selector));
}
