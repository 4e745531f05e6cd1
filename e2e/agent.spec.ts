// What the agent did, seen in the window: an MCP client (the SDK's, spawning `memlens mcp` on the
// same workspace and data dir as serve mode) searches and reads; the search panel's "Agent
// searches" lists it, opening one shows the results the agent got with their breakdowns (access
// counts included), "re-run now" shows today's ranking with movement after the memory changed;
// the file view shows access counts; a transcript is saved as a memory file from its view.
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { test, expect, type ServedWorkspace } from './support/serve-fixture.js';
import { openApp, root, snap } from './support/ui-helpers.js';

const QUERY = 'HG-2 DNS';

async function withAgent<T>(served: ServedWorkspace, work: (client: Client) => Promise<T>): Promise<T> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(root, 'bin', 'memlens.js'), 'mcp', '--workspace', served.workspace, '--data-dir', served.dataDir],
    env: { ...(process.env as Record<string, string>), HOME: path.dirname(served.workspace), MEMLENS_MODEL: '' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'e2e-agent', version: '2.0' });
  await client.connect(transport);
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

function resultPaths(result: Awaited<ReturnType<Client['callTool']>>): string[] {
  const payload = result.structuredContent as { results: { path: string }[] };
  return payload.results.map((r) => r.path);
}

test('agent searches: what the agent got and why, and what it would get today', async ({ page, served }, testInfo) => {
  const got = await withAgent(served, async (client) => {
    const first = await client.callTool({ name: 'memory_search', arguments: { query: QUERY, maxResults: 4 } });
    // Read the top hit, then ask again: the second search's breakdowns show the accesses.
    await client.callTool({ name: 'memory_get', arguments: { path: resultPaths(first)[0]!, lines: 5 } });
    return resultPaths(await client.callTool({ name: 'memory_search', arguments: { query: QUERY, maxResults: 4 } }));
  });
  expect(got).toHaveLength(4);

  await openApp(page, served.url);
  await page.getByTestId('agent-searches-toggle').click();
  const items = page.getByTestId('agent-search-item');
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('agent-searches-total')).toHaveAttribute('data-value', '2');
  await expect(items.first()).toContainText(`“${QUERY}”`);
  await expect(items.first()).toContainText('MCP · e2e-agent 2.0');
  await expect(items.first()).toContainText('4 results');

  await items.first().click();
  const detail = page.getByTestId('agent-search-detail');
  await expect(page.getByTestId('agent-search-query')).toHaveText(`“${QUERY}”`);
  await expect(page.getByTestId('agent-search-meta')).toContainText('max 4 · min score 0.35');
  const agentRows = page.getByTestId('agent-search-results').getByTestId('search-result');
  await expect(agentRows).toHaveCount(4);
  expect(await agentRows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-path')))).toEqual(got);
  // Why: the stored breakdown, with the accesses the first search and the read made.
  await agentRows.first().getByTestId('breakdown-toggle').click();
  await expect(agentRows.first().getByTestId('bd-access-count')).toHaveAttribute('data-value', '2');
  await expect(agentRows.first().getByTestId('bd-access')).toContainText('boost off');
  await snap(page, testInfo.outputPath('agent-search.png'));

  // The memory changes: a new note outranks everything, so the agent's last result falls out.
  fs.writeFileSync(
    path.join(served.workspace, 'memory', '2026-12-01-dns-postmortem.md'),
    '# HG-2 DNS postmortem\n\nHG-2 DNS: dnsmasq crashed with IPv6 on. HG-2 DNS fix shipped in 0.9.4. HG-2 DNS is fine now.\n',
  );
  await expect(page.locator('[data-testid="file-item"][data-path="memory/2026-12-01-dns-postmortem.md"]')).toHaveCount(
    1,
    { timeout: 15_000 },
  );
  await page.getByTestId('agent-rerun').click();
  const today = page.getByTestId('agent-rerun-results');
  await expect(today).toBeVisible();
  const todayRows = today.getByTestId('search-result');
  await expect(todayRows).toHaveCount(4);
  await expect(todayRows.first()).toHaveAttribute('data-path', 'memory/2026-12-01-dns-postmortem.md');
  await expect(todayRows.first().getByTestId('rank-move')).toHaveAttribute('data-value', 'new');
  await expect(todayRows.nth(1).getByTestId('rank-move')).toHaveAttribute('data-value', '↓1');
  await expect(page.getByTestId('agent-rerun-dropped')).toContainText(got[3]!);
  await expect(page.getByTestId('agent-rerun-summary')).toContainText('1 new');
  // What the agent got is unchanged by the re-run.
  expect(await agentRows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-path')))).toEqual(got);
  await detail.scrollIntoViewIfNeeded();
  await snap(page, testInfo.outputPath('agent-rerun.png'));

  // The file view: how often agents retrieved this file, part by part.
  await agentRows.first().getByTestId('search-result-open').click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', got[0]!);
  const access = page.getByTestId('agent-access');
  await expect(access).toHaveAttribute('data-total', /^[3-9]$/);
  await page.getByTestId('agent-access-toggle').click();
  await expect(page.getByTestId('agent-access-range').first()).toHaveAttribute('data-current', 'true');
  await snap(page, testInfo.outputPath('agent-access.png'));

  // A small window: the panel still works.
  await page.setViewportSize({ width: 800, height: 600 });
  await page.getByTestId('agent-search-back').click();
  await expect(items).toHaveCount(2);
  await snap(page, testInfo.outputPath('agent-searches-small.png'));
});

test('a transcript saved as memory from its view, never over an existing file', async ({ page, served }, testInfo) => {
  const session = 'sessions/3f6c1a2e-9d41-4b7a-8e25-6a0d2c9f1b37.jsonl';
  await openApp(page, served.url);
  await page.getByTestId('file-filter').fill('3f6c1a2e');
  await page.locator(`[data-testid="file-item"][data-path="${session}"] .file-item__open`).click();
  await expect(page.getByTestId('transcript')).toBeVisible();
  await page.getByTestId('save-session-memory').click();
  const saved = page.getByTestId('session-memory-saved');
  await expect(saved).toBeVisible();
  const first = await saved.getAttribute('data-path');
  expect(first).toMatch(/^memory\/2026-06-12-[^/]+\.md$/);
  const text = fs.readFileSync(path.join(served.workspace, first!), 'utf8');
  expect(text).toMatch(
    /^# Session: 2026-06-12 \d\d:\d\d:\d\d \S+\n\n- \*\*Session Key\*\*: unknown\n- \*\*Session ID\*\*: 3f6c1a2e-9d41-4b7a-8e25-6a0d2c9f1b37\n- \*\*Source\*\*: feishu\n\n## Conversation Summary\n\nuser: "/,
  );
  await snap(page, testInfo.outputPath('session-saved.png'));

  await page.getByTestId('save-session-memory').click();
  await expect(saved).toHaveAttribute('data-path', first!.replace(/\.md$/, '-2.md'));
  expect(fs.readFileSync(path.join(served.workspace, first!), 'utf8')).toBe(text);

  await page.getByTestId('session-memory-open').click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', first!.replace(/\.md$/, '-2.md'));
  await expect(page.locator('.cm-content')).toContainText('## Conversation Summary');
});
