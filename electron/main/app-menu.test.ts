import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { buildMenuTemplate } from './app-menu.js';

const calls: string[] = [];
const actions = {
  openWorkspace: () => calls.push('open'),
  reindex: () => calls.push('reindex'),
  revealIndexFolder: () => calls.push('reveal'),
};

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

describe('application menu', () => {
  it('offers Open Workspace…, Reindex and Reveal Index Folder, wired to their actions', () => {
    const items = flatten(buildMenuTemplate({ isDev: false, isMac: false, actions }));
    for (const label of ['Open Workspace…', 'Reindex', 'Reveal Index Folder']) {
      const item = items.find((i) => i.label === label);
      expect(item, label).toBeDefined();
      (item?.click as (() => void) | undefined)?.();
    }
    expect(calls).toEqual(['open', 'reindex', 'reveal']);
  });

  it('has dev tools only in development', () => {
    const prod = flatten(buildMenuTemplate({ isDev: false, isMac: false, actions }));
    const dev = flatten(buildMenuTemplate({ isDev: true, isMac: true, actions }));
    expect(prod.some((i) => i.role === 'toggleDevTools')).toBe(false);
    expect(dev.some((i) => i.role === 'toggleDevTools')).toBe(true);
  });
});
