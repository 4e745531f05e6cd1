// memlens agent-searches: every memory call the agent made (from its transcripts), MCP clients'
// searches and people's logged ones, with what each got, why it came back empty, and what Memory
// Lens finds for it now. The same list as the app's Agent view (the agentCalls call).
import type { AgentCall, AgentCallList, CallHit } from '../../../shared/agent-call-types.js';
import { citationFor } from '../../../shared/citation.js';
import { AgentCallsService } from '../../app/agent/agent-calls-service.js';
import { healthLines } from '../../app/agent/agent-calls-health.js';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';
import { intOption, UsageError } from '../common-options.js';
import { parseNowOption } from './search-command.js';

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

const OUTCOME_WORDS: Record<AgentCall['outcome']['kind'], string> = {
  results: 'got',
  empty: 'nothing',
  disabled: 'DISABLED',
  error: 'ERROR',
  'not-found': 'not found',
  'no-result': 'no result recorded',
};

function hitText(h: CallHit): string {
  const where = h.startLine === null ? h.path : citationFor(h.path, h.startLine, h.endLine ?? h.startLine);
  return `${where}${h.score === null ? '' : ` (${h.score.toFixed(3)})`}`;
}

function sourceLabel(c: AgentCall): string {
  if (c.source === 'mcp') return `mcp ${c.client ?? 'unnamed client'}`;
  if (c.source === 'person') return 'person (CLI)';
  return `agent ${c.agentId ?? ''}`.trim();
}

export function formatAgentCalls(list: AgentCallList): string {
  const out = healthLines(list.health);
  out.push('');
  if (list.calls.length === 0) out.push('No memory calls found (transcripts read: ' + list.sessionsRead + ').');
  for (const c of list.calls) {
    const what =
      c.query !== null
        ? `“${c.query}”`
        : typeof c.arguments.path === 'string'
          ? c.arguments.path
          : JSON.stringify(c.arguments);
    const got =
      c.outcome.kind === 'results'
        ? `${c.outcome.count} ${c.tool.endsWith('_get') ? 'lines' : `result${c.outcome.count === 1 ? '' : 's'}`}`
        : OUTCOME_WORDS[c.outcome.kind];
    out.push(
      `${c.time.slice(0, 16).replace('T', ' ')}  ${sourceLabel(c)}  ${c.tool} ${what} → ${got}${c.outcome.mode ? ` [${c.outcome.mode}]` : c.outcome.provider === 'none' ? ' [keyword-only]' : ''}`,
    );
    if (c.session)
      out.push(`    session   ${c.session.title ? `“${c.session.title}” ` : ''}${c.session.path}:${c.line}`);
    if (c.outcome.hits.length > 0)
      out.push(
        `    got       ${c.outcome.hits.slice(0, 3).map(hitText).join(', ')}${c.outcome.hits.length > 3 ? ', …' : ''}`,
      );
    else if (c.outcome.reason && c.outcome.kind !== 'results')
      out.push(
        `    reason    ${c.outcome.reason.length > 160 ? `${c.outcome.reason.slice(0, 157)}…` : c.outcome.reason}`,
      );
    if (c.diagnosis) out.push(`    why       ${c.diagnosis.text}`);
    if (c.replay)
      out.push(
        `    now       Memory Lens finds ${c.replay.count}${c.replay.hits.length ? `: ${c.replay.hits.slice(0, 3).map(hitText).join(', ')}` : ''}${c.replay.keptBelowMinScore ? ' (kept below minScore: keyword matches)' : ''}`,
      );
    if (c.replayAsAgent)
      out.push(
        `    as agent  OpenClaw's ranking finds ${c.replayAsAgent.count}${c.replayAsAgent.hits.length ? `: ${c.replayAsAgent.hits.slice(0, 3).map(hitText).join(', ')}` : ''}`,
      );
    if (c.next && c.next.kind !== 'nothing') out.push(`    then      ${nextWords(c)}`);
  }
  if (list.malformedRecords > 0)
    out.push('', `${list.malformedRecords} transcript line(s) were not JSON and were skipped.`);
  return `${out.join('\n')}\n`;
}

function nextWords(c: AgentCall): string {
  const n = c.next!;
  const at = n.line === null ? '' : ` (line ${n.line})`;
  switch (n.kind) {
    case 'read-result':
      return `read ${n.path} with memory_get${at}`;
    case 'read-other':
      return `read ${n.path}, not one of the results${at}`;
    case 'searched-again':
      return `searched again${n.query ? ` for “${n.query}”` : ''}${at}`;
    case 'answered':
      return `answered${at}`;
    case 'answered-without-memory':
      return `answered without memory${at}`;
    default:
      return '';
  }
}

export const agentSearchesCommand: CommandImpl = {
  async run({ values, io, json, openEngine, activity }) {
    const limit = intOption(values.limit, '--limit');
    const now = typeof values.now === 'string' ? parseNowOption(values.now).now : undefined;
    const since = typeof values.since === 'string' ? values.since : undefined;
    if (
      since !== undefined &&
      !Number.isFinite(/^\d{4}-\d{2}-\d{2}$/.test(since) ? Date.parse(`${since}T00:00:00Z`) : Date.parse(since))
    ) {
      throw new UsageError(`--since expects a date YYYY-MM-DD or an ISO date-time (got "${since}")`);
    }
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
      else io.stdout(formatAgentCalls(list));
      return 0;
    } finally {
      await engine.close();
    }
  },
};
