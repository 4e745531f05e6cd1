// memlens status: what the index holds and how search will run.
import type { AgentCallHealth } from '../../../shared/agent-call-types.js';
import type { AgentDatabasesReport } from '../../../shared/agent-db-schemas.js';
import type { IndexStatus } from '../../../shared/domain.js';
import { healthLines } from '../../app/agent/agent-calls-health.js';
import { AgentCallsService } from '../../app/agent/agent-calls-service.js';
import type { CommandImpl } from '../command.js';
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
    ...(s.searchBackends
      ? [
          `search      keyword ${s.searchBackends.keyword}, vector ${s.searchBackends.vector}`,
          ...s.searchBackends.notices.map((n) => `  ${n}`),
        ]
      : []),
    `versions    schema ${s.schemaVersion}, chunker ${s.chunkerVersion}`,
    `last sync   ${s.lastSyncAt ? new Date(s.lastSyncAt).toISOString() : 'never'}`,
  ];
  if (s.skipped && s.skipped.length > 0) {
    lines.push(`skipped     ${s.skipped.length} (not indexed)`);
    for (const f of s.skipped.slice(0, 10)) lines.push(`  ${f.path}: ${f.reason}`);
  }
  if (s.errors.length > 0) {
    lines.push(`errors      ${s.errors.length}`);
    for (const e of s.errors.slice(0, 10)) lines.push(`  ${e.path}: ${e.message}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The health summary; a failure to read transcripts must not cost the index status. */
async function agentCallsHealth(
  list: () => Promise<{ health: AgentCallHealth }>,
): Promise<AgentCallHealth | { error: string }> {
  try {
    return (await list()).health;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function formatHealth(h: AgentCallHealth | { error: string }): string {
  if ('error' in h) return `agent       calls not read: ${h.error}\n`;
  return `${healthLines(h)
    .map((line, i) => `${i === 0 ? 'agent       ' : '            '}${line}`)
    .join('\n')}\n            the calls: memlens agent-searches\n`;
}

/** One block per OpenClaw agent database: its notices, sessions, and the agent's index against the files. */
export function formatAgentDatabases(report: AgentDatabasesReport): string {
  const lines: string[] = [];
  for (const db of report.databases) {
    lines.push(`agent db    ${db.agentId}: ${db.path} (${db.state})`);
    for (const n of db.notices) lines.push(`  notice ${n.code}: ${n.message}`);
    const archived = db.sessions.filter((s) => s.archived).length;
    lines.push(`  sessions  ${db.sessions.length}${archived ? ` (${archived} archived)` : ''}`);
    for (const s of db.sessions)
      lines.push(
        `    ${s.path}  ${s.kind}${s.archived ? ` ${s.archived} archive` : `  ${s.events} events`}  ${s.sessionKey ?? ''}`.trimEnd(),
      );
    if (!db.index) continue;
    const c = db.index.counts;
    lines.push(
      `  agent index revision ${db.index.revision ?? '?'}: ${c.current} current, ${c.stale} stale, ${c.missing} missing, ${c.extra} extra`,
    );
    for (const f of db.index.files)
      if (f.status !== 'current') lines.push(`    ${f.status.padEnd(8)} ${f.path} (${f.chunks} chunks)`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

export const statusCommand: CommandImpl = {
  async run({ io, json, openEngine, activity }) {
    const engine = await openEngine();
    try {
      const status = engine.status();
      const agentDatabases = await engine.agentDatabases();
      const log = (await activity()).workspace(engine.workspaceDir);
      const agentCalls = await agentCallsHealth(() =>
        new AgentCallsService({ engine: () => engine, activity: () => log }).list(),
      );
      if (json) writeJson(io, { ...status, agentDatabases, agentCalls });
      else io.stdout(formatStatus(status) + formatAgentDatabases(agentDatabases) + formatHealth(agentCalls));
      return 0;
    } finally {
      await engine.close();
    }
  },
};
