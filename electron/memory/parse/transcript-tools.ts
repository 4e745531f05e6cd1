// The tool calls of a session JSONL, for the transcript viewer: an assistant part
// `{"type":"toolCall","name":…,"arguments":{…}}` (or Anthropic's `tool_use` with `input`), and the
// `toolResult` record that answers it (matched by call id). The index never sees these: what
// people said is what is searched; this only keeps the viewer from hiding that a tool ran.
import type { TranscriptTool } from '../../../shared/transcript-tool-schema.js';

/** Enough to read a command or a query; a 1 MB file listing is not for a collapsed row. */
const MAX_TOOL_TEXT = 4_000;
const MAX_SUMMARY = 80;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The first string argument (a command, a query, a path), else the argument names. */
export function summariseArgs(args: unknown): string {
  if (!isObject(args)) return typeof args === 'string' ? cut(args.replace(/\s+/g, ' '), MAX_SUMMARY) : '';
  const first = Object.values(args).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (first) return cut(first.replace(/\s+/g, ' ').trim(), MAX_SUMMARY);
  return cut(Object.keys(args).join(', '), MAX_SUMMARY);
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.flatMap((p) => (isObject(p) && typeof p.text === 'string' ? [p.text] : [])).join('\n');
}

export function transcriptTools(jsonl: string): TranscriptTool[] {
  const tools: TranscriptTool[] = [];
  const byId = new Map<string, TranscriptTool>();
  const lines = jsonl.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (!raw.startsWith('{')) continue;
    let record: unknown;
    try {
      record = JSON.parse(raw);
    } catch {
      continue;
    }
    if (!isObject(record) || record.type !== 'message' || !isObject(record.message)) continue;
    const message = record.message;
    if (message.role === 'assistant' && Array.isArray(message.content)) {
      for (const part of message.content) {
        if (!isObject(part) || (part.type !== 'toolCall' && part.type !== 'tool_use') || typeof part.name !== 'string')
          continue;
        const args = part.type === 'toolCall' ? part.arguments : part.input;
        const tool: TranscriptTool = {
          line: i + 1,
          name: part.name,
          summary: summariseArgs(args),
          args: cut(JSON.stringify(args ?? {}, null, 2), MAX_TOOL_TEXT),
          result: null,
          resultLine: null,
          isError: false,
        };
        tools.push(tool);
        if (typeof part.id === 'string') byId.set(part.id, tool);
      }
    } else if (message.role === 'toolResult') {
      const id = typeof message.toolCallId === 'string' ? message.toolCallId : null;
      const tool = id ? byId.get(id) : undefined;
      if (!tool) continue;
      tool.result = cut(resultText(message.content), MAX_TOOL_TEXT);
      tool.resultLine = i + 1;
      tool.isError = message.isError === true;
    }
  }
  return tools;
}
