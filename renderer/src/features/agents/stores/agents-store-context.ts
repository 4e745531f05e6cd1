import { createSliceContext } from '../../../lib/slice-store';
import type { AgentsSlice } from './agents-slice';

export const agentsStore = createSliceContext<AgentsSlice>('agents');
export const useAgentsView = agentsStore.useSlice;
