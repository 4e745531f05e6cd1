// The application menu as a template (type-only electron import, so it is unit-tested), in the
// interface's language: every item carries its own label, so none falls back to Electron's English.
// Dev tools exist only in development builds.
import type { MenuItemConstructorOptions } from 'electron';
import { resolveLocale, translator, type Locale } from '../../shared/i18n.js';
import type { LanguageSetting } from '../../shared/settings-schema.js';

export interface MenuActions {
  openWorkspace(): void;
  reindex(): void;
  revealIndexFolder(): void;
}

/** The menu's language: the one chosen in Settings, or the OS's for 'system'. */
export function menuLocale(setting: LanguageSetting, systemLocales: readonly string[]): Locale {
  return setting === 'system' ? resolveLocale(systemLocales) : setting;
}

export function buildMenuTemplate(options: {
  isDev: boolean;
  isMac: boolean;
  locale: Locale;
  actions: MenuActions;
}): MenuItemConstructorOptions[] {
  const { isDev, isMac, actions } = options;
  const tr = translator(options.locale);
  const t = (key: string) => tr(`menu:${key}`);
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom', label: t('resetZoom') },
    { role: 'zoomIn', label: t('zoomIn') },
    { role: 'zoomOut', label: t('zoomOut') },
    { type: 'separator' },
    { role: 'togglefullscreen', label: t('fullscreen') },
  ];
  if (isDev)
    view.push(
      { type: 'separator' },
      { role: 'reload', label: t('reload') },
      { role: 'toggleDevTools', label: t('devTools') },
    );
  return [
    ...(isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    {
      label: t('file'),
      submenu: [
        { label: t('openWorkspace'), accelerator: 'CmdOrCtrl+O', click: () => actions.openWorkspace() },
        { type: 'separator' },
        { label: t('reindex'), click: () => actions.reindex() },
        { label: t('revealIndexFolder'), click: () => actions.revealIndexFolder() },
        { type: 'separator' },
        isMac ? { role: 'close', label: t('close') } : { role: 'quit', label: t('quit') },
      ],
    },
    {
      label: t('edit'),
      submenu: [
        { role: 'undo', label: t('undo') },
        { role: 'redo', label: t('redo') },
        { type: 'separator' },
        { role: 'cut', label: t('cut') },
        { role: 'copy', label: t('copy') },
        { role: 'paste', label: t('paste') },
        { role: 'selectAll', label: t('selectAll') },
      ],
    },
    { label: t('view'), submenu: view },
    {
      label: t('window'),
      role: 'window',
      submenu: [
        { role: 'minimize', label: t('minimize') },
        { role: 'zoom', label: t('zoom') },
        ...(isMac ? [] : [{ role: 'close', label: t('close') } as MenuItemConstructorOptions]),
      ],
    },
  ];
}
