// The interface in Simplified Chinese: chosen in Settings, applied without a reload, kept after
// one, and every main view shot in both languages at both window sizes (screenshots of each).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServe } from './support/serve-fixture.js';
import { expectSwitcherOnOneLine, openApp, snap } from './support/ui-helpers.js';

const VIEWS = ['editor', 'timeline', 'history', 'changes', 'context', 'doctor', 'agent', 'secrets', 'settings'];
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

/** Every main view at both sizes, with the file list and the search panel open. */
async function shootEveryView(page: Page, lang: string, outputPath: (name: string) => string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const view of VIEWS) {
      await page.getByTestId(`view-${view}`).click();
      await expect(page.getByTestId('main-view')).toHaveAttribute('data-view', view);
      await snap(page, outputPath(`language-${lang}-${view}-${size.width}.png`));
    }
  }
}

test('简体中文 chosen in Settings applies at once, survives a reload, and English comes back', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const served = await startServe();
  try {
    await page.setViewportSize({ width: 1024, height: 700 });
    await openApp(page, served.url);
    await expectSwitcherOnOneLine(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByTestId('view-editor')).toHaveText('Editor');
    await page.getByTestId('file-item').first().click();
    await shootEveryView(page, 'en', (name) => testInfo.outputPath(name));

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('view-settings').click();
    await page.getByTestId('language-select').selectOption('zh-CN');
    // No reload: the switcher, the header, the file list, Settings and the status bar change in place.
    await expect(page.getByTestId('view-editor')).toHaveText('编辑器');
    await expect(page.getByTestId('view-settings')).toHaveText('设置');
    await expect(page.getByTestId('view-timeline')).toHaveAttribute('title', '带日期的记忆和会话，最新的在前');
    await expect(page.getByTestId('status-files')).toContainText('个文件');
    await expect(page.getByTestId('toggle-search')).toHaveText('搜索');
    await expect(page.getByTestId('file-filter')).toHaveAttribute('placeholder', '筛选文件');
    await expect(page.getByTestId('new-file')).toHaveText('+ 新建');
    await expect(page.getByTestId('file-count')).toContainText('个文件');
    await expect(page.locator('[data-group="evergreen"] .file-group__label')).toHaveText('长期记忆');
    await expect(page.locator('.settings-view__title')).toHaveText('设置');
    await expect(page.getByTestId('settings-section-theme')).toContainText('跟随系统');
    await expect(page.getByTestId('settings-section-judgments')).toContainText('导出评测查询…');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('search-input')).toHaveAttribute('placeholder', '搜索记忆');
    await expect(page.getByTestId('search-as-of-toggle')).toHaveText('截至');
    await expect(page.getByTestId('explain-panel')).toContainText('解释一个文件');
    await page.getByTestId('search-input').fill('router');
    await page.getByTestId('search-input').press('Enter');
    await expect(page.getByTestId('search-summary')).toContainText('“router” 的');
    const card = page.getByTestId('search-result').first();
    await expect(card.getByTestId('breakdown-toggle')).toHaveText('为什么？');
    await expect(card.getByTestId('pin-result')).toHaveText('解释');
    await card.getByTestId('breakdown-toggle').click();
    await expect(card.getByTestId('breakdown-toggle')).toHaveText('隐藏');
    await expect(card.locator('.breakdown dt').last()).toHaveText('最终');
    await card.getByTestId('breakdown-toggle').click();
    await page.getByTestId('view-timeline').click();
    await expect(page.getByTestId('timeline-group-week')).toHaveText('按周');
    await expect(page.getByTestId('timeline-count')).toContainText('条');
    await expect(page.getByTestId('timeline-bucket').first()).toContainText('年');

    await page.reload();
    await expect(page.getByTestId('view-editor')).toHaveText('编辑器');
    await expect(page.getByTestId('status-files')).toContainText('个文件');
    await page.getByTestId('file-item').first().click();
    await shootEveryView(page, 'zh', (name) => testInfo.outputPath(name));
    await expectSwitcherOnOneLine(page);
    // A rename the memory scope refuses (into a hidden folder) says why in Chinese, not in the API's English.
    const item = page.getByTestId('file-item').first();
    await item.hover();
    await item.getByTestId('rename-file').click();
    await page.getByTestId('rename-input').fill('.hidden/notes.md');
    await page.getByTestId('rename-confirm').click();
    await expect(page.getByTestId('rename-dialog').getByRole('alert')).toContainText(
      '只能重命名或删除 Markdown 记忆文件',
    );
    await page.getByTestId('rename-input').press('Escape');

    await page.getByTestId('view-settings').click();
    await page.getByTestId('language-select').selectOption('en');
    await expect(page.getByTestId('view-editor')).toHaveText('Editor');
    await expect(page.getByTestId('status-files')).toContainText('files');
    await expect(page.getByTestId('file-filter')).toHaveAttribute('placeholder', 'Filter files');
    await expect(page.locator('.settings-view__title')).toHaveText('Settings');
  } finally {
    await served.stop();
  }
});

