import { describe, expect, it } from 'vitest';
import { summariseArgs, transcriptTools } from './transcript-tools.js';

const line = (o: unknown) => JSON.stringify(o);

describe('transcriptTools', () => {
  it("finds OpenClaw's toolCall parts and their toolResult records, by call id and line", () => {
    const jsonl = [
      line({ type: 'session', version: 3, id: 's' }),
      line({ type: 'message', message: { role: 'user', content: [{ type: 'text', text: 'Let me verify' }] } }),
      line({
        type: 'message',
        message: {
          role: 'assistant',
          content: [
            { type: 'text', text: "Let's verify:" },
            { type: 'toolCall', id: 'c1', name: 'exec', arguments: { command: 'ls -la memory/' } },
          ],
        },
      }),
      'not json',
      line({
        type: 'message',
        message: {
          role: 'toolResult',
          toolCallId: 'c1',
          toolName: 'exec',
          content: [{ type: 'text', text: 'total 8' }],
          isError: false,
        },
      }),
      line({
        type: 'message',
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'c2', name: 'memory_search', input: { query: '轻笔记' } }],
        },
      }),
    ].join('\n');
    const tools = transcriptTools(jsonl);
    expect(tools.map((t) => [t.line, t.name, t.summary, t.result, t.resultLine])).toEqual([
      [3, 'exec', 'ls -la memory/', 'total 8', 5],
      [6, 'memory_search', '轻笔记', null, null],
    ]);
    expect(JSON.parse(tools[0]!.args)).toEqual({ command: 'ls -la memory/' });
  });

  it('summarises arguments without a string by their names, cut to one row', () => {
    expect(summariseArgs({ limit: 5, deep: true })).toBe('limit, deep');
    expect(summariseArgs({ text: 'x'.repeat(200) }).length).toBe(80);
  });
});
