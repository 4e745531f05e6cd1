// A search result's score breakdown in Simplified Chinese: its sentences (what matched, each term,
// the chunk's length, how BM25 became the score, the date boost) follow the interface's language,
// and switching back to English brings the English wording back, without a reload.
import { expect, test, type Locator } from '@playwright/test';
import { startServe } from './support/serve-fixture.js';
import { openApp, snap } from './support/ui-helpers.js';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

/** Words of four letters or more left in the breakdown's sentences once quoted words (the user's) are taken out. */
async function englishWords(sentences: Locator): Promise<string[]> {
  const texts = await sentences.allInnerTexts();
  return texts.flatMap(
    (text) =>
      text
        .replace(/“[^”]*”/g, '')
        .replace(/\b(BM25|token)\b/g, '')
        .match(/[A-Za-z]{4,}/g) ?? [],
  );
}

test("a result's breakdown speaks Chinese when the interface does", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const served = await startServe();
  try {
    await page.setViewportSize(SIZES[0]!);
    await openApp(page, served.url);
    await page.getByTestId('view-settings').click();
    await page.getByTestId('language-select').selectOption('zh-CN');
    await expect(page.getByTestId('view-settings')).toHaveText('设置');

    await page.getByTestId('search-input').fill('2026年11月5日 网关');
    await page.getByTestId('search-input').press('Enter');
    const card = page.getByTestId('search-result').first();
    // Why vector search is off reads in Chinese too, not only the breakdown.
    await expect(page.getByTestId('notice-keyword-only')).toContainText(/仅关键词：模型 \S+ 未安装，且下载已关闭。/);
    // The card's source badge too: 记忆 for a memory file (OpenClaw's own name stays in data-source).
    const badge = card.getByTestId('source-badge');
    await expect(badge).toHaveAttribute('data-source', 'memory');
    await expect(badge).toHaveText('记忆');
    await card.getByTestId('breakdown-toggle').click();
    const breakdown = card.getByTestId('bd-breakdown');
    await expect(breakdown.getByTestId('bd-matched-summary')).toContainText(/^匹配了 \d+ 个词中的 \d+ 个/);
    await expect(breakdown.getByTestId('bd-term').first()).toContainText(
      /在此出现 \d+ 次；\d+ 个分块中有 \d+ 个含有它——/,
    );
    await expect(breakdown.locator('.breakdown__sub').filter({ hasText: '关键词得分' })).toHaveCount(1);
    await expect(breakdown.getByTestId('bd-dates-words')).toContainText(
      '查询提到了 2026年11月5日（“2026年11月5日”）；',
    );
    const sentences = breakdown.locator(
      '[data-testid="bd-matched-summary"], [data-testid="bd-term"], [data-testid="bd-dates-words"], .breakdown__sub',
    );
    expect(await englishWords(sentences)).toEqual([]);
    await page.getByTestId('view-editor').click();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await breakdown.getByTestId('bd-matched-summary').scrollIntoViewIfNeeded();
      await snap(page, testInfo.outputPath(`breakdown-zh-terms-${size.width}.png`));
      await breakdown.getByTestId('bd-dates').scrollIntoViewIfNeeded();
      await snap(page, testInfo.outputPath(`breakdown-zh-rows-${size.width}.png`));
    }

    // Back to English in place: the same breakdown, in its English words.
    await page.getByTestId('view-settings').click();
    await page.getByTestId('language-select').selectOption('en');
    await expect(breakdown.getByTestId('bd-matched-summary')).toContainText(/^Matched \d+ of \d+ terms?/);
    await expect(breakdown.getByTestId('bd-dates-words')).toContainText('The query mentions 5 Nov 2026');
    await expect(page.getByTestId('notice-keyword-only')).toContainText(/Keyword-only: model \S+ is not installed/);
  } finally {
    await served.stop();
  }
});
