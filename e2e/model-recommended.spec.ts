// A new user without a model, in real Chromium against serve mode: Settings offers one recommended
// first download — the small multilingual model — with its size and languages, and one click
// chooses it (downloads stay the user's decision). Pictures at 1440×900 and 1024×700.
import { expect } from '@playwright/test';
import { test } from './support/serve-fixture.js';
import { openApp } from './support/ui-helpers.js';

const E5 = 'Xenova/multilingual-e5-small';

test('Settings: the recommended model says its size and languages, and “Choose it” picks it', async ({
  page,
  served,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, served.url);
  await page.getByTestId('setup-model').click();
  await expect(page.getByTestId('settings-view')).toBeVisible();

  const line = page.getByTestId('model-recommended');
  await expect(line).toHaveAttribute('data-id', E5);
  await expect(line).toContainText(/Chinese and English/);
  await expect(line).toContainText(/≈\d+(\.\d)? MB to download once/);
  const badge = page.getByTestId('model-recommended-badge');
  await expect(badge).toHaveCount(1);
  await expect(
    page.locator(`[data-testid="model-option"][data-id="${E5}"]`).getByTestId('model-recommended-badge'),
  ).toBeVisible();

  // The sample's settings already name e5 (not installed): choose "no model", then the recommendation.
  await page.getByTestId('model-none').check();
  const choose = page.getByTestId('model-recommended-choose');
  // The small window still shows the offer and its button (the steps run once, at 1440×900).
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(line).toBeVisible();
  await expect(choose).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await choose.click();
  await expect(page.locator(`[data-testid="model-option"][data-id="${E5}"] input`)).toBeChecked();
  await expect(page.getByTestId('model-notes')).toContainText('"query: " / "passage: "');
  await expect(choose).toHaveCount(0);
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page
      .getByTestId('model-settings')
      .screenshot({ path: testInfo.outputPath(`model-recommended-${width}.png`) });
  }
});
