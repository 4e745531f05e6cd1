// Envelope metadata in the formats OpenClaw writes (2026.2.26 and 2026.9.6; see the strip
// functions it uses itself), taken off the indexed text while line citations stay exact.
import { describe, expect, it } from 'vitest';
import { displayedMessage, stripEnvelopeMetadata } from './openclaw-envelope.js';
import { parseSessionJsonl } from './session-jsonl.js';

const user = (text: string): string => stripEnvelopeMetadata(text, 'user');

describe('stripEnvelopeMetadata', () => {
  it('keeps the words after a Feishu-style System line, and drops the line when the message has its own words', () => {
    expect(user('System: [2026-06-12 09:05:09 GMT+8] Feishu[default] DM | 早。今天下午签合同')).toBe(
      '早。今天下午签合同',
    );
    expect(
      user('System: [2026-06-12 09:05:09 GMT+8] Feishu[default] DM from ou_abc123: hello there\n\nhello there'),
    ).toBe('hello there');
    expect(user('System (untrusted): [2026-06-12 09:05:09 GMT+8] Node connected')).toBe('Node connected');
  });

  it('takes off 2.26 untrusted metadata blocks (pretty JSON) with the channel envelope and message id', () => {
    const stored = [
      'System: [2026-06-12 09:05:09 GMT+8] Feishu[default] DM from ou_abc123: hello there',
      '',
      'Conversation info (untrusted metadata):',
      '```json',
      '{',
      '  "timestamp": "Fri 2026-06-12 09:05 GMT+8"',
      '}',
      '```',
      '',
      '[Feishu ou_abc123 Fri 2026-06-12 09:05 GMT+8] [message_id: om_42]',
      'ou_abc123: hello there',
    ].join('\n');
    expect(user(stored)).toBe('ou_abc123: hello there');
  });

  it('takes off 9.6 context blocks (⟦openclaw:ctx⟧, compact JSON), a trailing Context block and internal runtime context', () => {
    const stored = [
      'Conversation info: ⟦openclaw:ctx⟧',
      '```json',
      '{"message_id":"om_1","sender":"Alice"}',
      '```',
      '',
      'Sender: ⟦openclaw:ctx⟧',
      '```json',
      '{"name":"Alice"}',
      '```',
      '',
      'what did we decide about the deploy?',
      '<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>',
      'runtime notes',
      '<<<END_OPENCLAW_INTERNAL_CONTEXT>>>',
      'Context: ⟦openclaw:ctx⟧',
      'recent chat lines that are not this message',
    ].join('\n');
    expect(user(stored)).toBe('what did we decide about the deploy?');
  });

  it('strips a leading channel envelope only when it looks like one (a time or a known channel)', () => {
    expect(
      user('[Feishu Alice id:ou_abc123 +3m Fri 2026-06-12 09:05:09 GMT+8] Alice: hello there\n[message_id: om_42]'),
    ).toBe('Alice: hello there');
    expect(user('[Telegram Team Chat id:oc_g1 Fri 2026-06-12T01:05:09Z] Bob: deploy done?')).toBe('Bob: deploy done?');
    expect(user('[todo] buy milk')).toBe('[todo] buy milk');
  });

  it('keeps the words of cron prompts and drops media notes, reply quotes and silent replies', () => {
    expect(user('[cron:job-7 daily-summary] Summarize today in three bullets')).toBe(
      'Summarize today in three bullets',
    );
    expect(user('[media attached: /tmp/a.png (image/png) | https://x/a.png]\nlook at this chart')).toBe(
      'look at this chart',
    );
    expect(user('[User sent media without caption]')).toBe('');
    expect(stripEnvelopeMetadata('HEARTBEAT_OK', 'assistant')).toBe('');
    expect(stripEnvelopeMetadata('The deploy finished [message_id: om_9] at 10:00.', 'assistant')).toBe(
      'The deploy finished  at 10:00.',
    );
  });
});

describe('session lines without envelopes', () => {
  it('indexes the words only, keeps one line per message, and cites the real JSONL lines', () => {
    const records = [
      { type: 'session', id: 's', timestamp: '2026-06-12T01:00:00Z' },
      {
        type: 'message',
        timestamp: '2026-06-12T01:05:00Z',
        message: {
          role: 'user',
          content: [
            {
              type: 'text',
              text: 'System: [2026-06-12 09:05:09 GMT+8] Feishu[default] DM | 合同今天签了\n[message_id: om_1]',
            },
          ],
        },
      },
      {
        type: 'message',
        timestamp: '2026-06-12T01:05:10Z',
        message: { role: 'user', content: '[User sent media without caption]' },
      },
      { type: 'message', timestamp: '2026-06-12T01:05:20Z', message: { role: 'assistant', content: 'HEARTBEAT_OK' } },
      {
        type: 'message',
        timestamp: '2026-06-12T01:06:00Z',
        message: { role: 'assistant', content: [{ type: 'text', text: '已记录。' }] },
      },
    ];
    const parsed = parseSessionJsonl(records.map((r) => JSON.stringify(r)).join('\n'));
    expect(parsed.lines).toEqual(['User: 合同今天签了', 'Assistant: 已记录。']);
    expect(parsed.lineMap).toEqual([2, 5]);
    // The transcript view still has every message as stored.
    expect(parsed.messages.map((m) => m.line)).toEqual([2, 3, 4, 5]);
    expect(parsed.messages[0]!.text).toContain('[message_id: om_1]');
  });
});

