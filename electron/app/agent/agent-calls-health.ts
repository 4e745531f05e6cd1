// The health line above the agent's calls: how many it made lately, how many got anything, the
// main reason the others did not, and what to change. People's own searches are not counted.
import type { AgentCall, AgentCallHealth, CallCounts } from '../../../shared/agent-call-types.js';
import { mainCause } from '../../../shared/memory-call-diagnosis.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const MCP_ADVICE =
  'Register memlens mcp with the agent (openclaw mcp set memory-lens \'{"command":"memlens","args":["mcp"]}\') so it can search with Memory Lens.';

function counts(calls: readonly AgentCall[]): CallCounts {
  return { calls: calls.length, withResults: calls.filter((c) => c.outcome.kind === 'results').length };
}

export function summarizeHealth(all: readonly AgentCall[], now: number): AgentCallHealth {
  const agents = all.filter((c) => c.source !== 'person');
  const within = (days: number) => agents.filter((c) => now - Date.parse(c.time) <= days * DAY_MS);
  const cause = mainCause(agents.filter((c) => c.outcome.kind !== 'results').map((c) => c.diagnosis));
  const mcpUsed = agents.some((c) => c.source === 'mcp');
  const advice: string[] = [];
  const fix = cause
    ? agents.find((c) => c.diagnosis?.code === cause.code && c.diagnosis.fix)?.diagnosis?.fix
    : undefined;
  if (fix) advice.push(fix);
  if (!mcpUsed && agents.some((c) => c.outcome.kind !== 'results')) advice.push(MCP_ADVICE);
  return {
    last7Days: counts(within(7)),
    last30Days: counts(within(30)),
    all: counts(agents),
    mainCause: cause,
    advice,
    mcpUsed,
  };
}

/** "12 calls in the last 30 days, 2 got results" — for `memlens status` and the view's heading. */
export function healthLines(h: AgentCallHealth): string[] {
  const span = (label: string, c: CallCounts) => `${c.calls} in the ${label}, ${c.withResults} got results`;
  const lines = [`agent memory calls: ${span('last 7 days', h.last7Days)}; ${span('last 30 days', h.last30Days)}`];
  if (h.mainCause)
    lines.push(`main cause: ${h.mainCause.text} (${h.mainCause.count} call${h.mainCause.count === 1 ? '' : 's'})`);
  for (const a of h.advice) lines.push(`to do: ${a}`);
  return lines;
}
