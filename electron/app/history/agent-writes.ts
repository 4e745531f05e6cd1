// The agent's writes to memory, found in its transcript records: `write` / `edit` tool calls on a
// path, and `exec` / `bash` commands that write to one. A function over records — parsed JSON
// objects with their session, line (or seq) and time — so JSONL lines and the agent database's
// `transcript_events` rows (the same shape) go through the same code.
import { stripEnvelopeMetadata } from '../../memory/parse/openclaw-envelope.js';

export interface TranscriptRecord {
  /** Virtual path of the transcript the record belongs to. */
  session: string;
  /** 1-based JSONL line, or the event's seq in the agent database. */
  line: number;
  /** Epoch ms of the record (its `timestamp`, else `message.timestamp`), null when it has none. */
  time: number | null;
  json: Record<string, unknown>;
}

export interface AgentWrite {
  session: string;
  line: number;
  time: number;
  tool: string;
  /** The workspace-relative path written (resolved by the caller's resolvePath). */
  path: string;
  /** `write`: the whole new content. */
  content?: string;
  /** `edit`: the replacements. */
  edits?: { oldText: string; newText: string }[];
  /** `exec` / `bash`: the command. */
  command?: string;
  /** The user message before the call: the turn that led to it. */
  userLine: number | null;
  userText: string | null;
}

const WRITE_TOOLS = new Set(['write', 'edit', 'apply_patch']);
const EXEC_TOOLS = new Set(['exec', 'bash', 'shell']);
/** A shell command that can change a file: redirection, tee, in-place sed/perl, mv/cp/rm, a heredoc. */
const WRITING_COMMAND = /(>>?|\btee\b|\bsed\s+-i|\bperl\s+-[a-z]*i|\bmv\b|\bcp\b|\brm\b|\btruncate\b|<<)/;
const MD_PATH = /[\w~./-]*[\w-]+\.md\b/gi;
const USER_TEXT_MAX = 600;

export function recordTime(json: Record<string, unknown>): number | null {
  if (typeof json.timestamp === 'string') {
    const t = Date.parse(json.timestamp);
    if (Number.isFinite(t)) return t;
  }
  const message = json.message;
  if (isObject(message) && typeof message.timestamp === 'number' && Number.isFinite(message.timestamp))
    return message.timestamp;
  return null;
}

/**
 * Every memory write in the records, in order. `resolvePath` maps a path as the agent wrote it
 * (absolute, `~/…` or relative to its workspace) to a workspace-relative path, or null.
 */
export function agentWritesIn(
  records: Iterable<TranscriptRecord>,
  resolvePath: (raw: string) => string | null,
): AgentWrite[] {
  const writes: AgentWrite[] = [];
  const lastUser = new Map<string, { line: number; text: string }>();
  for (const record of records) {
    const json = record.json;
    if (json.type !== 'message' || !isObject(json.message)) continue;
    const message = json.message;
    if (message.role === 'user') {
      // The words the user typed, without the channel envelope OpenClaw wraps inbound messages in.
      const text = stripEnvelopeMetadata(textOf(message.content), 'user').trim();
      if (text)
        lastUser.set(record.session, {
          line: record.line,
          text: text.length > USER_TEXT_MAX ? `${text.slice(0, USER_TEXT_MAX - 1)}…` : text,
        });
      continue;
    }
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    const time = record.time ?? recordTime(json);
    if (time === null) continue;
    const user = lastUser.get(record.session) ?? null;
    for (const part of message.content) {
      if (!isObject(part) || part.type !== 'toolCall' || typeof part.name !== 'string' || !isObject(part.arguments))
        continue;
      const args = part.arguments;
      const base = {
        session: record.session,
        line: record.line,
        time,
        tool: part.name,
        userLine: user?.line ?? null,
        userText: user?.text ?? null,
      };
      if (WRITE_TOOLS.has(part.name)) {
        const raw =
          typeof args.path === 'string' ? args.path : typeof args.file_path === 'string' ? args.file_path : null;
        const relPath = raw ? resolvePath(raw) : null;
        if (!relPath) continue;
        writes.push({ ...base, path: relPath, ...contentOf(args) });
      } else if (EXEC_TOOLS.has(part.name) && typeof args.command === 'string' && WRITING_COMMAND.test(args.command)) {
        const seen = new Set<string>();
        for (const match of args.command.matchAll(MD_PATH)) {
          const relPath = resolvePath(match[0]);
          if (!relPath || seen.has(relPath)) continue;
          seen.add(relPath);
          writes.push({ ...base, path: relPath, command: args.command });
        }
      }
    }
  }
  return writes;
}

/**
 * How memory-core's dreaming job shows in a transcript: the cron job ("Memory Dreaming Promotion",
 * tagged `[managed-by=memory-core.short-term-promotion]`) wakes the agent with this system event
 * (OpenClaw 2026.9.6, dist/doctor-*.mjs and dreaming-*.mjs).
 */
const DREAMING_JOB_MARKERS = [
  '__openclaw_memory_core_short_term_promotion_dream__',
  '[managed-by=memory-core.short-term-promotion]',
];

export interface DreamingRun {
  session: string;
  line: number;
  time: number;
}

/** Every record in which the dreaming job ran (its wake-up event), in order. */
export function dreamingRunsIn(records: Iterable<TranscriptRecord>): DreamingRun[] {
  const runs: DreamingRun[] = [];
  for (const record of records) {
    const time = record.time ?? recordTime(record.json);
    if (time === null) continue;
    const raw = JSON.stringify(record.json);
    if (DREAMING_JOB_MARKERS.some((m) => raw.includes(m)))
      runs.push({ session: record.session, line: record.line, time });
  }
  return runs;
}

function contentOf(args: Record<string, unknown>): Pick<AgentWrite, 'content' | 'edits'> {
  if (typeof args.content === 'string') return { content: args.content };
  if (Array.isArray(args.edits)) {
    const edits = args.edits
      .filter(isObject)
      .flatMap((e) =>
        typeof e.oldText === 'string' && typeof e.newText === 'string'
          ? [{ oldText: e.oldText, newText: e.newText }]
          : [],
      );
    if (edits.length > 0) return { edits };
  }
  if (typeof args.oldText === 'string' && typeof args.newText === 'string')
    return { edits: [{ oldText: args.oldText, newText: args.newText }] };
  if (typeof args.old_string === 'string' && typeof args.new_string === 'string')
    return { edits: [{ oldText: args.old_string, newText: args.new_string }] };
  return {};
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content.trim();
  if (!Array.isArray(content)) return '';
  return content
    .filter(isObject)
    .flatMap((p) => (p.type === 'text' && typeof p.text === 'string' ? [p.text] : []))
    .join('\n')
    .trim();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
