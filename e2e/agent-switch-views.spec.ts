// Switching agents while each agent-scoped view is open (issue 34): the Agent view's calls, the
// search results beside it, a file's History, the timeline and the context view all show the new
// agent, and nothing of the previous one stays on screen. OpenClaw's own state folder with agents
// main and research (e2e/fixtures/openclaw-2026.9).
import { expect, test, type Page } from '@playwright/test';
import { MAIN_ONLY, RESEARCH_ONLY, serveTwoAgents } from './support/two-agents.js';
import { fileItem, openApp, openFile, searchFor } from './support/ui-helpers.js';

const served = serveTwoAgents();
const QUERY = 'billing BM25';

async function switchTo(page: Page, agent: 'main' | 'research'): Promise<void> {
  // Options read "main (default)", "research", …: the agent's id first.
  const switcher = page.getByTestId('agent-switcher');
  const value = await switcher.locator('option', { hasText: new RegExp(`^${agent}\\b`) }).getAttribute('value');
  await switcher.selectOption(value!);
  await expect(page.getByTestId('workspace-name')).toContainText(agent === 'main' ? 'workspace' : 'workspace-research');
  await expect(fileItem(page, agent === 'main' ? MAIN_ONLY : RESEARCH_ONLY)).toBeVisible();
}

/** Starts on main with the search panel holding main's answer and `view` open, as a person would leave it. */
async function onMain(page: Page, view: string): Promise<void> {
  await openApp(page, served().url);
  if ((await fileItem(page, MAIN_ONLY).count()) === 0) await switchTo(page, 'main');
  await searchFor(page, QUERY);
  await expect(page.locator(`[data-testid="search-result"][data-path="${MAIN_ONLY}"]`).first()).toBeVisible();
  await openFile(page, MAIN_ONLY);
  await page.getByTestId(`view-${view}`).click();
}

/** What of main's the page still shows: its note in search results, in a view, or named anywhere in the main pane. */
async function expectNothingOfMain(page: Page): Promise<void> {
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
  await expect(page.locator(`[data-testid="search-result"][data-path="${MAIN_ONLY}"]`)).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(MAIN_ONLY);
}

test('Agent view: main’s calls are gone after the switch, research’s are listed without a Refresh', async ({
  page,
}) => {
  await onMain(page, 'agent');
  const calls = page.getByTestId('agent-call');
  await expect(calls.first()).toBeVisible({ timeout: 30_000 });
  const mainCalls = await calls.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')!));
  expect(mainCalls.length).toBeGreaterThan(0);

  await switchTo(page, 'research');
  await expect(page.getByTestId('agent-calls-view')).toBeVisible();
  await expect
    .poll(async () => {
      const now = await calls.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')!));
      return now.filter((id) => mainCalls.includes(id));
    })
    .toEqual([]);
  await expectNothingOfMain(page);
});

test('History view: main’s file history is not shown for research', async ({ page }) => {
  await onMain(page, 'history');
  await expect(page.getByTestId('history-view')).toContainText(`History of ${MAIN_ONLY}`);
  await switchTo(page, 'research');
  await expect(page.locator('[data-testid="history-view"], [data-testid="history-empty"]')).toBeVisible();
  await expectNothingOfMain(page);
});

test('Timeline: research’s entries replace main’s', async ({ page }) => {
  await onMain(page, 'timeline');
  await expect(page.locator(`[data-testid="timeline-item"][data-path="${MAIN_ONLY}"]`)).toHaveCount(1);
  await switchTo(page, 'research');
  await expect(page.locator(`[data-testid="timeline-item"][data-path="${MAIN_ONLY}"]`)).toHaveCount(0);
  await expect(page.locator('[data-testid="timeline-item"][data-path^="sessions/research/"]').first()).toBeVisible();
  await expectNothingOfMain(page);
});

test('Context view: research’s bootstrap files and limits replace main’s', async ({ page }) => {
  await onMain(page, 'context');
  const user = page.locator('[data-testid="context-file"][data-name="USER.md"]');
  await expect(user).toHaveCount(1);
  const mainUserStatus = await user.getAttribute('data-status');
  await switchTo(page, 'research');
  await expect(user).not.toHaveAttribute('data-status', mainUserStatus!);
  await expect(page.getByTestId('context-agent').locator('option').first()).toContainText('research');
  await expectNothingOfMain(page);
});

test('Search results: the open query is answered again from research’s index', async ({ page }) => {
  await onMain(page, 'editor');
  await switchTo(page, 'research');
  await expect(page.getByTestId('search-summary')).toContainText(`for “${QUERY}”`);
  await expect
    .poll(() =>
      page
        .getByTestId('search-results')
        .getByTestId('search-result')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!)),
    )
    .toContain(RESEARCH_ONLY);
  await expectNothingOfMain(page);
});
