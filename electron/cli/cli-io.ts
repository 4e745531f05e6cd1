// Where the CLI reads and writes. Commands never touch process.* directly, so tests run the
// whole CLI in-process and capture exactly what a user would see.

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** True when stderr is a terminal (progress lines are drawn only then). */
  stderrIsTty: boolean;
  /**
   * Resolves when the user asks a long-running command (watch, serve) to stop, or when `until`
   * aborts (the command ended another way: its signal handlers and keep-alive go with it).
   */
  waitForInterrupt(until?: AbortSignal): Promise<void>;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    stderrIsTty: Boolean(process.stderr.isTTY),
    waitForInterrupt: (until) =>
      new Promise<void>((resolve) => {
        // Holds the process open while the command waits: without it a watcher that could not
        // watch anything (no fs handles) let Node exit with code 13 ("unsettled top-level await").
        const keepAlive = setInterval(() => undefined, 1 << 30);
        const stop = (): void => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          clearInterval(keepAlive);
          // A second Ctrl-C while shutting down means "now": never leave the user with a process that ignores them.
          process.once('SIGINT', () => {
            process.stderr.write('memlens: interrupted again, exiting without waiting.\n');
            process.exit(130);
          });
          resolve();
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        until?.addEventListener(
          'abort',
          () => {
            process.off('SIGINT', stop);
            process.off('SIGTERM', stop);
            clearInterval(keepAlive);
            resolve();
          },
          { once: true },
        );
      }),
  };
}
