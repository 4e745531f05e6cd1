import { createSliceContext } from '../../../lib/slice-store';
import type { AgentAccessSlice } from './agent-access-slice';

export const agentAccessStore = createSliceContext<AgentAccessSlice>('agent access');
export const useAgentAccess = agentAccessStore.useSlice;
