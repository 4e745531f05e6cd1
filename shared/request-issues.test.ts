// A refused call's zod issues in Chinese name their types in Chinese too: zod's own zh-CN locale
// says "期望 string，实际接收 undefined"; English keeps zod's own message, as the API always said.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createI18n, translator } from './i18n.js';
import { carriedIssues } from './request-issues.js';
import { ZOD_ISSUE_LOCALES } from './zod-issue-locales.js';

const Schema = z.strictObject({
  query: z.string(),
  exact: z.boolean(),
  options: z.object({}),
  tags: z.array(z.string()).max(2),
  note: z.string().min(3),
  count: z.number().int().positive(),
  weight: z.number().max(1),
  when: z.date(),
});

const error = Schema.safeParse(
  { exact: 'yes', options: [1], tags: ['a', 'b', 'c'], note: 'x', count: 0, weight: 2, when: null },
  { reportInput: true },
).error!;
const issues = carriedIssues(error);
const window = createI18n('zh-CN', [], { issueLocales: ZOD_ISSUE_LOCALES }).t;
const cli = translator('zh-CN');

describe('zod issues in Chinese', () => {
  it('names the expected and received types, and what a size counts, in Chinese', () => {
    const text = window('errors:request.invalid', { method: 'search', issues });
    expect(text.split('；')).toEqual([
      'search 的参数不符合要求：query：无效输入：应为字符串，收到的是空缺的值',
      'exact：无效输入：应为布尔值，收到的是字符串',
      'options：无效输入：应为对象，收到的是数组',
      'tags：数组太长：最多 2 项',
      'note：字符串太短：至少 3 个字符',
    ]);
    // Not one type name of zod's left in English (the window's words and the CLI's alike).
    const words = /\b(?:undefined|string|number|object|array|boolean|null|date|int)\b/;
    expect(text).not.toMatch(words);
    expect(cli('errors:request.invalid', { method: 'search', issues })).toBe(text);
  });

  it('words numbers, exclusive bounds and a null received', () => {
    const rest = carriedIssues(
      Schema.pick({ count: true, weight: true, when: true }).safeParse(
        { count: 0, weight: 2, when: null },
        { reportInput: true },
      ).error!,
    );
    expect(window('errors:request.invalid', { method: 'x', issues: rest })).toBe(
      'x 的参数不符合要求：count：数字太小：应大于 0；weight：数字太大：应不大于 1；when：无效输入：应为日期，收到的是空值',
    );
  });

  it('keeps zod’s own English message in English', () => {
    const text = translator('en')('errors:request.invalid', { method: 'search', issues });
    expect(text).toContain('query: Invalid input: expected string, received undefined');
    expect(text).toContain(`tags: ${error.issues.find((i) => i.path[0] === 'tags')!.message}`);
  });
});
