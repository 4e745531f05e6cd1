// memlens watch: index, then keep the index in step with the files and print each change
// until Ctrl-C. An embedding endpoint that was down at start and answers later reopens the
// engine with it (search turns hybrid); every change of search mode is printed with its reason.
import type { IndexStatus } from '../../../shared/domain.js';
import { localText } from '../../../shared/i18n.js';
import { watcherReasonOf } from '../../../shared/index-reasons.js';
import { modeReasonOf } from '../../../shared/mode-reasons.js';
import type { CommandImpl } from '../command.js';
import { padColumns } from '../text-columns.js';

export const watchCommand: CommandImpl = {
  async run({ io, json, t, openEngine }) {
    // Said once per reason, across reopenings.
    let toldReason: string | null = null;
    let toldMode: string | null = null;
    const tellWatcher = (status: IndexStatus): void => {
      const why = watcherReasonOf(status);
      const state = status.watcher;
      if (state !== 'error' || !why || why.message === toldReason) return;
      toldReason = why.message;
      const reason = why.message;
      if (json) io.stdout(`${JSON.stringify({ event: 'watcher', state, reason, at: new Date().toISOString() })}\n`);
      else io.stderr(`memlens watch: ${t('cli:watch.watcher', { reason: localText(t, why) })}\n`);
    };
    const tellMode = (status: IndexStatus): void => {
      // While an endpoint is retried its reason and countdown change with every try: news is the mode.
      const key = `${status.mode}|${status.mode === 'hybrid' ? status.model : status.embedderRetry ? 'retrying' : (status.modeReason ?? '')}`;
      if (key === toldMode) return;
      toldMode = key;
      const reason = status.mode === 'hybrid' ? null : (status.modeReason ?? null);
      const why = status.mode === 'hybrid' ? undefined : modeReasonOf(status);
      if (json)
        io.stdout(
          `${JSON.stringify({ event: 'search-mode', mode: status.mode, model: status.model, reason, at: new Date().toISOString() })}\n`,
        );
      else
        io.stderr(
          `memlens watch: ${
            status.mode === 'hybrid'
              ? t('cli:watch.hybrid', { model: status.model })
              : t('cli:watch.keywordOnly', { reason: why ? localText(t, why) : t('cli:watch.noEmbedder') })
          }\n`,
        );
    };

    for (let first = true; ; first = false) {
      const available = new AbortController();
      const engine = await openEngine({ onEmbedderAvailable: () => available.abort() });
      try {
        const report = await engine.sync();
        const unsubscribe = engine.onDidChangeFile((event) => {
          if (json) io.stdout(`${JSON.stringify({ event: 'file', ...event, at: new Date().toISOString() })}\n`);
          else
            io.stdout(
              `${new Date().toISOString()}  ${padColumns(t(`cli:watch.change.${event.change}`), 7)}  ${event.path}\n`,
            );
        });
        // The mode is told after the "watching" line, then on every change.
        let told = false;
        const unsubscribeStatus = engine.onDidChangeStatus((status) => {
          tellWatcher(status);
          if (told) tellMode(status);
        });
        await engine.startWatching();
        const started = engine.status();
        tellWatcher(started);
        if (first) {
          if (json)
            io.stdout(
              `${JSON.stringify({ event: 'watching', workspace: engine.workspaceDir, files: report.filesScanned, watcher: started.watcher })}\n`,
            );
          else
            io.stderr(`${t('cli:watch.watching', { workspace: engine.workspaceDir, count: report.filesScanned })}\n`);
        }
        tellMode(engine.status());
        told = true;
        await io.waitForInterrupt(available.signal);
        unsubscribe();
        unsubscribeStatus();
        await engine.stopWatching();
        if (!available.signal.aborted) return 0;
      } finally {
        await engine.close();
      }
    }
  },
};
