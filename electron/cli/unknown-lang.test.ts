// An unknown --lang (or MEMLENS_LANG) cannot be worded in itself: it is said in the language the
// environment asks for — MEMLENS_LANG when valid, else LC_ALL / LC_MESSAGES / LANG — else English.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentLocale } from './common-options.js';
import { runCli } from './main.js';
import { captureIo } from './test-support/capture-io.js';

let tmp: string;
beforeAll(() => void (tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-unknown-lang-'))));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stderr: string; stdout: string }> {
  const { io, out, err } = captureIo(tmp, env);
  const code = await runCli(argv, io);
  return { code, stderr: err.join(''), stdout: out.join('') };
}

describe('an unknown language', () => {
  it('is refused in Chinese when the system speaks Chinese (LANG=zh_CN.UTF-8), naming the languages', async () => {
    const zh = await run(['status', '--lang', 'xx'], { LANG: 'zh_CN.UTF-8' });
    expect(zh.code).toBe(2);
    expect(zh.stderr).toBe(
      'memlens status: --lang 只接受 Memory Lens 支持的语言：en, zh-CN（收到 "xx"）\n运行 "memlens help status" 查看用法。\n',
    );
    // An unknown MEMLENS_LANG says which setting was wrong.
    const env = await run(['status'], { LANG: 'zh_CN.UTF-8', MEMLENS_LANG: 'fr' });
    expect(env.stderr.split('\n')[0]).toBe(
      'memlens status: MEMLENS_LANG 只接受 Memory Lens 支持的语言：en, zh-CN（收到 "fr"）',
    );
    // --json keeps the English message and its id.
    const json = JSON.parse((await run(['status', '--lang', 'xx', '--json'], { LANG: 'zh_CN.UTF-8' })).stdout) as {
      error: { message: string; messageId: string };
    };
    expect(json.error).toMatchObject({
      messageId: 'cli:unknownLang',
      message: '--lang expects one of the languages Memory Lens speaks: en, zh-CN (got "xx")',
    });
  });

  it('is refused in English when the system speaks English, C or nothing', async () => {
    for (const env of [{}, { LANG: 'C' }, { LANG: 'en_US.UTF-8' }, { LC_ALL: 'C', LANG: 'zh_CN.UTF-8' }]) {
      const en = await run(['status', '--lang', 'xx'], env);
      expect(en.code).toBe(2);
      expect(en.stderr.split('\n')[0], JSON.stringify(env)).toBe(
        'memlens status: --lang expects one of the languages Memory Lens speaks: en, zh-CN (got "xx")',
      );
    }
  });

  it('reads the environment in order: a valid MEMLENS_LANG, then LC_ALL, LC_MESSAGES, LANG', () => {
    expect(environmentLocale({ MEMLENS_LANG: 'zh-CN', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(environmentLocale({ MEMLENS_LANG: 'xx', LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
    expect(environmentLocale({ LC_ALL: 'en_GB.UTF-8', LC_MESSAGES: 'zh_CN.UTF-8' })).toBe('en');
    expect(environmentLocale({ LC_MESSAGES: 'zh_TW.UTF-8', LANG: 'en_US' })).toBe('zh-CN');
    expect(environmentLocale({ LANG: 'zh_CN.GB18030@pinyin' })).toBe('zh-CN');
    expect(environmentLocale({ LANG: 'POSIX' })).toBe('en');
  });
});
