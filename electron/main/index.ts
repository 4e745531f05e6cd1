// Electron main entry (built by electron-vite to out/main/index.js).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { app, dialog } from 'electron';
import { toErrorValue } from '../../shared/errors.js';
import { findNativeBinding, registerAppScheme, startDesktopApp } from './desktop-app.js';

registerAppScheme();

const here = path.dirname(fileURLToPath(import.meta.url));
const appRoot = app.getAppPath();
const sampleSource = path.join(appRoot, 'resources', 'sample-workspace');

app
  .whenReady()
  .then(() =>
    startDesktopApp({
      rendererDir: path.join(here, '..', 'renderer'),
      preloadPath: path.join(here, '..', 'preload', 'index.cjs'),
      engineHostPath: path.join(here, 'engine-host.js'),
      sampleSource: fs.existsSync(sampleSource) ? sampleSource : null,
      nativeBinding: findNativeBinding(appRoot),
    }),
  )
  .catch((error: unknown) => {
    dialog.showErrorBox('Memory Lens could not start', toErrorValue(error).message);
    app.exit(1);
  });
