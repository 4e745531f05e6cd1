// The engine's notices and typed errors carry a message id and parameters beside their English
// text: the API and CLI read the English, the UI words the same message in its language.
import { describe, expect, it } from 'vitest';
import { MemoryLensError, toErrorValue } from './errors.js';
import { localText, translator } from './i18n.js';
import { belowMinScoreNotice, relaxedQueryNotice, vectorTimeoutNotice } from './search-notices.js';

describe('engine messages by id', () => {
  const zh = translator('zh-CN');

  it('a notice keeps its English message and reads in Chinese from its id', () => {
    const missing = relaxedQueryNotice({ missing: ['zebra'] });
    expect(missing.message).toBe(
      'No memory contains every query term (“zebra” occurs nowhere); showing the memories that match the most, ranked by BM25.',
    );
    expect(localText(zh, missing)).toBe(
      '没有哪条记忆包含查询的全部词语（“zebra” 哪里都没有出现）；显示匹配最多的记忆，按 BM25 排序。',
    );
    expect(localText(zh, belowMinScoreNotice(0.35, 0.2))).toBe(
      '没有结果达到 minScore 0.35；仍像 OpenClaw 一样显示关键词匹配（最高 0.200）。',
    );
    expect(localText(zh, vectorTimeoutNotice(800))).toContain('在 800 毫秒后超时');
  });

  it('a typed error crosses the boundary with its id and parameters, its message still English', () => {
    const thrown = new MemoryLensError('ALREADY_EXISTS', {
      messageId: 'errors:alreadyExists',
      params: { path: 'memory/a.md' },
    });
    expect(thrown.message).toBe('A file already exists at memory/a.md.');
    // As it arrives over IPC or HTTP: a plain object.
    const value = toErrorValue(JSON.parse(JSON.stringify(thrown.toValue())));
    expect(value).toEqual({
      code: 'ALREADY_EXISTS',
      message: 'A file already exists at memory/a.md.',
      messageId: 'errors:alreadyExists',
      params: { path: 'memory/a.md' },
    });
    expect(localText(zh, value)).toBe('memory/a.md 处已有文件。');
    expect(localText(zh, { message: 'Plain English only.' })).toBe('Plain English only.');
  });
});
