// A history store found damaged when serve opens the workspace: the History view says so in the
// window's language (the notice by message id), the API keeps its English sentence beside the id.
import { expect, startServe, test } from './support/serve-fixture.js';
import { openApp, snap } from './support/ui-helpers.js';

/**
 * Runs before serve: writes a history.sqlite that is not a database where serve will look for the
 * workspace's store (`<data dir>/history/workspace-<sha256 of its real path, 12>`). $5 is the
 * workspace and $7 the data dir of `node memlens.js serve --workspace W --data-dir D`.
 */
const DAMAGE_HISTORY = [
  'sh',
  '-c',
  'ws=$(realpath "$5"); key=$(printf %s "$ws" | sha256sum | cut -c1-12); dir="$7/history/workspace-$key"; ' +
    'mkdir -p "$dir"; printf "this is not sqlite" > "$dir/history.sqlite"; exec "$@"',
  'damage-history',
];

test('a damaged history store is named in the History view in Chinese; the API keeps the English beside its id', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const served = await startServe([], { launcher: DAMAGE_HISTORY });
  try {
    const api = await page.request.post(`${served.origin}/api/historyUsage`, {
      headers: { 'x-memlens-token': served.token },
      data: {},
    });
    const { result } = (await api.json()) as { result: { notices: { message: string; messageId?: string }[] } };
    expect(result.notices).toHaveLength(1);
    expect(result.notices[0]!.message).toMatch(/^The history store was damaged \(the file is not a database/);
    expect(result.notices[0]!.messageId).toBe('log:damaged.salvaged');

    await page.setViewportSize({ width: 1024, height: 700 });
    await openApp(page, served.url);
    await page.getByTestId('view-settings').click();
    await page.getByTestId('language-select').selectOption('zh-CN');
    await page.getByTestId('file-item').filter({ hasText: 'MEMORY.md' }).click();
    await page.getByTestId('view-history').click();
    const notice = page.getByTestId('history-notice');
    await expect(notice).toHaveText(
      /^历史记录库已损坏（文件不是数据库（SQLITE_NOTADB））；已移到 history\.sqlite\.damaged-\S+，并用能读出的 0 个版本重建（0 个无法读出）。$/,
    );
    await snap(page, testInfo.outputPath('history-damaged-zh-1024.png'));

    await page.getByTestId('view-settings').click();
    await page.getByTestId('language-select').selectOption('en');
    await page.getByTestId('view-history').click();
    await expect(notice).toHaveText(/^The history store was damaged \(the file is not a database \(SQLITE_NOTADB\)\);/);
  } finally {
    await served.stop();
  }
});
