import { createSliceContext } from '../../../lib/slice-store';
import type { EditorSlice } from './editor-slice';

export const editorStore = createSliceContext<EditorSlice>('editor');
export const useEditor = editorStore.useSlice;
