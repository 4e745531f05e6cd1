import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // e2e/faults: fault injection against the real CLI in child processes (kills, a full disk,
    // refused watches); browser specs (e2e/*.spec.ts) are Playwright's.
    include: [
      'shared/**/*.test.ts',
      'electron/**/*.test.ts',
      'renderer/src/**/*.test.{ts,tsx}',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
      'e2e/faults/**/*.test.ts',
    ],
    // Real SQLite, real chokidar, real ONNX runtime: give I/O-heavy tests room, but still catch hangs.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each file re-importing its modules in a fresh process cost 106 s of a 320 s run on 2 cores;
    // the tests keep no state in shared modules (a child's memory is read from its own VmHWM).
    isolate: false,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine,
    // which ran the files one after another (565 s). Most files wait on child processes and disks.
    maxWorkers: 2,
    // Worker threads run JavaScript only: compile the embedding and sync workers (and what they
    // import) into dist/ before any test. Child processes run bin/memlens.js: compile the CLI too
    // (e2e/faults).
    globalSetup: [
      'electron/memory/test-support/build-workers.ts',
      'electron/memory/test-support/build-dictionary.ts',
      'e2e/faults/support/build-cli.ts',
    ],
  },
});
