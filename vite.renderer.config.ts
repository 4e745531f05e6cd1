// Builds the React renderer into renderer-dist/, which both the Electron shell (app:// protocol)
// and serve mode load. base './' because app:// and the serve-mode token URL are not site roots.
// `--mode bench` builds the same UI plus the benchmark hooks (window.__memlensBench) into
// renderer-dist-bench/, which only the UI benchmarks serve (`memlens serve --renderer-dir`).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ mode }) => ({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: mode === 'bench' ? '../renderer-dist-bench' : '../renderer-dist',
    emptyOutDir: true,
    // The CSP is `script-src 'self'`: never inline the module preload polyfill as a script.
    modulePreload: { polyfill: false },
    // CodeMirror, React and the merge view together pass Vite's 500 kB warning; that is expected
    // for a desktop app loaded from disk.
    chunkSizeWarningLimit: 2000,
  },
}));
