// memlens status: what the index holds and how search will run.
import type { AgentCallHealth } from '../../../shared/agent-call-types.js';
import type { AgentDatabasesReport } from '../../../shared/agent-db-schemas.js';
import type { IndexStatus } from '../../../shared/domain.js';
import { healthLines } from '../../app/agent/agent-calls-health.js';
import { AgentCallsService } from '../../app/agent/agent-calls-service.js';
import type { TFunction } from 'i18next';
import { localText, translator } from '../../../shared/i18n.js';
import { lifecycleReasonOf, skippedReasonOf } from '../../../shared/index-reasons.js';
import { modeReasonOf } from '../../../shared/mode-reasons.js';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';
import { columns, padColumns } from '../text-columns.js';

type Translate = (key: string, params?: Record<string, unknown>) => string;
const ENGLISH = translator('en');

/** `label` padded to the value column (12), whatever script it is written in. */
function labelled(t: Translate, key: string, value: string): string {
  const label = t(`labels.${key}`);
  return `${label}${' '.repeat(Math.max(1, 12 - columns(label)))}${value}`;
}

function embedderLine(s: IndexStatus, t: Translate): string {
  if (!s.model || s.model === 'none') return t('none');
  return `${s.provider} ${s.model}${s.dims ? ` (${t('dims', { dims: s.dims })})` : ''}`;
}

export function formatStatus(s: IndexStatus, tr: TFunction = ENGLISH): string {
  const t: Translate = (key, params) => tr(`cli:status.${key}`, params);
  const modeReason = modeReasonOf(s);
  const lifecycleReason = lifecycleReasonOf(s.lifecycle);
  const line = (key: string, value: string) => labelled(t, key, value);
  // Backends are named as the engine names them (sqlite-vec-knn, fts5-bm25); "none" is a word.
  const backendName = (backend: string) => (backend === 'none' ? t('none') : backend);
  const lines = [
    line('workspace', s.workspace),
    line('index', s.dbPath),
    line('state', `${t(`state.${s.lifecycle.state}`)}${lifecycleReason ? ` — ${localText(tr, lifecycleReason)}` : ''}`),
    line(
      'files',
      t('bySource', { total: s.files, memory: s.bySource.memory.files, sessions: s.bySource.sessions.files }),
    ),
    line(
      'chunks',
      t('bySource', { total: s.chunks, memory: s.bySource.memory.chunks, sessions: s.bySource.sessions.chunks }),
    ),
    line('mode', `${t(`mode.${s.mode}`)}${modeReason ? ` — ${localText(tr, modeReason)}` : ''}`),
    line('embedder', embedderLine(s, t)),
    line(
      'vectors',
      t('vectors', {
        stored: s.vectorsStored,
        backend: backendName(s.vectorBackend),
        entries: s.embeddingCacheEntries,
      }) + (s.embeddingCacheHitRate === null ? '' : t('hitRate', { rate: (s.embeddingCacheHitRate * 100).toFixed(1) })),
    ),
    ...(s.searchBackends
      ? [
          line(
            'search',
            t('backends', { keyword: s.searchBackends.keyword, vector: backendName(s.searchBackends.vector) }),
          ),
          ...s.searchBackends.notices.map((n) => `  ${n}`),
        ]
      : []),
    line('versions', t('versions', { schema: s.schemaVersion, chunker: s.chunkerVersion })),
    line('lastSync', s.lastSyncAt ? new Date(s.lastSyncAt).toISOString() : t('never')),
  ];
  if (s.skipped && s.skipped.length > 0) {
    lines.push(line('skipped', t('skipped', { count: s.skipped.length })));
    for (const f of s.skipped.slice(0, 10)) lines.push(`  ${f.path}: ${localText(tr, skippedReasonOf(f))}`);
  }
  if (s.errors.length > 0) {
    lines.push(line('errors', String(s.errors.length)));
    for (const e of s.errors.slice(0, 10)) lines.push(`  ${e.path}: ${localText(tr, e)}`);
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

function formatHealth(h: AgentCallHealth | { error: string }, tr: TFunction): string {
  const t: Translate = (key, params) => tr(`cli:status.${key}`, params);
  if ('error' in h) return `${labelled(t, 'agent', t('callsNotRead', { error: h.error }))}\n`;
  const pad = ' '.repeat(12);
  return `${healthLines(h, tr)
    .map((line, i) => (i === 0 ? labelled(t, 'agent', line) : `${pad}${line}`))
    .join('\n')}\n${pad}${t('theCalls')}\n`;
}

/** One block per OpenClaw agent database: its notices, sessions, and the agent's index against the files. */
export function formatAgentDatabases(report: AgentDatabasesReport, tr: TFunction = ENGLISH): string {
  const t: Translate = (key, params) => tr(`cli:status.db.${key}`, params);
  const lines: string[] = [];
  for (const db of report.databases) {
    lines.push(
      labelled(
        (key) => tr(`cli:status.${key}`),
        'agentDb',
        t('database', { id: db.agentId, path: db.path, state: t(`state.${db.state}`) }),
      ),
    );
    for (const n of db.notices) lines.push(`  ${t('notice', { code: n.code, message: n.message })}`);
    const archived = db.sessions.filter((s) => s.archived).length;
    lines.push(
      `  ${t('sessions', { count: db.sessions.length, archived: archived ? t('archivedCount', { count: archived }) : '' })}`,
    );
    for (const s of db.sessions)
      lines.push(
        `    ${s.path}  ${s.kind}${s.archived ? ` ${t('archive', { how: s.archived })}` : `  ${t('events', { count: s.events })}`}  ${s.sessionKey ?? ''}`.trimEnd(),
      );
    if (!db.index) continue;
    lines.push(`  ${t('index', { revision: db.index.revision ?? '?', ...db.index.counts })}`);
    for (const f of db.index.files)
      if (f.status !== 'current')
        lines.push(`    ${padColumns(t(`fileStatus.${f.status}`), 8)} ${t('file', { path: f.path, count: f.chunks })}`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

export const statusCommand: CommandImpl = {
  async run({ io, json, t, openEngine, activity }) {
    const engine = await openEngine();
    try {
      const status = engine.status();
      const agentDatabases = await engine.agentDatabases();
      const log = (await activity()).workspace(engine.workspaceDir);
      const agentCalls = await agentCallsHealth(() =>
        new AgentCallsService({ engine: () => engine, activity: () => log }).list(),
      );
      if (json) writeJson(io, { ...status, agentDatabases, agentCalls });
      else io.stdout(formatStatus(status, t) + formatAgentDatabases(agentDatabases, t) + formatHealth(agentCalls, t));
      return 0;
    } finally {
      await engine.close();
    }
  },
};
