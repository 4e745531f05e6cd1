// Every typed error the engine can name by id, and the editor's wording around one, reads as
// Chinese in a Chinese interface: no English sentence is left once paths and codes are set aside.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createI18n, englishText } from '../i18n.js';
import { ZOD_ISSUE_LOCALES } from '../zod-issue-locales.js';
import { ALLOWED_PARAMS, ALLOWED_PATHS, type PathUse } from '../memory-scope.js';
import { carriedIssues } from '../request-issues.js';
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

/** zod's issues with a search call's arguments, as the dispatcher carries them. */
const ISSUES = carriedIssues(
  z
    .object({ query: z.string().min(1), maxResults: z.number().int() })
    .safeParse({ query: '', maxResults: 'ten' }, { reportInput: true }).error!,
);

/** Parameters that name another message (nested with `$t(…)`): a key each language has. */
const NAMED: Record<string, string> = {
  what: 'history',
  action: 'rename',
  rule: 'write',
  kind: 'not-memory',
  issues: ISSUES,
};

/** A value for each placeholder: paths and numbers, which stay as they are in every language. */
function paramsFor(id: string): Record<string, string | number> {
  const text = englishTemplate(id);
  const names = [...text.matchAll(/\{\{(\w+)/g)].map((m) => m[1]!);
  // A nested sentence of which paths a use allows takes its own parameters, as memory-path.ts passes them.
  const nested = text.includes('$t(errors:scope.allowed.') ? ALLOWED_PARAMS : {};
  return Object.fromEntries([
    ...Object.entries(nested),
    ...names.map((name) => [
      name,
      id === 'errors:endpointKey.cannotKeep' && name === 'reason'
        ? 'noKeyring'
        : (NAMED[name] ??
          (/^(depth|max|bytes|id|line|count|size|offset|share|invalid|kb)$/.test(name) ? 7 : 'memory/2026-02-05.md')),
    ]),
  ]);
}

/** The English resource text of `ns:key.path`, placeholders unfilled. */
function englishTemplate(id: string): string {
  const [ns, key] = id.split(':') as [string, string];
  let node: string | Tree = en[ns]!;
  for (const part of key.split('.')) node = (node as Tree)[part]!;
  return node as string;
}

describe('typed errors in Chinese', () => {
  // The window's instance: it words zod's issues too (the CLI's translator leaves them to zod's English).
  const zh = createI18n('zh-CN', [], { issueLocales: ZOD_ISSUE_LOCALES }).t;

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
    // Raw i18next placeholders never leak: every one is filled and every nested message found.
    expect(english).not.toMatch(/\{\{|\$t\(|errors:/);
    const chinese = zh(id, params);
    expect(chinese).not.toBe(english);
    expect(chinese).not.toMatch(/\{\{|\$t\(|errors:/);
    expect(englishLeft(chinese)).toEqual([]);
  });

  it('names the store a folder that cannot be written was to hold, its English sentence unchanged', () => {
    const params = { what: 'history', folder: '/data/memory-lens', code: 'EACCES' };
    expect(englishText({ messageId: 'errors:writable.notWritable', params })).toBe(
      'The history store cannot be kept: /data/memory-lens is not writable by this user (EACCES). Point --data-dir (or MEMLENS_DATA_DIR) at a writable folder.',
    );
    expect(zh('errors:writable.readOnlyFs', { ...params, what: 'index', code: 'EROFS' })).toBe(
      '无法保存搜索索引：/data/memory-lens 位于只读文件系统上（EROFS）。请用 --data-dir（或 MEMLENS_DATA_DIR）指向一个可写的文件夹。',
    );
  });

  it('words the failed action as a Chinese verb', () => {
    const params = { path: 'memory/a.md' };
    expect(englishText({ messageId: 'errors:fs.permission', params: { ...params, action: 'rename' } })).toBe(
      'Cannot rename memory/a.md: permission denied.',
    );
    expect(zh('errors:fs.permission', { ...params, action: 'rename' })).toBe('无法重命名 memory/a.md：权限不足。');
    expect(zh('errors:fs.diskFull', { ...params, action: 'save' })).toContain('无法保存 memory/a.md');
  });

  it('words a request refused at the API boundary in Chinese, field by field, its English unchanged', () => {
    const params = { method: 'search', issues: ISSUES };
    expect(englishText({ messageId: 'errors:request.invalid', params })).toBe(
      'search: query: Too small: expected string to have >=1 characters; maxResults: Invalid input: expected number, received string',
    );
    const chinese = zh('errors:request.invalid', params);
    expect(chinese).toContain('search 的参数不符合要求：query：');
    expect(chinese).toContain('maxResults：无效输入');
    expect(englishLeft(chinese)).toEqual([]);
  });

  it('says which paths a use allows in the same words as the tool descriptions and help', () => {
    for (const use of ['index', 'read', 'get', 'write', 'edit'] as PathUse[])
      expect(englishText({ messageId: `errors:scope.allowed.${use}`, params: ALLOWED_PARAMS })).toBe(
        ALLOWED_PATHS[use],
      );
    expect(zh('errors:scope.refused', { ...ALLOWED_PARAMS, rule: 'edit', path: '.secret/a.md' })).toBe(
      '只能重命名或删除 Markdown 记忆文件（MEMORY.md, memory.md, USER.md, memory/**/*.md 和分层文件夹）：.secret/a.md',
    );
  });
});
