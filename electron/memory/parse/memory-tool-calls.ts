// The agent's memory tool calls in a transcript, and what each got back, as the agent saw it.
// Works on records (one parsed JSON object each, with its JSONL line or database seq), so a JSONL
// file and OpenClaw's `transcript_events.event_json` rows go through the same code. Pure.
//
// A call is an assistant part {type:"toolCall", id, name, arguments}; its answer is the later
// {role:"toolResult", toolCallId, toolName, content:[{type:"text", text: JSON}], details, isError}
// (OpenClaw 2026.9's jsonResult puts the payload in both `details` and the text).
import type { CallHit, CallNextStep, CallOutcome } from '../../../shared/agent-call-types.js';

/**
 * OpenClaw 2026.9.6's memory tools: memory-core's memory_search / memory_get (tools `group:memory`),
 * the memory-wiki supplement's wiki_search / wiki_get, and the LanceDB memory plugin's
 * memory_recall / memory_store / memory_forget (active memory's recall tool lists).
 */
export const MEMORY_TOOL_NAMES = [
  'memory_search',
  'memory_get',
  'memory_recall',
  'memory_store',
  'memory_forget',
  'wiki_search',
  'wiki_get',
] as const;
const MEMORY_TOOLS = new Set<string>(MEMORY_TOOL_NAMES);

/** OpenClaw names an MCP server's tools `<server>__<tool>` (Memory Lens: `memory-lens__memory_search`). */
export function baseToolName(name: string): string {
  const cut = name.lastIndexOf('__');
  return cut >= 0 ? name.slice(cut + 2) : name;
}
/** The agent's tools that search memory (their calls carry a query); the app's call list counts the same ones. */
export const SEARCH_TOOLS: ReadonlySet<string> = new Set(['memory_search', 'memory_recall', 'wiki_search']);
const READ_TOOLS = new Set(['memory_get', 'wiki_get']);

/** One transcript record: the parsed JSON object and where it sits. */
export interface TranscriptRecord {
  record: unknown;
  /** 1-based JSONL line, or the database row's seq. */
  line: number;
}

export interface ExtractedMemoryCall {
  tool: string;
  toolCallId: string | null;
  /** Line of the assistant record holding the call. */
  line: number;
  /** Line of its toolResult, null when the transcript has none. */
  resultLine: number | null;
  /** Epoch ms of the call (the record's timestamp), null when it has none. */
  at: number | null;
  arguments: Record<string, unknown>;
  query: string | null;
  outcome: CallOutcome;
  next: CallNextStep;
}

/** What happened after a call, in transcript order (kept small: only what "next" needs). */
type Step =
  | { kind: 'call'; line: number; tool: string; args: Record<string, unknown> }
  | { kind: 'text'; line: number }
  | { kind: 'user'; line: number }
  | { kind: 'result'; line: number; toolCallId: string | null };

