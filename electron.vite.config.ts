// electron-vite: main (ESM, engine deps external), preload (sandboxed: one self-contained CommonJS
// file, dependencies such as zod bundled in), renderer (renderer/ → out/renderer, loaded through
// the app:// protocol).
import path from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Native and worker-using packages stay in node_modules: better-sqlite3 is loaded through its
      // nativeBinding option with the Electron-ABI build from scripts/start-electron.js.
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: path.resolve('electron/main/index.ts'),
          // The engine's utilityProcess (desktop-app.ts forks out/main/engine-host.js).
          'engine-host': path.resolve('electron/engine-host/engine-host-entry.ts'),
          // The embedder's worker thread is loaded from `./embed-worker.js` beside the engine code.
          'embed-worker': path.resolve('electron/memory/embed/embed-worker.ts'),
          // Bulk sync prepares files (parse, chunk, segment) in a worker loaded as `./prepare-worker.js`.
          'prepare-worker': path.resolve('electron/memory/sync/prepare-worker.ts'),
          // A big transcript is streamed into the index in a worker loaded as `./big-session-worker.js`.
          'big-session-worker': path.resolve('electron/memory/sync/big-session-worker.ts'),
          // Query expansion builds its dictionary file, when the package has none, in `./cedict-build-worker.js`.
          'cedict-build-worker': path.resolve('electron/memory/search/sqlite/query-expansion/cedict-build-worker.ts'),
          // The doctor's finders run in a worker loaded as `./doctor-worker.js` (doctor-thread.ts).
          'doctor-worker': path.resolve('electron/app/doctor/doctor-worker.ts'),
        },
        // Shared chunks beside the entries: the engine finds its worker as `./embed-worker.js`
        // relative to its own module, wherever the bundler put that code.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require only 'electron': bundle everything else into one file.
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: path.resolve('electron/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    base: './',
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      emptyOutDir: true,
      modulePreload: { polyfill: false },
      chunkSizeWarningLimit: 2000,
      rollupOptions: { input: { index: path.resolve('renderer/index.html') } },
    },
  },
});
