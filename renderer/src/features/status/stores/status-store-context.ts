import { createSliceContext } from '../../../lib/slice-store';
import type { StatusSlice } from './status-slice';

export const statusStore = createSliceContext<StatusSlice>('status');
export const useStatus = statusStore.useSlice;
