// memlens agent-searches: every memory call the agent made (from its transcripts), MCP clients'
// searches and people's logged ones, with what each got, why it came back empty, and what Memory
// Lens finds for it now. The same list as the app's Agent view (the agentCalls call).
import type { AgentCall, AgentCallList, CallHit } from '../../../shared/agent-call-types.js';
import type { TFunction } from 'i18next';
import { citationFor } from '../../../shared/citation.js';
import { translator } from '../../../shared/i18n.js';
import { diagnosisText } from '../../../shared/memory-call-diagnosis.js';
import { AgentCallsService } from '../../app/agent/agent-calls-service.js';
import { healthLines } from '../../app/agent/agent-calls-health.js';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';
import { intOption } from '../common-options.js';
import { parseNowOption } from './search-command.js';
import { sinceOption } from '../since-option.js';

/** The per-call JSON the issue promised, in this key order; `arguments`, `next` and the rest follow. */
export function callJson(c: AgentCall): Record<string, unknown> {
  return {
    source: c.source,
    time: c.time,
    session: c.session,
    line: c.line,
    query: c.query,
    outcome: {
      kind: c.outcome.kind,
      count: c.outcome.count,
      reason: c.outcome.reason,
      mode: c.outcome.mode,
      provider: c.outcome.provider,
      hits: c.outcome.hits,
    },
    diagnosis: c.diagnosis,
    replay: c.replay,
    replayAsAgent: c.replayAsAgent,
    tool: c.tool,
    client: c.client,
    agentId: c.agentId,
    arguments: c.arguments,
    resultLine: c.resultLine,
    next: c.next,
    id: c.id,
  };
}

const OUTCOME_KEY: Record<AgentCall['outcome']['kind'], string> = {
  results: 'got',
  empty: 'nothing',
  disabled: 'disabled',
  error: 'error',
  'not-found': 'notFound',
  'no-result': 'noResult',
};

function hitText(h: CallHit): string {
  const where = h.startLine === null ? h.path : citationFor(h.path, h.startLine, h.endLine ?? h.startLine);
  return `${where}${h.score === null ? '' : ` (${h.score.toFixed(3)})`}`;
}

const hitsText = (hits: readonly CallHit[]) =>
  `${hits.slice(0, 3).map(hitText).join(', ')}${hits.length > 3 ? ', …' : ''}`;

export function formatAgentCalls(list: AgentCallList, tr: TFunction = translator('en')): string {
  const t = (key: string, params?: Record<string, unknown>) => tr(`cli:agentSearches.${key}`, params);
  const out = healthLines(list.health, tr);
  out.push('');
  if (list.calls.length === 0) out.push(t('none', { count: list.sessionsRead }));
  for (const c of list.calls) {
    const what =
      c.query !== null
        ? `“${c.query}”`
        : typeof c.arguments.path === 'string'
          ? c.arguments.path
          : JSON.stringify(c.arguments);
    const got =
      c.outcome.kind === 'results'
        ? t(c.tool.endsWith('_get') ? 'lines' : 'results', { count: c.outcome.count })
        : t(`outcome.${OUTCOME_KEY[c.outcome.kind]}`);
    const mode = modeTag(c.outcome, t);
    out.push(`${c.time.slice(0, 16).replace('T', ' ')}  ${sourceLabel(c, t)}  ${c.tool} ${what} → ${got}${mode}`);
    if (c.session)
      out.push(
        t('session', { title: c.session.title ? `“${c.session.title}” ` : '', at: `${c.session.path}:${c.line}` }),
      );
    if (c.outcome.hits.length > 0) out.push(t('got', { hits: hitsText(c.outcome.hits) }));
    else if (c.outcome.reason && c.outcome.kind !== 'results')
      out.push(
        t('reason', {
          reason: c.outcome.reason.length > 160 ? `${c.outcome.reason.slice(0, 157)}…` : c.outcome.reason,
        }),
      );
    if (c.diagnosis) out.push(t('why', { text: diagnosisText(tr, c.diagnosis) }));
    if (c.replay)
      out.push(
        t(c.replay.keptBelowMinScore ? 'nowKept' : 'now', {
          count: c.replay.count,
          hits: c.replay.hits.length ? `: ${c.replay.hits.slice(0, 3).map(hitText).join(', ')}` : '',
        }),
      );
    if (c.replayAsAgent)
      out.push(
        t('asAgent', {
          count: c.replayAsAgent.count,
          hits: c.replayAsAgent.hits.length ? `: ${c.replayAsAgent.hits.slice(0, 3).map(hitText).join(', ')}` : '',
        }),
      );
    if (c.next && c.next.kind !== 'nothing') out.push(t('then', { what: nextWords(c, t) }));
  }
  if (list.malformedRecords > 0) out.push('', t('malformed', { count: list.malformedRecords }));
  return `${out.join('\n')}\n`;
}

/** OpenClaw's mode as a tag, by id when Memory Lens knows it; keyword-only when the call had no provider. */
function modeTag(outcome: AgentCall['outcome'], t: (key: string, params?: Record<string, unknown>) => string): string {
  const { mode } = outcome;
  if (mode) return ` ${t(mode === 'hybrid' || mode === 'fts-only' ? `mode.${mode}` : 'mode.other', { mode })}`;
  return outcome.provider === 'none' ? ` ${t('mode.keywordOnly')}` : '';
}

function sourceLabel(c: AgentCall, t: (key: string, params?: Record<string, unknown>) => string): string {
  if (c.source === 'mcp') return t('source.mcp', { client: c.client ?? t('source.unnamedClient') });
  if (c.source === 'person') return t('source.person');
  return t('source.agent', { id: c.agentId ?? '' }).trim();
}

function nextWords(c: AgentCall, t: (key: string, params?: Record<string, unknown>) => string): string {
  const n = c.next!;
  const at = n.line === null ? '' : t('next.at', { line: n.line });
  switch (n.kind) {
    case 'read-result':
      return t('next.readResult', { path: n.path, at });
    case 'read-other':
      return t('next.readOther', { path: n.path, at });
    case 'searched-again':
      return n.query ? t('next.searchedAgainFor', { query: n.query, at }) : t('next.searchedAgain', { at });
    case 'answered':
      return t('next.answered', { at });
    case 'answered-without-memory':
      return t('next.answeredWithoutMemory', { at });
    default:
      return '';
  }
}

export const agentSearchesCommand: CommandImpl = {
  async run({ values, io, json, openEngine, activity, t }) {
    const limit = intOption(values.limit, '--limit');
    const now = typeof values.now === 'string' ? parseNowOption(values.now).now : undefined;
    // Read here for a usage error; the service reads the same text against the same now.
    const since = typeof values.since === 'string' ? values.since : undefined;
    sinceOption(since, now === undefined ? new Date() : new Date(now));
    const engine = await openEngine();
    try {
      const log = (await activity()).workspace(engine.workspaceDir);
      // Diagnose against the files as they are now.
      await engine.sync();
      const service = new AgentCallsService({
        engine: () => engine,
        activity: () => log,
        ...(now !== undefined ? { now: () => now } : {}),
      });
      const list = await service.list({
        ...(since !== undefined ? { since } : {}),
        ...(typeof values.agent === 'string' ? { agent: values.agent } : {}),
        ...(limit !== undefined ? { limit } : {}),
      });
      if (json)
        writeJson(io, {
          health: list.health,
          sessionsRead: list.sessionsRead,
          malformedRecords: list.malformedRecords,
          calls: list.calls.map(callJson),
        });
      else io.stdout(formatAgentCalls(list, t));
      return 0;
    } finally {
      await engine.close();
    }
  },
};
