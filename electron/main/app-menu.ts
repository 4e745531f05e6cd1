// The application menu as a template (type-only electron import, so it is unit-tested).
// Dev tools exist only in development builds.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openWorkspace(): void;
  reindex(): void;
  revealIndexFolder(): void;
}

export function buildMenuTemplate(options: {
  isDev: boolean;
  isMac: boolean;
  actions: MenuActions;
}): MenuItemConstructorOptions[] {
  const { isDev, isMac, actions } = options;
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (isDev)
    view.push({ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools', label: 'Toggle Developer Tools' });
  return [
    ...(isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open Workspace…', accelerator: 'CmdOrCtrl+O', click: () => actions.openWorkspace() },
        { type: 'separator' },
        { label: 'Reindex', click: () => actions.reindex() },
        { label: 'Reveal Index Folder', click: () => actions.revealIndexFolder() },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}
