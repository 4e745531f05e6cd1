// Another agent's workspace opened: everything on screen that came from the previous one goes,
// and what is shown loads again for the new one. Choices the user made (the query, its settings,
// filters, grouping) stay.
import { initialAgentCallsState } from '../features/agents/stores/agent-calls-slice';
import { initialContextState } from '../features/context/stores/context-slice';
import { initialDoctorState } from '../features/doctor/stores/doctor-slice';
import { initialAgentAccessState } from '../features/editor/stores/agent-access-slice';
import { initialAgentSearchesState } from '../features/search/stores/agent-searches-slice';
import type { AppStore } from './create-app-store';

export function resetAgentScope(store: AppStore): void {
  const before = store.getState();
  const contextShown = before.context.report !== null || before.context.loading;
  const callsShown = before.agentCalls.list !== null || before.agentCalls.status === 'loading';
  const doctorShown = before.doctor.status !== 'idle';
  before.clearSearchResults();
  store.setState((s) => ({
    agentSearches: { ...initialAgentSearchesState, open: s.agentSearches.open },
    agentCalls: { ...initialAgentCallsState, filter: s.agentCalls.filter },
    context: { ...initialContextState, version: s.context.version },
    agentAccess: initialAgentAccessState,
    doctor: initialDoctorState,
    timeline: { ...s.timeline, entries: [], loaded: false, error: null, selectedPath: null },
  }));
  // Each load below bumps its slice's sequence, so an answer still on its way for the previous
  // agent is dropped when it lands.
  const s = store.getState();
  if (s.search.query.trim()) void s.runSearch();
  if (s.agentSearches.open) void s.refreshAgentSearches();
  if (callsShown) void s.loadAgentCalls();
  if (contextShown) void s.loadContext();
  if (doctorShown) void s.loadDoctor();
}
