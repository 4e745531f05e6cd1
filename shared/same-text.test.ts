import { describe, expect, it } from 'vitest';
import { sameTextKey, sameTextLine } from './same-text.js';

describe('same text', () => {
  it('reads list markers, emphasis, comments, case, width and spacing as the same words', () => {
    expect(sameTextLine('- **Ship** the  HG-2 build <!-- importance: 8 -->')).toBe('ship the hg-2 build');
    expect(sameTextLine('1. [x] Ｓhip the HG-2 build')).toBe('ship the hg-2 build');
    expect(sameTextKey('…Ship it\n\n- call Priya…')).toBe(sameTextKey('ship it\n* call priya'));
  });

  it('keeps numbers: two notes that differ by a date or an amount are not copies', () => {
    expect(sameTextKey('Transfer of 12,345 on 2026-02-05')).not.toBe(sameTextKey('Transfer of 12,345 on 2026-02-06'));
    expect(sameTextKey('Wise replied: returned')).not.toBe(sameTextKey('No new replies'));
  });
});
