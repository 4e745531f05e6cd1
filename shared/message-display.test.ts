import { describe, expect, it } from 'vitest';
import { plainTitle, splitSenderLabel } from './message-display.js';

describe('splitSenderLabel', () => {
  it('moves out every sender label formatInboundEnvelope writes', () => {
    expect(splitSenderLabel('用户248287: 还是回复我她是sunny')).toEqual({
      body: '还是回复我她是sunny',
      sender: '用户248287',
    });
    expect(splitSenderLabel('用户248287：你好')).toEqual({ body: '你好', sender: '用户248287' });
    expect(splitSenderLabel('赵婷 (ou_1a2b3c4d): 批次推到 3月12日')).toEqual({
      body: '批次推到 3月12日',
      sender: '赵婷',
    });
    expect(splitSenderLabel('(self): reminder to me')).toEqual({ body: 'reminder to me', sender: '(self)' });
    expect(splitSenderLabel('(sender): hi')).toEqual({ body: 'hi', sender: '(sender)' });
    expect(splitSenderLabel('Alice Smith: deploy done?')).toEqual({ body: 'deploy done?', sender: 'Alice Smith' });
  });

  it('keeps words that only look like a label', () => {
    expect(splitSenderLabel('https://example.com is down')).toEqual({ body: 'https://example.com is down' });
    expect(splitSenderLabel('10: 30 works for me')).toEqual({ body: '10: 30 works for me' });
    expect(splitSenderLabel('no label here')).toEqual({ body: 'no label here' });
    expect(splitSenderLabel('[todo]: x')).toEqual({ body: '[todo]: x' });
  });
});

describe('plainTitle', () => {
  it('takes Markdown syntax off a title line', () => {
    expect(plainTitle('- **IGINARI LIVE vol.300** — 渋谷 WWW')).toBe('IGINARI LIVE vol.300 — 渋谷 WWW');
    expect(plainTitle('## Project *Lighthouse* notes ##')).toBe('Project Lighthouse notes');
    expect(plainTitle('> 1. [x] ship `v2.1` via [the runbook](https://x/run)')).toBe('ship v2.1 via the runbook');
    expect(plainTitle('~~old~~ new <br> plan')).toBe('old new plan');
  });

  it('keeps snake_case, arithmetic and lone marks as written', () => {
    expect(plainTitle('rename user_id to account_id')).toBe('rename user_id to account_id');
    expect(plainTitle('2 * 3 = 6')).toBe('2 * 3 = 6');
  });
});