export function extractMemoryCalls(records: Iterable<TranscriptRecord>): ExtractedMemoryCall[] {
  const calls: ExtractedMemoryCall[] = [];
  const pending = new Map<string, ExtractedMemoryCall>();
  const steps: Step[] = [];
  const stepOfResult = new Map<ExtractedMemoryCall, number>();
  for (const { record, line } of records) {
    const message = messageOf(record);
    if (!message) continue;
    if (message.role === 'user') {
      steps.push({ kind: 'user', line });
      continue;
    }
    if (message.role === 'assistant') {
      let hasText = false;
      for (const part of Array.isArray(message.content) ? message.content : []) {
        if (!isObject(part)) continue;
        if (part.type === 'text' && typeof part.text === 'string' && part.text.trim() !== '') hasText = true;
        const call = toolCallOf(part);
        if (!call) continue;
        steps.push({ kind: 'call', line, tool: baseToolName(call.name), args: call.args });
        if (!MEMORY_TOOLS.has(baseToolName(call.name))) continue;
        const extracted: ExtractedMemoryCall = {
          tool: call.name,
          toolCallId: call.id,
          line,
          resultLine: null,
          at: timestampOf(record, message),
          arguments: call.args,
          query: typeof call.args.query === 'string' ? call.args.query : null,
          outcome: { kind: 'no-result', count: 0, reason: null, mode: null, provider: null, action: null, hits: [] },
          next: { kind: 'nothing', line: null },
        };
        calls.push(extracted);
        if (call.id) pending.set(call.id, extracted);
      }
      if (typeof message.content === 'string' && message.content.trim() !== '') hasText = true;
      if (hasText) steps.push({ kind: 'text', line });
      continue;
    }
    if (message.role === 'toolResult') {
      const id = typeof message.toolCallId === 'string' ? message.toolCallId : null;
      steps.push({ kind: 'result', line, toolCallId: id });
      const call = id ? pending.get(id) : undefined;
      if (!call) continue;
      pending.delete(id!);
      call.resultLine = line;
      call.outcome = outcomeOf(baseToolName(call.tool), message);
      stepOfResult.set(call, steps.length - 1);
    }
  }
  for (const call of calls) {
    const from = stepOfResult.get(call);
    if (from !== undefined) call.next = nextStepAfter(call, steps, from + 1);
  }
  return calls;
}

/** The first thing the agent did after reading the result: read a file, search again, or answer. */
function nextStepAfter(call: ExtractedMemoryCall, steps: readonly Step[], start: number): CallNextStep {
  const returned = new Set(call.outcome.hits.map((h) => h.path));
  for (let i = start; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.kind === 'user') return { kind: 'nothing', line: null };
    if (step.kind === 'result') continue;
    if (step.kind === 'text') {
      return { kind: call.outcome.kind === 'results' ? 'answered' : 'answered-without-memory', line: step.line };
    }
    if (READ_TOOLS.has(step.tool) && typeof step.args.path === 'string') {
      return {
        kind: returned.has(step.args.path) ? 'read-result' : 'read-other',
        line: step.line,
        path: step.args.path,
      };
    }
    if (SEARCH_TOOLS.has(step.tool)) {
      return {
        kind: 'searched-again',
        line: step.line,
        ...(typeof step.args.query === 'string' ? { query: step.args.query } : {}),
      };
    }
  }
  return { kind: 'nothing', line: null };
}

type Message = Record<string, unknown> & { role?: unknown; content?: unknown };

function messageOf(record: unknown): Message | null {
  if (!isObject(record)) return null;
  if (record.type === 'message' && isObject(record.message)) return record.message as Message;
  // A bare message (some exports write the message itself as the record).
  if (typeof record.role === 'string' && record.type === undefined) return record as Message;
  return null;
}

function toolCallOf(
  part: Record<string, unknown>,
): { id: string | null; name: string; args: Record<string, unknown> } | null {
  if (part.type !== 'toolCall' && part.type !== 'tool_use' && part.type !== 'toolUse') return null;
  if (typeof part.name !== 'string') return null;
  let args: unknown = part.arguments ?? part.input ?? {};
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      args = { raw: args };
    }
  }
  return { id: typeof part.id === 'string' ? part.id : null, name: part.name, args: isObject(args) ? args : {} };
}

function timestampOf(record: unknown, message: Message): number | null {
  const iso = isObject(record) && typeof record.timestamp === 'string' ? Date.parse(record.timestamp) : Number.NaN;
  if (Number.isFinite(iso)) return iso;
  return typeof message.timestamp === 'number' && Number.isFinite(message.timestamp) ? message.timestamp : null;
}

/** The result payload: `details` when OpenClaw kept it, else the JSON in the text parts. */
function payloadOf(message: Message): { payload: Record<string, unknown> | null; text: string } {
  const parts = Array.isArray(message.content) ? message.content : [];
  const text =
    typeof message.content === 'string'
      ? message.content
      : parts
          .filter(
            (p): p is { type: 'text'; text: string } => isObject(p) && p.type === 'text' && typeof p.text === 'string',
          )
          .map((p) => p.text)
          .join('\n');
  if (isObject(message.details)) return { payload: message.details, text };
  try {
    const parsed: unknown = JSON.parse(text);
    return { payload: isObject(parsed) ? parsed : null, text };
  } catch {
    return { payload: null, text };
  }
}

