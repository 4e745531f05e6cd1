import { createSliceContext } from '../../../lib/slice-store';
import type { AgentSearchesSlice } from './agent-searches-slice';

export const agentSearchesStore = createSliceContext<AgentSearchesSlice>('agent searches');
export const useAgentSearches = agentSearchesStore.useSlice;
