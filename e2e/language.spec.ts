// The interface in Simplified Chinese: chosen in Settings, applied without a reload, kept after
// one, and the header and status bar read in it at both window sizes (screenshots of each).
import { expect, test } from '@playwright/test';
import { startServe } from './support/serve-fixture.js';
import { expectSwitcherOnOneLine, openApp, snap } from './support/ui-helpers.js';

test('简体中文 chosen in Settings applies at once, survives a reload, and English comes back', async ({
  page,
}, testInfo) => {
  const served = await startServe();
  try {
    await page.setViewportSize({ width: 1024, height: 700 });
    await openApp(page, served.url);
    await expectSwitcherOnOneLine(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByTestId('view-editor')).toHaveText('Editor');
    await snap(page, testInfo.outputPath('language-en-1440.png'));

    await page.getByTestId('view-settings').click();
    await page.getByTestId('language-select').selectOption('zh-CN');
    // No reload: the switcher, its tooltips and the status bar change in place.
    await expect(page.getByTestId('view-editor')).toHaveText('编辑器');
    await expect(page.getByTestId('view-settings')).toHaveText('设置');
    await expect(page.getByTestId('view-timeline')).toHaveAttribute('title', '带日期的记忆和会话，最新的在前');
    await expect(page.getByTestId('status-files')).toContainText('个文件');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    await page.reload();
    await expect(page.getByTestId('view-editor')).toHaveText('编辑器');
    await expect(page.getByTestId('status-files')).toContainText('个文件');
    await page.getByTestId('view-editor').click();
    await snap(page, testInfo.outputPath('language-zh-1440.png'));
    await page.setViewportSize({ width: 1024, height: 700 });
    await expectSwitcherOnOneLine(page);
    await snap(page, testInfo.outputPath('language-zh-1024.png'));

    await page.getByTestId('view-settings').click();
    await page.getByTestId('language-select').selectOption('en');
    await expect(page.getByTestId('view-editor')).toHaveText('Editor');
    await expect(page.getByTestId('status-files')).toContainText('files');
  } finally {
    await served.stop();
  }
});
