// Every typed error the engine can name by id, and the editor's wording around one, reads as
// Chinese in a Chinese interface: no English sentence is left once paths and codes are set aside.
import { describe, expect, it } from 'vitest';
import { englishText, translator } from '../i18n.js';
import { englishLeft } from '../test-support/english-left.js';
import { RESOURCES } from './index.js';

type Tree = { [key: string]: string | Tree };

/** `ns:key.path` of every string under `tree`. */
function ids(ns: string, tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${ns}:${prefix}${key}`] : ids(ns, value, `${prefix}${key}.`),
  );
}

const en = RESOURCES.en as unknown as Record<string, Tree>;
const ERROR_IDS = [
  ...ids('errors', en.errors!).filter((id) => !id.startsWith('errors:action.')),
  ...ids('editor', (en.editor!.error as Tree) ?? {}, 'error.'),
  ...ids('editor', ((en.editor!.sections as Tree).error as Tree) ?? {}, 'sections.error.'),
];

/** A value for each placeholder: paths and numbers, which stay as they are in every language. */
function paramsFor(id: string): Record<string, string | number> {
  const text = englishText({ messageId: id });
  const names = [...text.matchAll(/\{\{(\w+)/g)].map((m) => m[1]!);
  return Object.fromEntries(
    names.map((name) => [
      name,
      name === 'action' ? 'rename' : /^(depth|max|bytes|id|line)$/.test(name) ? 7 : 'memory/2026-02-05.md',
    ]),
  );
}

describe('typed errors in Chinese', () => {
  const zh = translator('zh-CN');

  it('covers the errors the app meets: save, read-only, disk, paths, history, doctor and secrets', () => {
    expect(ERROR_IDS.length).toBeGreaterThan(50);
    for (const id of [
      'errors:fs.diskFull',
      'errors:readOnly.fileMode',
      'errors:history.deletion',
      'editor:error.saveFailed',
    ])
      expect(ERROR_IDS).toContain(id);
  });

  it.each(ERROR_IDS)('%s has no English left in zh-CN', (id) => {
    const params = paramsFor(id);
    const english = englishText({ messageId: id, params });
    // Raw i18next placeholders never leak: every one is filled in both languages.
    expect(english).not.toMatch(/\{\{|\$t\(/);
    const chinese = zh(id, params);
    expect(chinese).not.toBe(english);
    expect(chinese).not.toMatch(/\{\{|\$t\(/);
    expect(englishLeft(chinese)).toEqual([]);
  });

  it('words the failed action as a Chinese verb', () => {
    const params = { path: 'memory/a.md' };
    expect(englishText({ messageId: 'errors:fs.permission', params: { ...params, action: 'rename' } })).toBe(
      'Cannot rename memory/a.md: permission denied.',
    );
    expect(zh('errors:fs.permission', { ...params, action: 'rename' })).toBe('无法重命名 memory/a.md：权限不足。');
    expect(zh('errors:fs.diskFull', { ...params, action: 'save' })).toContain('无法保存 memory/a.md');
  });
});
