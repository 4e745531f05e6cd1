// The health line above the agent's calls: how many it made lately, how many got anything, the
// main reason the others did not, and what to change. People's own searches are not counted.
import type { AgentCall, AgentCallHealth, CallCounts } from '../../../shared/agent-call-types.js';
import type { TFunction } from 'i18next';
import { englishText, translator } from '../../../shared/i18n.js';
import { causeText, healthAdvice, mainCause } from '../../../shared/memory-call-diagnosis.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const MCP_ADVICE = 'agents:diagnosisFix.registerMcp';

function counts(calls: readonly AgentCall[]): CallCounts {
  return { calls: calls.length, withResults: calls.filter((c) => c.outcome.kind === 'results').length };
}

export function summarizeHealth(all: readonly AgentCall[], now: number): AgentCallHealth {
  const agents = all.filter((c) => c.source !== 'person');
  const within = (days: number) => agents.filter((c) => now - Date.parse(c.time) <= days * DAY_MS);
  const cause = mainCause(agents.filter((c) => c.outcome.kind !== 'results').map((c) => c.diagnosis));
  const mcpUsed = agents.some((c) => c.source === 'mcp');
  const advice: string[] = [];
  const adviceIds: string[] = [];
  const fixed = cause ? agents.find((c) => c.diagnosis?.code === cause.code && c.diagnosis.fix)?.diagnosis : undefined;
  if (fixed?.fix) {
    advice.push(fixed.fix);
    if (fixed.fixId) adviceIds.push(fixed.fixId);
  }
  if (!mcpUsed && agents.some((c) => c.outcome.kind !== 'results')) {
    advice.push(englishText({ messageId: MCP_ADVICE }));
    adviceIds.push(MCP_ADVICE);
  }
  return {
    last7Days: counts(within(7)),
    last30Days: counts(within(30)),
    all: counts(agents),
    mainCause: cause,
    advice,
    // Only when every piece of advice has an id: the UI then words them all in its language.
    ...(adviceIds.length === advice.length ? { adviceIds } : {}),
    mcpUsed,
  };
}

/** "12 calls in the last 30 days, 2 got results" — for `memlens status` and the view's heading. */
export function healthLines(h: AgentCallHealth, t: TFunction = translator('en')): string[] {
  const span = (label: 'last7' | 'last30', c: CallCounts) =>
    t('cli:health.span', { span: t(`agents:health.${label}`), count: c.calls, ok: c.withResults });
  const lines = [t('cli:health.calls', { last7: span('last7', h.last7Days), last30: span('last30', h.last30Days) })];
  if (h.mainCause) lines.push(t('cli:health.cause', { cause: causeText(t, h.mainCause), count: h.mainCause.count }));
  for (const a of healthAdvice(t, h)) lines.push(t('cli:health.toDo', { advice: a }));
  return lines;
}
