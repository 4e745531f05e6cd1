// Which side panels sit beside the main view and which float over it, for a window width. The
// main view keeps at least MIN_MAIN_PX; a panel that would squeeze it below that opens as a
// drawer over it instead (the search panel first, then the file list).
export const MIN_MAIN_PX = 380;
const HANDLE_PX = 5;

export interface PanelFit {
  sidebar: 'docked' | 'overlay' | 'closed';
  search: 'docked' | 'overlay' | 'closed';
}

export function fitPanels(
  viewport: number,
  layout: { sidebarOpen: boolean; searchOpen: boolean; sidebarWidth: number; searchWidth: number },
): PanelFit {
  const sidebar = layout.sidebarOpen ? layout.sidebarWidth + HANDLE_PX : 0;
  const search = layout.searchOpen ? layout.searchWidth + HANDLE_PX : 0;
  const fit: PanelFit = {
    sidebar: layout.sidebarOpen ? 'docked' : 'closed',
    search: layout.searchOpen ? 'docked' : 'closed',
  };
  if (viewport - sidebar - search >= MIN_MAIN_PX) return fit;
  if (layout.searchOpen) fit.search = 'overlay';
  if (layout.sidebarOpen && viewport - sidebar < MIN_MAIN_PX) fit.sidebar = 'overlay';
  return fit;
}

/** The widest a docked panel may be so the main view keeps its minimum beside the other panel. */
export function maxDockedWidth(viewport: number, otherPanel: number): number {
  return Math.max(0, viewport - otherPanel - 2 * HANDLE_PX - MIN_MAIN_PX);
}
