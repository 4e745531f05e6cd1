import { createSliceContext } from '../../../lib/slice-store';
import type { SearchSlice } from './search-slice';

export const searchStore = createSliceContext<SearchSlice>('search');
export const useSearch = searchStore.useSlice;
