// memlens index: bring the index in line with the workspace (incremental; --full rebuilds all).
import type { IndexProgress } from '../../../shared/domain.js';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';

export const indexCommand: CommandImpl = {
  async run({ values, io, json, openEngine, settings }) {
    const engine = await openEngine();
    const drawProgress = !json && io.stderrIsTty;
    const unsubscribe = engine.onDidProgress((p: IndexProgress) => {
      if (drawProgress && p.filesTotal > 0) io.stderr(`\r${p.phase} ${p.filesDone}/${p.filesTotal}   `);
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
        const ws = (await settings()).isSample ? `${engine.workspaceDir} (sample workspace)` : engine.workspaceDir;
        io.stdout(
          `Indexed ${ws}\n` +
            `  files: ${report.filesScanned} scanned, ${report.filesIndexed} indexed, ${report.filesUnchanged} unchanged, ` +
            `${report.filesSkipped} skipped, ${report.filesRemoved} removed, ${report.filesFailed} failed\n` +
            report.skipped.map((s) => `  skipped ${s.path}: ${s.reason}\n`).join('') +
            (report.filesSkipped > report.skipped.length
              ? `  … and ${report.filesSkipped - report.skipped.length} more skipped\n`
              : '') +
            `  chunks written: ${report.chunksWritten}, embedded: ${report.chunksEmbedded} (cache hits ${report.embeddingCacheHits})\n` +
            `  mode: ${status.mode}${status.modeReason ? ` (${status.modeReason})` : ''}\n` +
            `  index: ${engine.dbPath}\n` +
            `  took ${Math.round(report.tookMs)} ms\n`,
        );
      }
      return report.filesFailed > 0 ? 1 : 0;
    } finally {
      unsubscribe();
      await engine.close();
    }
  },
};
