import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Real SQLite, real chokidar, real ONNX runtime: give I/O-heavy tests room, but still catch hangs.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Worker threads run JavaScript only: compile the embedding and sync workers (and what they
    // import) into dist/ before any test.
    globalSetup: ['electron/memory/test-support/build-workers.ts'],
  },
});