function outcomeOf(tool: string, message: Message): CallOutcome {
  const { payload, text } = payloadOf(message);
  const base = { reason: null, mode: null, provider: null, action: null, hits: [] as CallHit[], count: 0 };
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  if (payload) {
    Object.assign(base, { mode: str(payload.mode), provider: str(payload.provider), action: str(payload.action) });
    if (
      payload.disabled === true ||
      payload.unavailable === true ||
      payload.status === 'disabled' ||
      payload.status === 'unavailable'
    ) {
      return {
        ...base,
        kind: 'disabled',
        reason: str(payload.error) ?? str(payload.warning) ?? 'memory search unavailable',
      };
    }
  }
  const failed =
    message.isError === true ||
    payload?.status === 'error' ||
    (payload !== null && str(payload.error) !== null && !Array.isArray(payload.results));
  if (failed)
    return {
      ...base,
      kind: 'error',
      reason: (payload && (str(payload.error) ?? str(payload.warning))) ?? (text.trim() || 'the call failed'),
    };
  if (payload && Array.isArray(payload.results ?? payload.memories)) {
    const hits = ((payload.results ?? payload.memories) as unknown[]).filter(isObject).map(toHit);
    return { ...base, kind: hits.length > 0 ? 'results' : 'empty', count: hits.length, hits };
  }
  if (payload?.status === 'not_found') return { ...base, kind: 'not-found', reason: str(payload.error) };
  if (payload && typeof payload.text === 'string') {
    const body = payload.text;
    const lines = typeof payload.lines === 'number' ? payload.lines : body === '' ? 0 : body.split('\n').length;
    if (lines === 0) return { ...base, kind: 'empty' };
    const from = typeof payload.from === 'number' ? payload.from : 1;
    const path = str(payload.path) ?? '';
    return {
      ...base,
      kind: 'results',
      count: lines,
      hits: [{ path, startLine: from, endLine: from + lines - 1, score: null }],
    };
  }
  // memory_recall's plain text ("Found 3 memories: …"), memory_store's confirmation, …
  if (/^No (relevant )?memories found/i.test(text.trim())) return { ...base, kind: 'empty' };
  const found = /^Found (\d+) memor/i.exec(text.trim());
  if (found) return { ...base, kind: Number(found[1]) > 0 ? 'results' : 'empty', count: Number(found[1]) };
  if (tool === 'memory_search' && text.trim() === '') return { ...base, kind: 'empty' };
  return { ...base, kind: text.trim() === '' ? 'empty' : 'results', count: text.trim() === '' ? 0 : 1 };
}

function toHit(r: Record<string, unknown>): CallHit {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const hit: CallHit = {
    path: typeof r.path === 'string' ? r.path : typeof r.id === 'string' ? r.id : '',
    startLine: num(r.startLine),
    endLine: num(r.endLine),
    score: num(r.score),
  };
  if (typeof r.snippet === 'string') hit.snippet = r.snippet;
  else if (typeof r.text === 'string') hit.snippet = r.text;
  const source = typeof r.source === 'string' ? r.source : typeof r.corpus === 'string' ? r.corpus : null;
  if (source) hit.source = source;
  return hit;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSONL transcript as records; lines that are not JSON objects are counted, never fatal. */
export function jsonlRecords(text: string, firstLine = 1): { records: TranscriptRecord[]; malformed: number } {
  const records: TranscriptRecord[] = [];
  let malformed = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '') continue;
    try {
      const record: unknown = JSON.parse(raw);
      if (isObject(record)) records.push({ record, line: firstLine + i });
      else malformed += 1;
    } catch {
      malformed += 1;
    }
  }
  return { records, malformed };
}
