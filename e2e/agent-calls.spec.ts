// The Agent view in real Chromium against serve mode on a workspace whose transcripts hold OpenClaw
// 2026.9.6's own memory tool results (e2e/fixtures/agent-calls-workspace): the health summary on
// top, every call with its true outcome, a disabled call's reason, a keyword-only empty call's
// diagnosis and its replay in Memory Lens (with breakdowns), "Explain file", result cards that open
// the cited lines, and the session link that opens the transcript there.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from './support/serve-fixture.js';
import { openApp, root, snap } from './support/ui-helpers.js';

test.use({ serveFixture: 'agent-calls-workspace' });

const call = (page: Page, query: string) => page.getByTestId('agent-call').filter({ hasText: `“${query}”` });

test('the agent view: health, every call, why it found nothing, and what Memory Lens finds', async ({
  page,
  served,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, served.url);
  await page.getByTestId('view-agent').click();

  const health = page.getByTestId('agent-health');
  await expect(health).toBeVisible();
  await expect(page.getByTestId('agent-health-30')).toHaveAttribute('data-calls', /\d+/);
  await expect(page.getByTestId('agent-health-cause')).toContainText(
    'no chunk holds every word of the query (OpenClaw requires all of them) (4 calls)',
  );
  await expect(page.getByTestId('agent-health-advice')).toContainText('memory.search.provider');

  // All fifteen calls of the three transcripts, each with the outcome the agent saw.
  await expect(page.getByTestId('agent-call')).toHaveCount(15);
  await expect(page.locator('[data-testid="agent-call"][data-outcome="disabled"]')).toHaveCount(3);
  await expect(page.locator('[data-testid="agent-call"][data-outcome="results"]')).toHaveCount(4);

  // A disabled call: OpenClaw's reason, and ours in words.
  await call(page, 'Jenny visiting Ali').filter({ hasText: 'disabled' }).click();
  await expect(page.getByTestId('agent-call-reason')).toContainText('No API key found for provider "openai"');
  await expect(page.getByTestId('agent-call-diagnosis')).toHaveText(
    /memory search was disabled: no API key for provider openai/,
  );
  // The health summary, the list and the opened call are all on screen at once.
  for (const id of ['agent-health', 'agent-call-diagnosis']) await expect(page.getByTestId(id)).toBeInViewport();
  await snap(page, testInfo.outputPath('agent-view-1440x900.png'));

  // A keyword-only empty call: the diagnosis, the replay with breakdowns, and Explain file.
  await call(page, '日报 格式').click();
  await expect(page.getByTestId('agent-call-outcome')).toHaveAttribute('data-kind', 'empty');
  const diagnosis = page.getByTestId('agent-call-diagnosis');
  await expect(diagnosis).toHaveAttribute('data-code', 'keyword-all-words');
  await expect(diagnosis).toContainText('Memory Lens finds it in memory/daily-report.md');
  await page.getByTestId('agent-call-replay').click();
  const replayed = page.getByTestId('agent-call-replay-results').getByTestId('search-result');
  await expect(replayed.first()).toHaveAttribute('data-path', 'memory/daily-report.md');
  await replayed.first().getByTestId('breakdown-toggle').click();
  await expect(replayed.first()).toHaveClass(/is-expanded/);
  // As the agent ranks, the same query still finds nothing: OpenClaw keeps 日报格式 as one word.
  await page.getByTestId('agent-call-replay-as-agent').click();
  await expect(page.getByTestId('agent-call-replay-as-agent-results')).toContainText('As your agent ranks (0)');
  await page.getByTestId('agent-call-explain').click();
  await expect(page.getByTestId('agent-call-explain-result')).toHaveAttribute('data-code', 'returned');
  await expect(page.getByTestId('agent-call-explain-result')).toContainText('returned at rank 1');

  // The "show these calls" link narrows the list to the empty and failed ones.
  await page.getByTestId('agent-health-show-failed').click();
  await expect(page.getByTestId('agent-call')).toHaveCount(11);
  await page.getByTestId('agent-calls-filter-all').click();

  // A result card opens the cited lines; the session link opens the transcript at the call.
  await call(page, 'Jenny visiting Ali').filter({ hasText: 'results' }).click();
  const cards = page.getByTestId('agent-hit-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('MEMORY.md:10');
  await cards.first().click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'MEMORY.md');
  await expect(page.locator('.cm-cited-marker')).toHaveCount(1);

  await page.getByTestId('view-agent').click();
  await call(page, 'sunny 用户名字').click();
  await page.getByTestId('agent-call-open-session').click();
  const transcript = page.getByTestId('transcript');
  await expect(transcript).toHaveAttribute('data-path', 'sessions/main/8a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e.jsonl');
  await expect(transcript.locator('[data-testid="transcript-message"][data-hit]')).toContainText(
    '我的记忆里没有你的名字',
  );
});

test('the agent view at 1024×700: health summary and the list stay readable', async ({ page, served }, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, served.url);
  await page.getByTestId('view-agent').click();
  await expect(page.getByTestId('agent-health')).toBeVisible();
  await expect(page.getByTestId('agent-health-cause')).toBeInViewport();
  await snap(page, testInfo.outputPath('agent-view-1024x700-list.png'));
  // Narrow: the opened call takes the column, with a way back to the list.
  await call(page, '车牌号').click();
  await expect(page.getByTestId('agent-call-diagnosis')).toHaveAttribute('data-code', 'outside-memory');
  await expect(page.getByTestId('agent-call-diagnosis')).toBeInViewport();
  await expect(page.getByTestId('agent-health')).toBeInViewport();
  // Nothing wider than the window.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, testInfo.outputPath('agent-view-1024x700.png'));
  await page.getByTestId('agent-call-back').click();
  await expect(call(page, '车牌号')).toBeInViewport();
});

test("an MCP client's search is in the same list, by client name, with the results it was given", async ({
  page,
  served,
}) => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(root, 'bin', 'memlens.js'), 'mcp', '--workspace', served.workspace, '--data-dir', served.dataDir],
    env: {
      ...(process.env as Record<string, string>),
      HOME: path.dirname(path.dirname(served.workspace)),
      MEMLENS_MODEL: '',
    },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'claude-code', version: '2.1.0' });
  await client.connect(transport);
  try {
    await client.callTool({ name: 'memory_search', arguments: { query: '日报 格式' } });
  } finally {
    await client.close();
  }
  await openApp(page, served.url);
  await page.getByTestId('view-agent').click();
  const mcp = page.locator('[data-testid="agent-call"][data-source="mcp"]');
  await expect(mcp).toHaveCount(1);
  await expect(mcp).toContainText('MCP · claude-code 2.1.0');
  await expect(page.getByTestId('agent-call')).toHaveCount(16);
  await mcp.click();
  const got = page.getByTestId('agent-call-logged-results').getByTestId('search-result');
  await expect(got.first()).toHaveAttribute('data-path', 'memory/daily-report.md');
  // The same query the agent's keyword-only search missed: MCP got it.
  await expect(page.getByTestId('agent-call-outcome')).toHaveAttribute('data-kind', 'results');
});
