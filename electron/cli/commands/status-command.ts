// memlens status: what the index holds and how search will run.
import type { IndexStatus } from '../../../shared/domain.js';
import type { CliCommand } from '../command.js';
import { writeJson } from '../command.js';

function embedderLine(s: IndexStatus): string {
  if (!s.model || s.model === 'none') return 'none';
  return `${s.provider} ${s.model}${s.dims ? ` (${s.dims} dims)` : ''}`;
}

export function formatStatus(s: IndexStatus): string {
  const lines = [
    `workspace   ${s.workspace}`,
    `index       ${s.dbPath}`,
    `state       ${s.lifecycle.state}${s.lifecycle.reason ? ` — ${s.lifecycle.reason}` : ''}`,
    `files       ${s.files} (memory ${s.bySource.memory.files}, sessions ${s.bySource.sessions.files})`,
    `chunks      ${s.chunks} (memory ${s.bySource.memory.chunks}, sessions ${s.bySource.sessions.chunks})`,
    `mode        ${s.mode}${s.modeReason ? ` — ${s.modeReason}` : ''}`,
    `embedder    ${embedderLine(s)}`,
    `vectors     ${s.vectorsStored} stored in ${s.vectorBackend}; cache ${s.embeddingCacheEntries} entries` +
      (s.embeddingCacheHitRate === null ? '' : `, hit rate ${(s.embeddingCacheHitRate * 100).toFixed(1)}%`),
    ...(s.searchBackends ? [`search      keyword ${s.searchBackends.keyword}, vector ${s.searchBackends.vector}`, ...s.searchBackends.notices.map((n) => `  ${n}`)] : []),
    `versions    schema ${s.schemaVersion}, chunker ${s.chunkerVersion}`,
    `last sync   ${s.lastSyncAt ? new Date(s.lastSyncAt).toISOString() : 'never'}`,
  ];
  if (s.errors.length > 0) {
    lines.push(`errors      ${s.errors.length}`);
    for (const e of s.errors.slice(0, 10)) lines.push(`  ${e.path}: ${e.message}`);
  }
  return `${lines.join('\n')}\n`;
}

export const statusCommand: CliCommand = {
  name: 'status',
  summary: 'show the index: files, chunks, mode, embedder, vectors',
  usage: `Usage: memlens status [--json]

Shows what the index holds (it does not index; run memlens index for that).`,
  options: {},
  async run({ io, json, openEngine }) {
    const engine = await openEngine();
    try {
      const status = engine.status();
      if (json) writeJson(io, status);
      else io.stdout(formatStatus(status));
      return 0;
    } finally {
      await engine.close();
    }
  },
};
