import { describe, expect, it } from 'vitest';
import { sessionTitle } from './session-title.js';

describe('sessionTitle', () => {
  const msg = (role: 'user' | 'assistant', text: string) => ({ line: 1, role, text, timestamp: null });

  it('is the first line of the first user message', () => {
    expect(
      sessionTitle([
        msg('assistant', 'Hello!'),
        msg('user', '\nPlan the   trip to Chengdu\nwith the family'),
        msg('user', 'later'),
      ]),
    ).toBe('Plan the trip to Chengdu');
  });

  it('cuts a long message at a word, with an ellipsis', () => {
    const title = sessionTitle([msg('user', 'word '.repeat(40))])!;
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title.endsWith('word…')).toBe(true);
  });

  it('falls back to the first message, and to null for an empty session', () => {
    expect(sessionTitle([msg('assistant', 'Only me')])).toBe('Only me');
    expect(sessionTitle([])).toBeNull();
  });

  it('leaves out OpenClaw envelope metadata: System lines, channel prefixes, metadata blocks, message ids', () => {
    expect(
      sessionTitle([msg('user', 'System: [2026-11-26 09:15:50 GMT+8] Feishu[default] DM | MP go/no-go 是哪天？')]),
    ).toBe('MP go/no-go 是哪天？');
    const wrapped = [
      'Conversation info (untrusted metadata):',
      '```json',
      '{ "timestamp": "Fri 2026-06-12 09:05 GMT+8" }',
      '```',
      '',
      '[Feishu ou_abc123 Fri 2026-06-12 09:05 GMT+8] [message_id: om_42]',
      'what did we decide about the deploy?',
    ].join('\n');
    expect(sessionTitle([msg('user', wrapped)])).toBe('what did we decide about the deploy?');
    expect(sessionTitle([msg('user', 'Feishu[default] DM from ou_abc: hello there')])).toBe('hello there');
  });

  it('reads a Markdown first line and a sender label as a person would', () => {
    expect(sessionTitle([msg('user', '- **IGINARI LIVE vol.300** — 渋谷 WWW, 18:00')])).toBe(
      'IGINARI LIVE vol.300 — 渋谷 WWW, 18:00',
    );
    expect(
      sessionTitle([msg('user', 'System: [2026-11-05 10:00:12 GMT+8] Feishu[default] DM | 用户248287: 她是sunny')]),
    ).toBe('她是sunny');
  });
});
