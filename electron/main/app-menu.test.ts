import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { buildMenuTemplate, menuLocale } from './app-menu.js';
import type { Locale } from '../../shared/i18n.js';

const calls: string[] = [];
const actions = {
  openWorkspace: () => calls.push('open'),
  reindex: () => calls.push('reindex'),
  revealIndexFolder: () => calls.push('reveal'),
};

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

const build = (locale: Locale, isDev = false, isMac = false) =>
  flatten(buildMenuTemplate({ isDev, isMac, locale, actions }));

describe('application menu', () => {
  it('offers Open Workspace…, Reindex and Reveal Index Folder, wired to their actions', () => {
    calls.length = 0;
    const items = build('en');
    for (const label of ['Open Workspace…', 'Reindex', 'Reveal Index Folder']) {
      const item = items.find((i) => i.label === label);
      expect(item, label).toBeDefined();
      (item?.click as (() => void) | undefined)?.();
    }
    expect(calls).toEqual(['open', 'reindex', 'reveal']);
  });

  it('reads in Simplified Chinese, every item labelled (none left to Electron’s English)', () => {
    calls.length = 0;
    const items = build('zh-CN', true);
    expect(items.filter((i) => i.submenu).map((i) => i.label)).toEqual(['文件', '编辑', '视图', '窗口']);
    for (const label of ['打开工作区…', '重建索引', '显示索引文件夹']) {
      (items.find((i) => i.label === label)?.click as (() => void) | undefined)?.();
    }
    expect(calls).toEqual(['open', 'reindex', 'reveal']);
    expect(items.find((i) => i.role === 'copy')?.label).toBe('复制');
    const unlabelled = items.filter((i) => i.type !== 'separator' && !i.label);
    expect(unlabelled).toEqual([]);
    expect(items.every((i) => !i.label || !/[A-Za-z]{3}/.test(i.label))).toBe(true);
  });

  it("follows the OS's language for 'system', the chosen one otherwise", () => {
    expect(menuLocale('system', ['zh-Hans-CN', 'en-US'])).toBe('zh-CN');
    expect(menuLocale('system', ['fr-FR'])).toBe('en');
    expect(menuLocale('en', ['zh-CN'])).toBe('en');
    expect(menuLocale('zh-CN', ['en-US'])).toBe('zh-CN');
  });

  it('has dev tools only in development', () => {
    expect(build('en').some((i) => i.role === 'toggleDevTools')).toBe(false);
    expect(build('en', true, true).some((i) => i.role === 'toggleDevTools')).toBe(true);
  });
});
