// memlens index: bring the index in line with the workspace (incremental; --full rebuilds all).
import type { IndexProgress } from '../../../shared/domain.js';
import { localText } from '../../../shared/i18n.js';
import { skippedReasonOf } from '../../../shared/index-reasons.js';
import { modeReasonOf } from '../../../shared/mode-reasons.js';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';

export const indexCommand: CommandImpl = {
  async run({ values, io, json, t, openEngine, settings }) {
    const engine = await openEngine();
    const drawProgress = !json && io.stderrIsTty;
    const unsubscribe = engine.onDidProgress((p: IndexProgress) => {
      if (!drawProgress || p.filesTotal === 0) return;
      const phase = t(`cli:index.phase.${p.phase}`);
      io.stderr(`\r${t('cli:index.progress', { phase, done: p.filesDone, total: p.filesTotal })}   `);
    });
    try {
      const report = await engine.sync({ full: values.full === true });
      if (drawProgress) io.stderr('\r\x1b[K');
      const status = engine.status();
      if (json) {
        writeJson(io, {
          ...report,
          workspace: engine.workspaceDir,
          dbPath: engine.dbPath,
          mode: status.mode,
          modeReason: status.modeReason ?? null,
        });
      } else {
        const say = (key: string, params?: Record<string, unknown>): string => `${t(`cli:index.${key}`, params)}\n`;
        const modeReason = modeReasonOf(status);
        const sample = (await settings()).isSample ? t('cli:index.sample') : '';
        io.stdout(
          say('indexed', { workspace: engine.workspaceDir, sample }) +
            say('files', {
              scanned: report.filesScanned,
              indexed: report.filesIndexed,
              unchanged: report.filesUnchanged,
              skipped: report.filesSkipped,
              removed: report.filesRemoved,
              failed: report.filesFailed,
            }) +
            report.skipped
              .map((s) => say('skipped', { path: s.path, reason: localText(t, skippedReasonOf(s)) }))
              .join('') +
            (report.filesSkipped > report.skipped.length
              ? say('moreSkipped', { count: report.filesSkipped - report.skipped.length })
              : '') +
            say('chunks', {
              written: report.chunksWritten,
              embedded: report.chunksEmbedded,
              hits: report.embeddingCacheHits,
            }) +
            say('mode', {
              mode: t(`cli:status.mode.${status.mode}`),
              reason: modeReason ? t('cli:index.modeReason', { reason: localText(t, modeReason) }) : '',
            }) +
            say('index', { path: engine.dbPath }) +
            say('took', { ms: Math.round(report.tookMs) }),
        );
      }
      return report.filesFailed > 0 ? 1 : 0;
    } finally {
      unsubscribe();
      await engine.close();
    }
  },
};
