import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSessionJsonl } from './session-jsonl.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const example = fs.readFileSync(path.join(here, 'fixtures/openclaw-session.jsonl'), 'utf8');

describe('parseSessionJsonl', () => {
  it('indexes exactly the four conversation lines of the OpenClaw example', () => {
    const parsed = parseSessionJsonl(example);
    expect(parsed.lineMap).toEqual([4, 7, 9, 10]);
    expect(parsed.malformed).toBe(0);
    // The channel envelope is not indexed; the transcript view keeps it.
    expect(parsed.lines[0]).toBe('User: 帮我查一下历年的合同金额，2023 到 2025 年的');
    expect(parsed.messages[0]!.text).toBe(
      'System: [2026-03-30 17:41:10 GMT+8] Feishu[default] DM | 帮我查一下历年的合同金额，2023 到 2025 年的',
    );
    // Newlines inside a message collapse so one output line is one JSONL line.
    expect(parsed.lines[1]).toBe(
      'Assistant: 历年合同金额如下： - 2023年：12,345 万元 - 2024年：15,678 万元 - 2025年：18,234 万元',
    );
    expect(parsed.lines[2]).toBe('User: Also add 2022 — and remember I prefer totals in 万元.');
    expect(parsed.lines[3]).toBe('Assistant: Noted: totals in 万元. 2022: 10,120 万元.');
    expect(parsed.firstTimestamp).toBe('2026-03-30T09:41:02.118Z');
    expect(parsed.messages.map((m) => [m.line, m.role])).toEqual([
      [4, 'user'],
      [7, 'assistant'],
      [9, 'user'],
      [10, 'assistant'],
    ]);
    expect(parsed.messages[0]!.timestamp).toBe('2026-03-30T09:41:15.402Z');
  });

  it('skips and counts malformed lines but not blank ones', () => {
    const text = [
      '{"type":"message","message":{"role":"user","content":"first"}}',
      '{"type":"message","message":{"role":"assistant","content":[{"type":"text","text":"trunc',
      '',
      '   ',
      '42',
      '["not", "an", "object"]',
      'null',
      '{"type":"message","message":{"role":"assistant","content":"second"}}',
    ].join('\n');
    const parsed = parseSessionJsonl(text);
    expect(parsed.malformed).toBe(4);
    expect(parsed.lines).toEqual(['User: first', 'Assistant: second']);
    expect(parsed.lineMap).toEqual([1, 8]);
  });

  it('takes message.timestamp (epoch ms) when the record has no ISO timestamp', () => {
    const parsed = parseSessionJsonl(
      '{"type":"message","message":{"role":"user","content":"hi","timestamp":1774863675402}}\n',
    );
    expect(parsed.messages[0]!.timestamp).toBe('2026-03-30T09:41:15.402Z');
    expect(parsed.firstTimestamp).toBe('2026-03-30T09:41:15.402Z');
  });

  it('skips tool results, thinking, tool calls and empty messages; handles CRLF', () => {
    const text = [
      '{"type":"message","message":{"role":"toolResult","content":[{"type":"text","text":"secret tool output"}]}}',
      '{"type":"message","message":{"role":"assistant","content":[{"type":"thinking","thinking":"hmm"},{"type":"toolCall","name":"x"}]}}',
      '{"type":"message","message":{"role":"user","content":[{"type":"text","text":"a"},{"type":"image"},{"type":"text","text":"b"}]}}',
    ].join('\r\n');
    const parsed = parseSessionJsonl(text);
    expect(parsed.lines).toEqual(['User: a b']);
    expect(parsed.lineMap).toEqual([3]);
    expect(parsed.malformed).toBe(0);
  });

  it('keeps line breaks in the messages the transcript view shows, while the index folds them', () => {
    const text = JSON.stringify({
      type: 'message',
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: '## Plan\r\n\n- first\n- second' },
          { type: 'text', text: 'Done.' },
        ],
      },
    });
    const parsed = parseSessionJsonl(text);
    expect(parsed.messages[0]!.text).toBe('## Plan\n\n- first\n- second\n\nDone.');
    expect(parsed.lines[0]).toBe('Assistant: ## Plan - first - second Done.');
  });
});
