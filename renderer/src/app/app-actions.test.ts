// What the window asks before unsaved text goes out of sight, in the interface's language.
import { describe, expect, it } from 'vitest';
import { translator } from '../../../shared/i18n';
import { unsavedWarning } from './app-actions';

describe('unsavedWarning', () => {
  const paths = ['MEMORY.md', 'memory/a.md', 'memory/b.md', 'memory/c.md', 'memory/d.md'];

  it('names up to three files and counts the rest, in English', () => {
    expect(unsavedWarning(paths.slice(0, 1), translator('en'))).toBe(
      '1 file has unsaved changes (MEMORY.md). They are kept as drafts and offered back when you reopen this workspace.',
    );
    expect(unsavedWarning(paths, translator('en'))).toBe(
      '5 files have unsaved changes (MEMORY.md, memory/a.md, memory/b.md and 2 more). They are kept as drafts and offered back when you reopen this workspace.',
    );
  });

  it('says it in Chinese in a Chinese interface', () => {
    expect(unsavedWarning(paths, translator('zh-CN'))).toBe(
      '5 个文件有未保存的修改（MEMORY.md、memory/a.md、memory/b.md 及另外 2 个）。它们已保存为草稿，重新打开这个工作区时会再提供给你。',
    );
  });
});
