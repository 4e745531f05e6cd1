import { createSliceContext } from '../../../lib/slice-store';
import type { AgentCallsSlice } from './agent-calls-slice';

export const agentCallsStore = createSliceContext<AgentCallsSlice>('agent calls');
export const useAgentCalls = agentCallsStore.useSlice;
