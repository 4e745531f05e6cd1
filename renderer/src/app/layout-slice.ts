// App-level UI state that belongs to no feature: which main view is showing, whether the search
// panel is open.
import type { StateCreator } from 'zustand';

export type MainView = 'editor' | 'timeline' | 'context';

export interface LayoutSlice {
  layout: { view: MainView; searchOpen: boolean; sidebarOpen: boolean };
  setView(view: MainView): void;
  setSearchOpen(open: boolean): void;
  setSidebarOpen(open: boolean): void;
}

export const createLayoutSlice: StateCreator<LayoutSlice, [], [], LayoutSlice> = (set) => ({
  layout: { view: 'editor', searchOpen: true, sidebarOpen: true },
  setView: (view) => set((s) => ({ layout: { ...s.layout, view } })),
  setSearchOpen: (searchOpen) => set((s) => ({ layout: { ...s.layout, searchOpen } })),
  setSidebarOpen: (sidebarOpen) => set((s) => ({ layout: { ...s.layout, sidebarOpen } })),
});
