import { createSliceContext } from '../../../lib/slice-store';
import type { BudgetSlice } from './budget-slice';
import type { EditorSlice } from './editor-slice';

/** The budget bar and sections panel read the open document and its live budget together. */
export const budgetStore = createSliceContext<EditorSlice & BudgetSlice>('editor budget');
export const useBudget = budgetStore.useSlice;
