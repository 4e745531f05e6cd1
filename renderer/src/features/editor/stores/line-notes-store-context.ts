import { createSliceContext } from '../../../lib/slice-store';
import type { LineNotesSlice } from './line-notes-slice';

export const lineNotesStore = createSliceContext<LineNotesSlice>('lineNotes');
export const useLineNotes = lineNotesStore.useSlice;
