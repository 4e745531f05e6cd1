// The desktop app's main process words its own lines and dialogs in the interface's language:
// Electron cannot start here, so the wording is tested where it is made, with the guard's real refusals.
import { describe, expect, it } from 'vitest';
import { MemoryLensError } from '../../shared/errors.js';
import { logLine } from '../../shared/log-line.js';
import { englishLeft } from '../../shared/test-support/english-left.js';
import { menuLocale } from './app-menu.js';
import { MainWords } from './main-words.js';
import { checkIpcSender, type FrameLike, type SenderRefusal } from './sender-guard.js';

const TRUSTED = new Set([1]);
const frame = (url: string, parent: FrameLike | null = null): FrameLike => ({ url, parent });

/** Every refusal the guard can give, as it gives them. */
function refusals(): SenderRefusal[] {
  const verdicts = [
    checkIpcSender({ sender: { id: 9 }, senderFrame: frame('app://memlens/index.html') }, TRUSTED),
    checkIpcSender({ sender: { id: 1 }, senderFrame: null }, TRUSTED),
    checkIpcSender({ sender: { id: 1 }, senderFrame: { ...frame('app://memlens/'), detached: true } }, TRUSTED),
    checkIpcSender({ sender: { id: 1 }, senderFrame: frame('about:blank', frame('app://memlens/')) }, TRUSTED),
    checkIpcSender({ sender: { id: 1 }, senderFrame: frame('not a url') }, TRUSTED),
    checkIpcSender({ sender: { id: 1 }, senderFrame: frame('https://evil.example/') }, TRUSTED),
  ];
  return verdicts.map((v) => {
    if (v.ok) throw new Error('expected a refusal');
    return v;
  });
}

describe('MainWords', () => {
  it('words the engine host’s log lines and refused IPC calls in Chinese, and in English again once switched', () => {
    const words = new MainWords(menuLocale('system', ['zh-Hans-CN', 'en-US']));
    const failure = Object.assign(new Error("EACCES: permission denied, open '/d/history.sqlite'"), { code: 'EACCES' });
    expect(words.engineLine(logLine('log:history.retention', failure))).toBe(
      '[memlens engine] 历史：清理旧版本失败：/d/history.sqlite：没有访问权限（EACCES）',
    );
    const typed = new MemoryLensError('NOT_FOUND', { messageId: 'errors:workspaceNotFound', params: { path: '/w' } });
    expect(englishLeft(words.engineLine(logLine('log:doctor.failed', typed)))).toEqual([]);
    const lines = refusals().map((r) => words.refused('memlens:call:search', r));
    expect(lines).toEqual([
      '[memlens] 已拒绝 memlens:call:search：webContents 9 不是 Memory Lens 的窗口',
      '[memlens] 已拒绝 memlens:call:search：发出调用的框架已不存在',
      '[memlens] 已拒绝 memlens:call:search：发出调用的框架已分离',
      '[memlens] 已拒绝 memlens:call:search：子框架不能调用 API',
      '[memlens] 已拒绝 memlens:call:search：无法解析框架的网址 "not a url"',
      '[memlens] 已拒绝 memlens:call:search：来源 https://evil.example 不是 app://memlens',
    ]);
    for (const line of lines) expect(englishLeft(line)).toEqual([]);

    words.setLocale('en');
    expect(words.refused('memlens:call:search', refusals()[3]!)).toBe(
      '[memlens] refused memlens:call:search: sub-frames may not call the API',
    );
  });

  it('asks about the model download and names its dialogs in the language', () => {
    const words = new MainWords('zh-CN');
    expect(words.modelDownload('Xenova/bge-small-zh-v1.5')).toMatchObject({
      buttons: ['下载', '只用关键词搜索'],
      defaultId: 0,
      cancelId: 1,
      title: '语义搜索模型',
      message: '要下载用于语义搜索的嵌入模型 Xenova/bge-small-zh-v1.5 吗？',
    });
    expect(englishLeft(words.modelDownload('m').detail!)).toEqual([]);
    expect(words.chooseFolderTitle()).toBe('打开工作区');
    expect(words.engineFailedTitle()).toBe('Memory Lens 无法打开工作区');
    expect(new MainWords(menuLocale('system', ['fr-FR'])).modelDownload('m').buttons).toEqual([
      'Download',
      'Keyword search only',
    ]);
  });
});
