import { describe, expect, it } from 'vitest';
import { fitPanels, MIN_MAIN_PX } from './panel-fit';

const layout = { sidebarOpen: true, searchOpen: true, sidebarWidth: 250, searchWidth: 360 };

describe('fitPanels', () => {
  it('docks both panels when the main view keeps its minimum', () => {
    expect(fitPanels(1440, layout)).toEqual({ sidebar: 'docked', search: 'docked' });
    expect(fitPanels(1024, layout)).toEqual({ sidebar: 'docked', search: 'docked' });
  });

  it('floats the search panel over the main view first, then the file list', () => {
    expect(fitPanels(800, layout)).toEqual({ sidebar: 'docked', search: 'overlay' });
    expect(fitPanels(600, layout)).toEqual({ sidebar: 'overlay', search: 'overlay' });
    expect(fitPanels(800, { ...layout, searchOpen: false })).toEqual({ sidebar: 'docked', search: 'closed' });
  });

  it('never leaves the main view narrower than the minimum with docked panels', () => {
    for (let w = 500; w <= 1600; w += 37) {
      const fit = fitPanels(w, layout);
      const docked = (fit.sidebar === 'docked' ? 255 : 0) + (fit.search === 'docked' ? 365 : 0);
      expect(w - docked).toBeGreaterThanOrEqual(fit.sidebar === 'overlay' ? 0 : MIN_MAIN_PX);
    }
  });
});
