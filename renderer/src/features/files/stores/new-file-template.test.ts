import { describe, expect, it } from 'vitest';
import { newMemoryFile, slugify, validateRenameTarget } from './new-file-template';
import { rankQuickOpen } from './quick-open-match';

describe('new memory files', () => {
  const day = new Date(2026, 4, 4);

  it('writes dated notes as memory/YYYY-MM-DD-<slug>.md with frontmatter', () => {
    const f = newMemoryFile('dated', 'API Design: v2!', day);
    expect(f.path).toBe('memory/2026-05-04-api-design-v2.md');
    expect(f.text).toBe(
      '---\ncreated: 2026-05-04\nupdated: 2026-05-04\ntype: note\ntags: []\n---\n\n# API Design: v2!\n\n',
    );
  });

  it('writes topic files as memory/<slug>.md and keeps CJK titles readable', () => {
    expect(newMemoryFile('topic', '合同 金额', day).path).toBe('memory/合同-金额.md');
    expect(slugify('  --  ')).toBe('');
    expect(newMemoryFile('dated', '', day).path).toBe('memory/2026-05-04-note.md');
  });

  it('refuses rename targets outside the workspace or not Markdown', () => {
    expect(validateRenameTarget('memory/x.md')).toBeNull();
    expect(validateRenameTarget('../x.md')).not.toBeNull();
    expect(validateRenameTarget('/etc/x.md')).not.toBeNull();
    expect(validateRenameTarget('memory/x.txt')).not.toBeNull();
    expect(validateRenameTarget('memory//x.md')).not.toBeNull();
  });
});

describe('quick open', () => {
  const paths = ['MEMORY.md', 'memory/2026-03-28-api-design.md', 'memory/projects.md', 'USER.md'];
  it('matches characters in order and prefers file-name matches', () => {
    expect(rankQuickOpen(paths, 'api')[0]).toBe('memory/2026-03-28-api-design.md');
    expect(rankQuickOpen(paths, 'user')).toEqual(['USER.md']);
    expect(rankQuickOpen(paths, 'zzz')).toEqual([]);
    expect(rankQuickOpen(paths, '')).toHaveLength(4);
  });
});
