import { describe, expect, it } from 'vitest';
import { sessionAutomation } from './session-kind.js';
import { sessionTitle } from './session-title.js';

const msg = (role: 'user' | 'assistant', text: string) => ({ line: 1, role, text, timestamp: null });
const HEARTBEAT =
  'Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. Do not infer or repeat old tasks from prior chats. If nothing needs attention, reply HEARTBEAT_OK.';

describe('sessionAutomation and the titles of automated sessions', () => {
  it('a cron run is named by its job, not by the UUID that fills the sidebar', () => {
    const run = [
      msg(
        'user',
        '[cron:df444ebe-f415-4c1e-9a0b-3f2d8c7e6a51 Wise Support Email Check] Check the inbox.\nCurrent time: 2026-11-05T08:00:00Z',
      ),
      msg('assistant', 'No new replies.'),
    ];
    expect(sessionAutomation(run)).toEqual({
      kind: 'cron',
      jobId: 'df444ebe-f415-4c1e-9a0b-3f2d8c7e6a51',
      jobName: 'Wise Support Email Check',
    });
    expect(sessionTitle(run)).toBe('Wise Support Email Check');
    expect(sessionTitle([msg('user', '[cron:df444ebe-f415 ] Run it')])).toBe('Cron job df444ebe');
  });

  it('a session of heartbeat turns only is a heartbeat; one real message makes it a conversation titled by that message', () => {
    expect(
      sessionAutomation([msg('user', HEARTBEAT), msg('assistant', 'HEARTBEAT_OK'), msg('user', HEARTBEAT)]).kind,
    ).toBe('heartbeat');
    expect(sessionTitle([msg('user', HEARTBEAT)])).toBe('Heartbeat');
    const mixed = [msg('user', HEARTBEAT), msg('assistant', 'HEARTBEAT_OK'), msg('user', '帮我订周五的会议室')];
    expect(sessionAutomation(mixed).kind).toBe('conversation');
    expect(sessionTitle(mixed)).toBe('帮我订周五的会议室');
  });

  it('a sub-agent is recognised by its task context and titled by its task', () => {
    const sub = [msg('user', '[Subagent Context] Summarise the 川讯 DNS incident notes.')];
    expect(sessionAutomation(sub).kind).toBe('subagent');
    expect(sessionTitle(sub)).toBe('Summarise the 川讯 DNS incident notes.');
  });

  it("a Feishu DM is titled by the person's words, not the sender label before them", () => {
    const dm =
      'System: [2026-11-05 10:00:12 GMT+8] Feishu[default] DM | 用户248287 (ou_e40c5df02fc1a9b8c7d6e5f4a3b2c1d0): 还是回复我她是sunny [message_id: om_x100b4c2a9f]';
    expect(sessionTitle([msg('user', dm)])).toBe('还是回复我她是sunny');
    expect(sessionAutomation([msg('user', dm)]).kind).toBe('conversation');
  });
});