test('in Chinese, the agent view says why a call found nothing and what to change, the context view what each file costs, history who wrote it', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const served = await startServe([], { fixture: 'agent-calls-workspace' });
  // A file OpenClaw 2026.9.6 no longer loads: the report says why.
  fs.writeFileSync(path.join(served.workspace, 'TOOLS.md'), '# Tools\n\n- ssh: ok\n');
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, served.url);
    await page.getByTestId('view-settings').click();
    await page.getByTestId('language-select').selectOption('zh-CN');
    await page.getByTestId('view-agent').click();

    // The health summary's main cause and its advice, in Chinese.
    await expect(page.getByTestId('agent-health-cause')).toContainText(
      '仅关键词搜索：没有哪个分块包含查询的全部词语（OpenClaw 要求全部命中）',
    );
    await expect(page.getByTestId('agent-health-advice')).toContainText('给智能体配置一个嵌入向量提供方');
    await expect(page.getByTestId('agent-health-advice')).not.toContainText('Give the agent');

    // A disabled call and a keyword-only empty one: why, and what to change.
    const call = (query: string) => page.getByTestId('agent-call').filter({ hasText: `“${query}”` });
    await call('Jenny visiting Ali').filter({ hasText: '已停用' }).click();
    const diagnosis = page.getByTestId('agent-call-diagnosis');
    await expect(diagnosis).toContainText('记忆搜索已停用：提供方 openai 没有 API 密钥');
    await expect(diagnosis).toContainText('在 ~/.openclaw/openclaw.json 中把 memory.search.provider 设为');
    await call('日报 格式').click();
    await expect(diagnosis).toContainText('Memory Lens 在 memory/daily-report.md（第');
    await expect(diagnosis).not.toContainText('keyword-only: no chunk');
    await expect(page.getByTestId('agent-call').filter({ hasText: '日报 格式' }).first()).toContainText(
      '仅关键词搜索：没有哪个分块包含全部词语',
    );
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect(diagnosis).toBeVisible();
      await snap(page, testInfo.outputPath(`language-zh-agent-diagnosis-${size.width}.png`));
    }

    // The context view: a file OpenClaw asks for but the workspace lacks, in Chinese.
    await page.getByTestId('view-context').click();
    const missing = page.locator('[data-testid="context-file"][data-status="missing"]').first();
    await expect(missing.getByTestId('context-file-detail')).toContainText('OpenClaw 改为注入一条');
    await expect(missing.getByTestId('context-file-detail')).not.toContainText('injects');
    const memory = page.locator('[data-testid="context-file"][data-name="MEMORY.md"]');
    await expect(memory).toContainText('（单个文件上限）');
    // The report's own sentences: why a file is not loaded, where a limit comes from, what it assumes.
    const tools = page.locator('[data-testid="context-file"][data-name="TOOLS.md"]');
    await expect(tools.getByTestId('context-file-detail')).toHaveText(
      'OpenClaw 2026.9.6 不再把 TOOLS.md 加载进提示词。',
    );
    await expect(page.locator('.context-limit__detail').first()).toContainText('内置默认值');
    await expect(page.locator('.context-view__notes').last()).toContainText(
      '按 OpenClaw 2026.9.6 的主（直接）会话还原',
    );
    await expect(page.getByTestId('main-view')).not.toContainText('built-in default');
    await expect(page.getByTestId('main-view')).not.toContainText('no longer loads');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await snap(page, testInfo.outputPath(`language-zh-context-budget-${size.width}.png`));
    }

    // The editor's budget line for a file this release does not load.
    await page.getByTestId('view-context').click();
    await tools.getByTestId('context-file-open').click();
    await expect(page.getByTestId('budget-headline')).toHaveText(
      'TOOLS.md — OpenClaw 2026.9.6 不再把 TOOLS.md 加载进提示词。',
    );
    await snap(page, testInfo.outputPath('language-zh-budget-not-loaded-1024.png'));

    // The history of a file: who made each version, and how that is known.
    await page.getByTestId('file-item').filter({ hasText: 'MEMORY.md' }).click();
    await page.getByTestId('view-history').click();
    const author = page.getByTestId('author').first();
    await expect(author).toHaveText('应用之外（历史记录开始之前）');
    await expect(author).toHaveAttribute(
      'title',
      '没有任何 Memory Lens 保存、智能体工具调用、梦境条目或 git 提交与这次更改对应',
    );
    await snap(page, testInfo.outputPath('language-zh-history-author-1024.png'));
  } finally {
    await served.stop();
  }
});

test('in Chinese, the file list says why a file was left out of the index, and a language switch rewords it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const served = await startServe();
  try {
    // A PNG saved under a Markdown name: the index skips it (a NUL byte at offset 8), by message id.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    fs.writeFileSync(path.join(served.workspace, 'memory', 'photo.md'), png);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, served.url);
    const badge = page.locator('[data-path="memory/photo.md"]').getByTestId('badge-skipped');
    await expect(badge).toHaveAttribute('title', 'not text (a NUL byte at offset 8); binary files are not indexed');
    await page.getByTestId('view-settings').click();
    await page.getByTestId('language-select').selectOption('zh-CN');
    await expect(badge).toHaveText('已跳过');
    await expect(badge).toHaveAttribute('title', '不是文本（偏移 8 处有 NUL 字节）；二进制文件不编入索引');
    await page.getByTestId('language-select').selectOption('en');
    await expect(badge).toHaveAttribute('title', 'not text (a NUL byte at offset 8); binary files are not indexed');
  } finally {
    await served.stop();
  }
});
