// The doctor's "not in the index" finding says why in the reader's language when the index recorded
// the reason by id, and keeps an older index's English reason as it is.
import { describe, expect, it } from 'vitest';
import { indexReasons } from '../../../shared/index-reasons.js';
import { english } from './doctor-text.js';
import { findIndexHealth } from './index-findings.js';
import { chinese } from './test-support/doctor-chinese.js';

describe('index findings', () => {
  const reason = indexReasons.nulByte(8);
  const [byId, old] = findIndexHealth(
    [],
    [
      { path: 'memory/photo.md', kind: 'skipped', reason: { id: reason.messageId!, params: reason.params! } },
      { path: 'memory/old.md', kind: 'failed', reason: 'could not read: EACCES: permission denied' },
    ],
    new Set(),
  );

  it('words an index reason recorded by id in Chinese, its English unchanged', () => {
    expect(byId!.detail).toBe('not text (a NUL byte at offset 8); binary files are not indexed');
    expect(english(byId!.detailMessage)).toBe(byId!.detail);
    expect(chinese(byId!.titleMessage)).toBe('memory/photo.md 不在索引中（已跳过）');
    expect(chinese(byId!.detailMessage)).toBe('不是文本（偏移 8 处有 NUL 字节）；二进制文件不编入索引');
  });

  it('keeps a reason stored before ids in English, in every language', () => {
    expect(chinese(old!.detailMessage)).toBe('could not read: EACCES: permission denied');
  });
});
