import { createSliceContext } from '../../../lib/slice-store';
import type { SettingsViewSlice } from './settings-slice';

export const settingsStore = createSliceContext<SettingsViewSlice>('settings');
export const useSettingsView = settingsStore.useSlice;
