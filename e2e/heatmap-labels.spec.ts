// The timeline's month labels never run into each other at 1024 px (issue 34: "Nov 2025Dec"):
// a label that would touch the one before it is left out, measured in the font it is drawn in.
import { expect, test } from '@playwright/test';
import { buildAutomatedWorkspace } from './support/automated-workspace.js';
import { startServe } from './support/serve-fixture.js';
import { openApp } from './support/ui-helpers.js';

test('1024×700: no two heatmap month labels overlap', async ({ page }, testInfo) => {
  const served = await startServe([], { moveFrom: buildAutomatedWorkspace() });
  try {
    await page.setViewportSize({ width: 1024, height: 700 });
    await openApp(page, served.url);
    await page.getByTestId('view-timeline').click();
    const labels = page.getByTestId('heatmap-month');
    await expect(labels.first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('heatmap-1024x700.png') });
    const boxes = await labels.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { text: el.textContent ?? '', left: r.left, right: r.right };
      }),
    );
    expect(boxes.length).toBeGreaterThan(1);
    for (const [i, box] of boxes.slice(1).entries()) {
      expect(box.left, `${boxes[i]!.text} / ${box.text}`).toBeGreaterThanOrEqual(boxes[i]!.right + 2);
    }
  } finally {
    await served.stop();
  }
});
