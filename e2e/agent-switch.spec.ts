// Switching agents leaves nothing of the previous agent on screen: search results, the timeline,
// the context view and the editor all show the new agent's workspace, on OpenClaw's own state
// folder (e2e/fixtures/openclaw-2026.9: agents main and research).
import { expect, test, type Page } from '@playwright/test';
import { MAIN_ONLY, RESEARCH_ONLY, serveTwoAgents } from './support/two-agents.js';
import { fileItem, openApp, openFile, searchFor } from './support/ui-helpers.js';

const served = serveTwoAgents();
const RESEARCH_SESSION = 'sessions/research/5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d.jsonl';

const resultPaths = (page: Page) =>
  page
    .getByTestId('search-results')
    .getByTestId('search-result')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!));

test('after a switch every view shows the new agent: search re-runs, timeline, context and editor reload', async ({
  page,
}) => {
  await openApp(page, served().url);
  await searchFor(page, 'billing BM25');
  expect(await resultPaths(page)).toContain(MAIN_ONLY);
  await openFile(page, MAIN_ONLY);
  await page.getByTestId('view-timeline').click();
  await expect(page.locator(`[data-testid="timeline-item"][data-path="${MAIN_ONLY}"]`)).toHaveCount(1);
  await page.getByTestId('view-context').click();
  const user = page.locator('[data-testid="context-file"][data-name="USER.md"]');
  await expect(user).toHaveCount(1);
  const mainUserStatus = await user.getAttribute('data-status');

  await page.getByTestId('agent-switcher').selectOption({ label: 'research' });
  await expect(page.getByTestId('workspace-name')).toContainText('workspace-research');
  await expect(fileItem(page, RESEARCH_ONLY)).toBeVisible();

  // The context view that stayed open reloaded for research (it has no USER.md).
  await expect(user).not.toHaveAttribute('data-status', mainUserStatus!);
  // …and reads research's limits: the agent whose workspace this is, not the default one.
  await expect(page.getByTestId('context-agent').locator('option').first()).toContainText('research');
  // The same query, answered from research's index: its note, none of main's.
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
  await expect.poll(() => resultPaths(page)).toContain(RESEARCH_ONLY);
  expect(await resultPaths(page)).not.toContain(MAIN_ONLY);
  // The timeline lists research's files only; the editor no longer shows main's note.
  await page.getByTestId('view-timeline').click();
  await expect(page.locator(`[data-testid="timeline-item"][data-path="${RESEARCH_SESSION}"]`)).toHaveCount(1);
  await expect(page.locator(`[data-testid="timeline-item"][data-path="${MAIN_ONLY}"]`)).toHaveCount(0);
  await page.getByTestId('view-editor').click();
  await expect(page.locator(`[data-testid="editor-pane"][data-path="${MAIN_ONLY}"]`)).toHaveCount(0);
});
