// The window's layout in real Chromium: panels resize by drag and keyboard and keep their size,
// collapse and stay collapsed, and small windows (1024×700, 800×600) keep the editor usable — a
// panel that does not fit floats over it instead of squeezing it — and the heatmap shows the
// recent weeks rather than clipping them.
import { expect, type Page } from '@playwright/test';
import { test } from './support/serve-fixture.js';
import { openApp, openFile } from './support/ui-helpers.js';

/** The main view keeps at least this much width (renderer/src/app/panel-fit.ts). */
const MIN_MAIN_PX = 380;

async function widthOf(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not on screen`);
  return box.width;
}

test('panels resize by dragging and with the keyboard, and keep their size after a reload', async ({
  page,
  served,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, served.url);
  const sidebarBefore = await widthOf(page, 'sidebar-panel');
  const handle = (await page.getByTestId('resize-sidebar').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + 200);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 60, handle.y + 200, { steps: 4 });
  await page.mouse.move(handle.x + handle.width / 2 + 120, handle.y + 200, { steps: 4 });
  await page.mouse.up();
  expect(Math.abs((await widthOf(page, 'sidebar-panel')) - (sidebarBefore + 120))).toBeLessThanOrEqual(2);

  const searchBefore = await widthOf(page, 'search-panel-frame');
  await page.getByTestId('resize-search').focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  expect(await widthOf(page, 'search-panel-frame')).toBe(searchBefore + 32);
  await expect(page.getByTestId('resize-search')).toHaveAttribute('aria-valuenow', String(searchBefore + 32));

  await page.reload();
  await expect(page.getByTestId('file-item').first()).toBeVisible();
  expect(Math.abs((await widthOf(page, 'sidebar-panel')) - (sidebarBefore + 120))).toBeLessThanOrEqual(2);
  expect(await widthOf(page, 'search-panel-frame')).toBe(searchBefore + 32);

  // A drag never squeezes the main view below its minimum.
  const again = (await page.getByTestId('resize-sidebar').boundingBox())!;
  await page.mouse.move(again.x + 2, again.y + 200);
  await page.mouse.down();
  await page.mouse.move(again.x + 900, again.y + 200, { steps: 6 });
  await page.mouse.up();
  expect(await widthOf(page, 'main-view')).toBeGreaterThanOrEqual(MIN_MAIN_PX - 1);

  // Double-click restores the default width.
  await page.getByTestId('resize-sidebar').dblclick();
  expect(Math.abs((await widthOf(page, 'sidebar-panel')) - sidebarBefore)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: testInfo.outputPath('resized.png') });
});

test('the file list and the search panel collapse, and stay collapsed after a reload', async ({ page, served }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, served.url);
  const mainBefore = await widthOf(page, 'main-view');
  await page.getByTestId('toggle-sidebar').click();
  await page.getByTestId('toggle-search').click();
  await expect(page.getByTestId('sidebar-panel')).toHaveCount(0);
  await expect(page.getByTestId('search-panel')).toHaveCount(0);
  expect(await widthOf(page, 'main-view')).toBeGreaterThan(mainBefore + 500);
  await page.reload();
  await expect(page.getByTestId('main-view')).toBeVisible();
  await expect(page.getByTestId('sidebar-panel')).toHaveCount(0);
  await expect(page.getByTestId('search-panel')).toHaveCount(0);
  // Ctrl/Cmd+Shift+F brings the search panel back.
  await page.keyboard.press(process.platform === 'darwin' ? 'Meta+Shift+f' : 'Control+Shift+f');
  await expect(page.getByTestId('search-input')).toBeFocused();
});

test('at 1024×700 both panels fit beside a usable editor, and the heatmap shows the recent weeks', async ({
  page,
  served,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, served.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-sidebar', 'docked');
  await expect(page.getByTestId('app')).toHaveAttribute('data-search', 'docked');
  await openFile(page, 'memory/projects/harbor-gateway.md');
  expect(await widthOf(page, 'main-view')).toBeGreaterThanOrEqual(MIN_MAIN_PX);
  await snapAt(page, testInfo.outputPath('editor-1024.png'));

  await page.getByTestId('view-timeline').click();
  const heatmap = page.getByTestId('timeline-heatmap');
  await expect(heatmap).toBeVisible();
  const end = await heatmap.getAttribute('data-end');
  // The newest day's square is on screen, inside the heatmap: nothing recent is clipped.
  const newest = page.locator(`.heatmap__cell[data-date="${end}"]`);
  await expect(newest).toBeInViewport();
  const box = (await newest.boundingBox())!;
  const frame = (await heatmap.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
  // Every year is there, scrolled to the newest weeks: the grid starts at the oldest entry, and says its year.
  const timeline = (
    (await (
      await page.request.post(`${served.origin}/api/timeline`, {
        headers: { 'x-memlens-token': served.token },
        data: {},
      })
    ).json()) as { result: { date: { date: string } }[] }
  ).result;
  const oldest = timeline.map((e) => e.date.date.slice(0, 10)).sort()[0]!;
  expect((await heatmap.getAttribute('data-start'))! <= oldest).toBe(true);
  await expect(page.locator(`.heatmap__cell[data-date="${oldest}"]`)).toHaveCount(1);
  await expect(
    page
      .getByTestId('heatmap-month')
      .filter({ hasText: /\d{4}$/ })
      .first(),
  ).toBeAttached();
  await snapAt(page, testInfo.outputPath('timeline-1024.png'));
});

test('at 800×600 the search panel floats over the editor instead of squeezing it', async ({
  page,
  served,
}, testInfo) => {
  await page.setViewportSize({ width: 800, height: 600 });
  // A first start in a narrow window opens without the search panel.
  await openApp(page, served.url);
  await expect(page.getByTestId('search-panel')).toHaveCount(0);
  await openFile(page, 'memory/travel.md');
  const mainWidth = await widthOf(page, 'main-view');
  expect(mainWidth).toBeGreaterThanOrEqual(MIN_MAIN_PX);

  await page.getByTestId('toggle-search').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-search', 'overlay');
  expect(await widthOf(page, 'main-view')).toBe(mainWidth);
  const panel = (await page.getByTestId('search-panel-frame').boundingBox())!;
  expect(panel.x + panel.width).toBeLessThanOrEqual(800);
  await page.getByTestId('search-input').fill('router');
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
  await page.screenshot({ path: testInfo.outputPath('search-800.png') });
  // Opening a result closes the drawer and shows the file.
  await page.getByTestId('search-result').first().getByTestId('search-result-open').click();
  await expect(page.getByTestId('search-panel')).toHaveCount(0);
  await expect(page.getByTestId('editor-pane')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('editor-800.png') });
});

async function snapAt(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: file });
}

test('at 800×600 the heatmap still starts at the oldest entry (scrolled to the newest), not silently months later', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await openApp(page, served.url);
  await page.getByTestId('view-timeline').click();
  const heatmap = page.getByTestId('timeline-heatmap');
  await expect(heatmap).toBeVisible();
  const timeline = (
    (await (
      await page.request.post(`${served.origin}/api/timeline`, {
        headers: { 'x-memlens-token': served.token },
        data: {},
      })
    ).json()) as { result: { date: { date: string } }[] }
  ).result;
  const oldest = timeline.map((e) => e.date.date.slice(0, 10)).sort()[0]!;
  expect((await heatmap.getAttribute('data-start'))! <= oldest).toBe(true);
  // The newest square is the one on screen.
  await expect(page.locator(`.heatmap__cell[data-date="${await heatmap.getAttribute('data-end')}"]`)).toBeInViewport();
});
