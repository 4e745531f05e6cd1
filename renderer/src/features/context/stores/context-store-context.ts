import { createSliceContext } from '../../../lib/slice-store';
import type { ContextSlice } from './context-slice';

export const contextStore = createSliceContext<ContextSlice>('context');
export const useContextView = contextStore.useSlice;
