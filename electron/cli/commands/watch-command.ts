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
      // Say it when the watcher cannot do its job, and what stands in for it; once per reason.
      let toldReason: string | null = null;
      const tellWatcher = (state: string, reason: string | undefined): void => {
        if (state !== 'error' || !reason || reason === toldReason) return;
        toldReason = reason;
        if (json) io.stdout(`${JSON.stringify({ event: 'watcher', state, reason, at: new Date().toISOString() })}\n`);
        else io.stderr(`memlens watch: the file watcher is not working fully. ${reason}\n`);
      };
      const unsubscribeStatus = engine.onDidChangeStatus((status) => tellWatcher(status.watcher, status.watcherReason));
      await engine.startWatching();
      const started = engine.status();
      tellWatcher(started.watcher, started.watcherReason);
      if (json) io.stdout(`${JSON.stringify({ event: 'watching', workspace: engine.workspaceDir, files: report.filesScanned, watcher: started.watcher })}\n`);
      else io.stderr(`Watching ${engine.workspaceDir} (${report.filesScanned} files). Press Ctrl-C to stop.\n`);
      await io.waitForInterrupt();
      unsubscribe();
      unsubscribeStatus();
      await engine.stopWatching();
      return 0;
    } finally {
      await engine.close();
    }
  },
};
