// App-level UI state that belongs to no feature: which main view shows, which side panels are open
// and how wide they are. Widths and open panels are a preference of this browser or window, kept in
// localStorage (not settings.json, which is about memory and search).
import type { StateCreator } from 'zustand';

/** A main view's id (app/main-views.tsx lists them). */
export type MainView = string;

export interface PanelLayout {
  sidebarOpen: boolean;
  searchOpen: boolean;
  sidebarWidth: number;
  searchWidth: number;
}

export const PANEL_LIMITS = {
  sidebar: { min: 180, max: 520, initial: 250 },
  search: { min: 280, max: 720, initial: 360 },
} as const;

export const LAYOUT_STORAGE_KEY = 'memlens.layout.v1';

export interface LayoutSlice {
  layout: PanelLayout & { view: MainView };
  setView(view: MainView): void;
  setSearchOpen(open: boolean): void;
  setSidebarOpen(open: boolean): void;
  setPanelWidth(panel: 'sidebar' | 'search', width: number): void;
}

export function clampWidth(panel: 'sidebar' | 'search', width: number): number {
  const { min, max } = PANEL_LIMITS[panel];
  return Math.round(Math.min(max, Math.max(min, Number.isFinite(width) ? width : PANEL_LIMITS[panel].initial)));
}

/** Below this width a first start opens without the search panel, which would cover the editor. */
const NARROW_START_PX = 900;

function defaultLayout(viewportWidth: number): PanelLayout {
  return {
    sidebarOpen: true,
    searchOpen: viewportWidth >= NARROW_START_PX,
    sidebarWidth: PANEL_LIMITS.sidebar.initial,
    searchWidth: PANEL_LIMITS.search.initial,
  };
}

/** The saved layout, each field checked (an old or hand-edited value never breaks the window). */
export function readStoredLayout(
  storage: Pick<Storage, 'getItem'> | null,
  viewportWidth = Number.POSITIVE_INFINITY,
): PanelLayout {
  const layout = defaultLayout(viewportWidth);
  try {
    const raw = storage?.getItem(LAYOUT_STORAGE_KEY);
    if (!raw) return layout;
    const saved = JSON.parse(raw) as Partial<PanelLayout>;
    if (typeof saved.sidebarOpen === 'boolean') layout.sidebarOpen = saved.sidebarOpen;
    if (typeof saved.searchOpen === 'boolean') layout.searchOpen = saved.searchOpen;
    if (typeof saved.sidebarWidth === 'number') layout.sidebarWidth = clampWidth('sidebar', saved.sidebarWidth);
    if (typeof saved.searchWidth === 'number') layout.searchWidth = clampWidth('search', saved.searchWidth);
  } catch {
    // Unreadable: the defaults.
  }
  return layout;
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled
  }
}

export function createLayoutSlice(
  storage: Storage | null = browserStorage(),
): StateCreator<LayoutSlice, [], [], LayoutSlice> {
  return (set, get) => {
    const save = () => {
      const { sidebarOpen, searchOpen, sidebarWidth, searchWidth } = get().layout;
      try {
        storage?.setItem(LAYOUT_STORAGE_KEY, JSON.stringify({ sidebarOpen, searchOpen, sidebarWidth, searchWidth }));
      } catch {
        // Quota or privacy mode: the layout just is not remembered.
      }
    };
    const patch = (p: Partial<LayoutSlice['layout']>, persist = true) => {
      set((s) => ({ layout: { ...s.layout, ...p } }));
      if (persist) save();
    };
    return {
      layout: {
        view: 'editor',
        ...readStoredLayout(storage, typeof window === 'undefined' ? Number.POSITIVE_INFINITY : window.innerWidth),
      },
      setView: (view) => patch({ view }, false),
      setSearchOpen: (searchOpen) => patch({ searchOpen }),
      setSidebarOpen: (sidebarOpen) => patch({ sidebarOpen }),
      setPanelWidth: (panel, width) =>
        patch(
          panel === 'sidebar'
            ? { sidebarWidth: clampWidth('sidebar', width) }
            : { searchWidth: clampWidth('search', width) },
        ),
    };
  };
}
