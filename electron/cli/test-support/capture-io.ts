// The CLI's I/O for tests: output captured, HOME and the working folder set to a temp folder, no
// terminal, and Ctrl-C "pressed" when `interrupt` settles (at once by default).
import type { CliIo } from '../cli-io.js';
import { runCli } from '../main.js';

export interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

export function captureIo(
  home: string,
  env: NodeJS.ProcessEnv = {},
  interrupt?: Promise<void>,
): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      stdout: (t) => void out.push(t),
      stderr: (t) => void err.push(t),
      env: { HOME: home, ...env },
      cwd: home,
      stderrIsTty: false,
      // Like processIo: the interrupt, or the command ending the wait itself (`until` aborts).
      waitForInterrupt: (until) =>
        new Promise<void>((resolve) => {
          void (interrupt ?? Promise.resolve()).then(resolve);
          until?.addEventListener('abort', () => resolve(), { once: true });
        }),
    },
  };
}

/** `memlens …argv` with captured output. */
export async function runCaptured(home: string, argv: readonly string[]): Promise<Captured> {
  const { io, out, err } = captureIo(home);
  const code = await runCli([...argv], io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}