// Texts as OpenClaw 2026.9.6 assembles them: formatInboundEnvelope's `[Channel from +elapsed ts] sender: body`
// (resolveSenderLabel's `name (id)` in groups), buildInboundUserContextPrefix's `Label: ⟦openclaw:ctx⟧`
// JSON blocks before the body, and `[message_id: …]` hint lines.
describe('displayedMessage', () => {
  it('shows a Feishu message by its words, with the sender moved out of the text', () => {
    const stored =
      'System: [2026-11-05 10:00:12 GMT+8] Feishu[default] DM | 用户248287 (ou_e40c5df02fc1a9b8c7d6e5f4a3b2c1d0): 还是回复我她是sunny [message_id: om_x100b4c2a9f]';
    expect(displayedMessage(stored, 'user')).toEqual({ body: '还是回复我她是sunny', sender: '用户248287' });
    const group =
      '[Feishu 产品群 id:oc_9f8e7d +2m Thu 2026-11-05 10:05:40 GMT+8] 赵婷 (ou_1a2b3c4d): 3月5日 的批次推到 3月12日\n[message_id: om_77]';
    expect(displayedMessage(group, 'user')).toEqual({ body: '3月5日 的批次推到 3月12日', sender: '赵婷' });
    const direct = '[Telegram Alice id:12345 +3m Fri 2026-06-12 09:05:09 GMT+8] Alice: hello there\n[message_id: 42]';
    expect(displayedMessage(direct, 'user')).toEqual({ body: 'hello there', sender: 'Alice' });
  });

  it('moves out a bare sender label (no id) after a System line or envelope, and keeps it out of the index', () => {
    const stored = 'System: [2026-11-05 10:00:12 GMT+8] Feishu[default] DM | 用户248287: 还是回复我她是sunny';
    expect(displayedMessage(stored, 'user')).toEqual({ body: '还是回复我她是sunny', sender: '用户248287' });
    const group = '[Telegram Ops id:-100123 +1m Thu 2026-11-05 10:05:40 GMT+8] 248287: rollout paused';
    expect(displayedMessage(group, 'user')).toEqual({ body: 'rollout paused', sender: '248287' });
    const self = '[WebChat 2026-11-05 10:05] (self): note to self';
    expect(displayedMessage(self, 'user')).toEqual({ body: 'note to self', sender: '(self)' });
    const jsonl = JSON.stringify({ type: 'message', message: { role: 'user', content: stored } });
    expect(parseSessionJsonl(jsonl).lines).toEqual(['User: 还是回复我她是sunny']);
  });

  it('drops 9.6 context blocks and keeps a message without an envelope as written', () => {
    const stored = [
      'Conversation info: ⟦openclaw:ctx⟧',
      '```json',
      '{\n  "chat_id": "ou_e40c5df02fc1",\n  "message_id": "om_x100b4c2b01",\n  "sender": { "id": "ou_e40c5df02fc1", "name": "用户248287" }\n}',
      '```',
      '',
      '轻笔记项目定稿了吗？',
    ].join('\n');
    expect(displayedMessage(stored, 'user')).toEqual({ body: '轻笔记项目定稿了吗？' });
    // "Note: …" typed by a person is not a sender label.
    expect(displayedMessage('System: [2026-04-17 21:02:10 GMT+8] WebChat DM | Here is my health log', 'user')).toEqual({
      body: 'Here is my health log',
    });
    expect(displayedMessage('Note: buy milk', 'user')).toEqual({ body: 'Note: buy milk' });
    expect(displayedMessage('Note (draft): buy milk', 'user')).toEqual({ body: 'Note (draft): buy milk' });
    expect(displayedMessage('HEARTBEAT_OK', 'assistant')).toEqual({ body: 'HEARTBEAT_OK' });
  });

  it('gives the transcript each message’s body beside the text as stored', () => {
    const jsonl = [
      JSON.stringify({ type: 'session', id: 's1' }),
      JSON.stringify({
        type: 'message',
        message: {
          role: 'user',
          content: [
            {
              type: 'text',
              text: 'System: [2026-11-05 10:00:12 GMT+8] Feishu[default] DM | 用户248287 (ou_e40c5df02fc1): 她是sunny [message_id: om_1]',
            },
          ],
        },
      }),
      JSON.stringify({ type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: '好的' }] } }),
    ].join('\n');
    const [user, assistant] = parseSessionJsonl(jsonl).messages;
    expect(user).toMatchObject({ line: 2, body: '她是sunny', sender: '用户248287' });
    expect(user!.text).toContain('[message_id: om_1]');
    expect(assistant).not.toHaveProperty('body');
  });
});
