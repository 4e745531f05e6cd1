import { describe, expect, it } from 'vitest';
import { disambiguatePaths, workspaceLabel } from './path-labels';

describe('disambiguatePaths', () => {
  it('gives each same-named file the shortest folder ending no other shares', () => {
    const hints = disambiguatePaths([
      'memory/daily/2026-04-17.md',
      'memory/P0/2026-04-17.md',
      'memory/P1/2026-04-17.md',
      'memory/archive/P1/2026-04-17.md',
      'memory/2026-04-17.md',
      'MEMORY.md',
      'memory/travel.md',
    ]);
    expect(Object.fromEntries(hints)).toEqual({
      'memory/daily/2026-04-17.md': 'daily',
      'memory/P0/2026-04-17.md': 'P0',
      'memory/P1/2026-04-17.md': 'memory/P1',
      'memory/archive/P1/2026-04-17.md': 'archive/P1',
      'memory/2026-04-17.md': 'memory',
    });
  });

  it('tells agents apart for sessions with the same file name, and leaves unique names alone', () => {
    const hints = disambiguatePaths(['sessions/main/a.jsonl', 'sessions/ops/a.jsonl', 'sessions/b.jsonl']);
    expect(Object.fromEntries(hints)).toEqual({ 'sessions/main/a.jsonl': 'main', 'sessions/ops/a.jsonl': 'ops' });
  });
});

describe('workspaceLabel', () => {
  it('keeps the last two folders', () => {
    expect(workspaceLabel('/home/ann/.openclaw/workspace')).toBe('.openclaw/workspace');
    expect(workspaceLabel('C:\\Users\\ann\\notes')).toBe('ann/notes');
  });
});
