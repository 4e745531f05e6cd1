import { createSliceContext } from '../../../lib/slice-store';
import type { FilesSlice } from './files-slice';

export const filesStore = createSliceContext<FilesSlice>('files');
export const useFiles = filesStore.useSlice;
