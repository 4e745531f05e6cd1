// The lines `memlens serve`, `watch` and the desktop app print when something in the background
// fails read as Chinese in a Chinese process: no English sentence once paths and codes are set aside.
import { describe, expect, it } from 'vitest';
import { englishText, translator } from '../i18n.js';
import { englishLeft } from '../test-support/english-left.js';
import { logLine, logText } from '../log-line.js';
import { MemoryLensError } from '../errors.js';
import { RESOURCES } from './index.js';

type Tree = { [key: string]: string | Tree };

/** `log:key.path` of every line. */
function ids(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`log:${prefix}${key}`] : ids(value, `${prefix}${key}.`),
  );
}

/** Plural forms by their base key, as callers ask for them (`count` picks the form). */
const bases = (list: string[]): string[] => [...new Set(list.map((id) => id.replace(/_(one|other)$/, '')))];

// The line that carries a failure alone is left out.
const LOG_IDS = bases(ids((RESOURCES.en as unknown as Record<string, Tree>).log!)).filter(
  (id) => id !== 'log:background',
);
const zh = translator('zh-CN');

/** Node's own error for a folder that cannot be written, as fs throws it. */
function systemError(): Error {
  return Object.assign(new Error("EACCES: permission denied, open '/data/memory-lens/history.sqlite'"), {
    code: 'EACCES',
  });
}

describe('log lines in Chinese', () => {
  it('covers the background failures of history, agent activity, doctor, startup, secrets, keys and the engine host', () => {
    expect(LOG_IDS.length).toBeGreaterThanOrEqual(18);
    for (const id of ['log:startupFallback', 'log:history.notKept', 'log:activity.logSearch', 'log:doctor.failed'])
      expect(LOG_IDS).toContain(id);
  });

  it.each(LOG_IDS)('%s has no English left in zh-CN, its failure worded in Chinese', (id) => {
    const params = { path: 'memory/a.md', name: 'a.md', dir: '/n', session: 's1', text: '没有这个记忆文件' };
    const damaged = {
      what: 'history',
      aside: 'history.sqlite.damaged-1',
      count: 2,
      lost: 1,
      detail: 'Page 3',
      code: 'SQLITE_CORRUPT',
    };
    const reason = JSON.stringify({ messageId: 'log:damaged.reason.corrupt', params: { code: 'SQLITE_CORRUPT' } });
    const ipc = { channel: 'memlens:call:search', url: '"x"', origin: 'https://e.example', expected: 'app://memlens' };
    const line = logLine(id, systemError(), { ...params, ...damaged, ...ipc, reason, bytes: 9, limit: 8, id: '7' });
    const english = englishText(line);
    // The MCP server's lines about a call, a damaged store's notice and a refused IPC call carry no failure of their own.
    const failure = !/^log:(mcp\.(toolError|skipped)|damaged|main)/.test(id);
    if (failure) expect(english).toContain('/data/memory-lens/history.sqlite');
    const chinese = logText(zh, line);
    expect(chinese).not.toMatch(/\{\{|log:/);
    expect(chinese).not.toBe(english);
    if (failure) expect(chinese).toContain('/data/memory-lens/history.sqlite');
    expect(englishLeft(chinese)).toEqual([]);
  });

  it('words a typed failure by its message id, its English message kept for the English line', () => {
    const error = new MemoryLensError('NOT_FOUND', { messageId: 'errors:workspaceNotFound', params: { path: '/n' } });
    const line = logLine('log:background', error);
    expect(englishText(line)).toBe(error.message);
    const chinese = logText(zh, line);
    expect(chinese).toContain('/n');
    expect(englishLeft(chinese)).toEqual([]);
  });
});
