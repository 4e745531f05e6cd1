// memlens watch: index, then keep the index in step with the files and print each change
// until Ctrl-C.
import type { CliCommand } from '../command.js';

export const watchCommand: CliCommand = {
  name: 'watch',
  summary: 'index, then watch the workspace and print changes until Ctrl-C',
  usage: `Usage: memlens watch [--json]

Indexes the workspace, then watches it: every added, changed or deleted file is re-indexed and
printed (one JSON object a line with --json). Stops on Ctrl-C.`,
  options: {},
  async run({ io, json, openEngine }) {
    const engine = await openEngine();
    try {
      const report = await engine.sync();
      const unsubscribe = engine.onDidChangeFile((event) => {
        if (json) io.stdout(`${JSON.stringify({ event: 'file', ...event, at: new Date().toISOString() })}\n`);
        else io.stdout(`${new Date().toISOString()}  ${event.change.padEnd(7)}  ${event.path}\n`);
      });
      await engine.startWatching();
      if (json) io.stdout(`${JSON.stringify({ event: 'watching', workspace: engine.workspaceDir, files: report.filesScanned })}\n`);
      else io.stderr(`Watching ${engine.workspaceDir} (${report.filesScanned} files). Press Ctrl-C to stop.\n`);
      await io.waitForInterrupt();
      unsubscribe();
      await engine.stopWatching();
      return 0;
    } finally {
      await engine.close();
    }
  },
};
