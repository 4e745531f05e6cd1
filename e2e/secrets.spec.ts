// Secrets stay off the screen, in real Chromium against serve mode on the committed fixture of
// fake keys: the editor draws each value as its mask label, "show" reveals it in place until the
// editor loses focus, "copy" puts it on the clipboard, a save after an edit writes the raw text byte for byte; the Secrets view
// lists the planted secrets, opens one at its line, refuses a fix on a file changed since the list
// (nothing written), and "replace" writes the placeholder to disk and the entry goes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PLANTED_SECRETS } from '../shared/test-support/secrets-fixture.js';
import { startServe } from './support/serve-fixture.js';
import { mod, openApp, openFile, root, searchFor, snap, typeAtEnd } from './support/ui-helpers.js';

const FIXTURE = path.join(root, 'shared', 'fixtures', 'secrets-workspace');
const TAVILY = 'tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS';
/** A key the walk below adds from outside, so the history holds a version with it. */
const GROQ = 'sk-proj-Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr';
/** Every value planted in the fixture (fake), and the one the walk adds. */
const RAW = [...PLANTED_SECRETS, GROQ];

/** The raw values anywhere in the page's markup (text, attributes, tooltips, hidden parts). */
async function rawOnPage(page: Page): Promise<string[]> {
  const html = await page.evaluate(() => document.body.innerHTML);
  return RAW.filter((value) => html.includes(value));
}

async function expectNoRawValue(page: Page, where: string): Promise<void> {
  expect(await rawOnPage(page), where).toEqual([]);
}

test('the editor masks keys and saves them raw; the Secrets view lists them and replaces one with a placeholder', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ml-e2e-secrets-')), 'workspace');
  fs.cpSync(FIXTURE, copy, { recursive: true });
  const served = await startServe([], { moveFrom: copy });
  try {
    const memory = path.join(served.workspace, 'MEMORY.md');
    const original = fs.readFileSync(memory);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, served.url);
    await openFile(page, 'MEMORY.md');

    // 1. Masked by default: the lines show labels, never the values.
    const content = page.locator('.cm-content');
    await expect(content).toContainText('tvly-…3HCS');
    await expect(content).toContainText('password •••••• (7)');
    for (const raw of [TAVILY, 'hunter2', 'abc123', 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv'])
      await expect(content).not.toContainText(raw);
    await expect(content).toContainText('3f2504e0-4f89-11d3-9a0c-0305e82c3301');
    await snap(page, testInfo.outputPath('secrets-editor-1440.png'));

    // 2. "show" reveals the value in place; leaving the editor masks it again.
    const tavily = page.locator('[data-testid="secret-mask"][data-kind="tavily"]');
    await tavily.getByTestId('secret-reveal').click();
    await expect(content).toContainText(TAVILY);
    await expect(page.getByTestId('secret-revealed')).toHaveText(TAVILY);
    await snap(page, testInfo.outputPath('secrets-editor-revealed-1440.png'));
    await content.click();
    await page.getByTestId('file-filter').click();
    await expect(content).not.toContainText(TAVILY);
    await expect(tavily).toBeVisible();
    // "copy" puts the raw value on the clipboard without showing it.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
    await tavily.getByTestId('secret-copy').click();
    await expect(tavily.getByTestId('secret-copy')).toHaveAttribute('data-text', 'copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TAVILY);
    await expect(content).not.toContainText(TAVILY);

    // 3. An edit and a save write the raw text, byte for byte.
    await typeAtEnd(page, '- Rotate the Tavily key next month.');
    await page.keyboard.press(`${mod}+s`);
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
    const saved = Buffer.concat([original, Buffer.from('- Rotate the Tavily key next month.')]);
    expect(fs.readFileSync(memory).equals(saved)).toBe(true);
    await expect(content).not.toContainText(TAVILY);

    // 4. The Secrets view lists the planted secrets, with the git notice; a row opens its line.
    await page.getByTestId('view-secrets').click();
    const rows = page.getByTestId('secret-row');
    const row = (label: string) =>
      page.locator(`[data-testid="secret-row"][data-path="MEMORY.md"][data-label="${label}"]`);
    await expect(row('tvly-…3HCS')).toHaveAttribute('data-line', '3');
    await expect(row('password •••••• (7)')).toHaveAttribute('data-line', '11');
    // 密码：abc123 and 口令: Zx9#Qw, the Chinese password lines.
    await expect(row('password •••••• (6)')).toHaveCount(2);
    expect(await rows.count()).toBeGreaterThanOrEqual(12);
    await expect(page.getByTestId('secrets-view')).not.toContainText(TAVILY);
    await expect(page.getByTestId('secrets-notice')).toContainText('git');
    await snap(page, testInfo.outputPath('secrets-view-1440.png'));
    await page.setViewportSize({ width: 1024, height: 700 });
    await snap(page, testInfo.outputPath('secrets-view-1024.png'));
    await page.setViewportSize({ width: 1440, height: 900 });

    await row('tvly-…3HCS').getByTestId('secret-open').click();
    await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'MEMORY.md');
    await expect(page.locator('.cm-activeLine')).toContainText('Roger provided API key');

    // 5. A file changed since the list was made: the fix is refused and nothing is written.
    await page.getByTestId('view-secrets').click();
    await expect(row('password •••••• (7)')).toBeVisible();
    const outside = `${fs.readFileSync(memory, 'utf8')}\n- Edited in another editor.\n`;
    fs.writeFileSync(memory, outside);
    await row('password •••••• (7)').getByTestId('secret-replace').click();
    await expect(page.getByTestId('secrets-message')).toHaveAttribute('data-kind', 'error');
    await expect(page.getByTestId('secrets-message')).toContainText('nothing was written');
    expect(fs.readFileSync(memory, 'utf8')).toBe(outside);

    // 6. Replace (the list is fresh again): the placeholder is on disk and the entry is gone.
    await row('password •••••• (7)').getByTestId('secret-replace').click();
    await expect(page.getByTestId('secrets-message')).toHaveAttribute('data-kind', 'info');
    await expect(row('password •••••• (7)')).toHaveCount(0);
    // The placeholder is not taken for a new password on that line.
    await expect(page.locator('[data-testid="secret-row"][data-path="MEMORY.md"][data-line="11"]')).toHaveCount(0);
    const fixed = fs.readFileSync(memory, 'utf8');
    expect(fixed).toContain('- sudo password: <in password manager>\n');
    expect(fixed).not.toContain('hunter2');
    expect(fixed).toBe(outside.replace('hunter2', '<in password manager>'));
    await expect(row('tvly-…3HCS')).toBeVisible();
    await snap(page, testInfo.outputPath('secrets-view-fixed-1440.png'));
  } finally {
    await served.stop();
  }
});

test('no view shows a raw value of the fixture: editor, transcript, search, timeline, history, changes, context, doctor, agent, secrets, settings, conflict compare', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const served = await startServe([], { copyFrom: FIXTURE });
  try {
    const memory = path.join(served.workspace, 'MEMORY.md');
    const original = fs.readFileSync(memory, 'utf8');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, served.url);
    await expectNoRawValue(page, 'start');

    // Editor: the memory files, the private key included.
    await openFile(page, 'MEMORY.md');
    await expect(page.getByTestId('secret-mask')).toHaveCount(12);
    await expectNoRawValue(page, 'editor: MEMORY.md');
    // The false-positive lines stay readable.
    for (const readable of [
      '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      '9fceb02d0ae598e95dc970b74767f19372d61af8',
      '中华人民共和国国家发展和改革委员会关于进一步深化电力体制改革的若干意见',
    ])
      await expect(page.locator('.cm-content')).toContainText(readable);
    await openFile(page, 'memory/2026-12-01.md');
    await expect(page.locator('[data-testid="secret-mask"][data-kind="private-key"]')).toBeVisible();
    await expectNoRawValue(page, 'editor: the daily file');

    // The transcript: the user's message, the tool call's arguments and its result, opened.
    const session = 'sessions/5ec7e750-0000-4000-8000-000000000001.jsonl';
    await page.getByTestId('file-filter').fill('5ec7e750');
    await page.locator(`[data-testid="file-item"][data-path="${session}"] .file-item__open`).click();
    await page.getByTestId('file-filter').fill('');
    const transcript = page.getByTestId('transcript');
    await expect(transcript).toContainText('tvly-…3HCS');
    for (const tool of await page.getByTestId('transcript-tool').locator('summary').all()) await tool.click();
    await expect(page.getByTestId('transcript-tool-args')).toContainText('tvly-…3HCS');
    await expect(page.getByTestId('transcript-tool-result')).toContainText('pa-…f7Gh');
    await expectNoRawValue(page, 'transcript');

    // Search: the queries a new user tried, with every result's breakdown opened.
    for (const query of [
      'tvly',
      'Tavily API key 配置',
      'dashboard 密码',
      'sudo password token',
      'Roger provided API key',
    ]) {
      expect(await searchFor(page, query), query).toBeGreaterThan(0);
      await expectNoRawValue(page, `search “${query}”`);
    }
    await expect(page.getByTestId('search-panel')).toContainText('tvly-…3HCS');

    // Timeline previews.
    await page.getByTestId('view-timeline').click();
    await expect(page.getByTestId('timeline-item').first()).toBeVisible();
    await expectNoRawValue(page, 'timeline');

    // History: an edit from outside removes one key and adds another; the diff masks both, and
    // a value can be revealed there, one at a time.
    await openFile(page, 'MEMORY.md');
    const edited = `${original.replace(/^- Roger provided API key .*$/m, '- The Tavily key is in the vault now.')}- Groq key: ${GROQ}\n`;
    fs.writeFileSync(memory, edited);
    await page.getByTestId('view-history').click();
    await expect(page.getByTestId('version-row')).toHaveCount(2, { timeout: 20_000 });
    const diff = page.getByTestId('version-diff');
    await expect(diff.locator('[data-testid="secret-mask"][data-kind="tavily"]')).toBeVisible();
    await expect(diff.locator('[data-testid="secret-mask"][data-kind="openai"]').last()).toBeVisible();
    await expectNoRawValue(page, 'history diff');
    await snap(page, testInfo.outputPath('secrets-history-1440.png'));
    await page.setViewportSize({ width: 1024, height: 700 });
    await snap(page, testInfo.outputPath('secrets-history-1024.png'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await diff.locator('[data-testid="secret-mask"][data-kind="tavily"]').getByTestId('secret-reveal').click();
    await expect(diff.getByTestId('secret-revealed')).toHaveText(TAVILY);
    await diff.locator('.cm-secret-controls').getByTestId('secret-reveal').click();
    await expectNoRawValue(page, 'history diff, hidden again');

    // Restoring a hunk against the file now writes the file's own bytes, never a mask.
    await page.getByTestId('version-row').last().click();
    await page.getByTestId('compare-now').click();
    await expect(page.getByTestId('diff-to')).toHaveValue('now');
    await expectNoRawValue(page, 'history compare with now');
    await page.locator('.cm-merge-revert button').first().click();
    await page.getByTestId('save-hunks').click();
    await expect(page.getByTestId('history-message')).toHaveText('Saved with the restored lines.');
    expect(fs.readFileSync(memory, 'utf8')).toBe(`${original}- Groq key: ${GROQ}\n`);
    await expectNoRawValue(page, 'history after restoring a hunk');

    // What changed, the prompt budget (the text the agent is given included), the doctor.
    await page.getByTestId('view-changes').click();
    await expect(page.getByTestId('changes-view')).toContainText('MEMORY.md');
    await expectNoRawValue(page, 'what changed');
    await page.getByTestId('view-context').click();
    await page.locator('[data-testid="context-file"][data-name="MEMORY.md"]').getByTestId('context-file-text').click();
    await expect(page.getByRole('dialog')).toContainText('tvly-…3HCS');
    await expectNoRawValue(page, 'context: the text the agent is given');
    await page.keyboard.press('Escape');
    await page.getByTestId('view-doctor').click();
    await expect(page.getByTestId('doctor-view')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expectNoRawValue(page, 'doctor');

    // The agent's calls (the memory_search whose query held the key) and the Secrets list.
    await page.getByTestId('view-agent').click();
    await page.getByTestId('agent-call').first().click();
    await expect(page.getByTestId('agent-calls-view')).toContainText('tvly-…3HCS');
    await expectNoRawValue(page, 'agent');
    await page.getByTestId('view-secrets').click();
    await expect(page.getByTestId('secret-row').first()).toBeVisible();
    await expectNoRawValue(page, 'secrets');
    await page.getByTestId('view-settings').click();
    await expectNoRawValue(page, 'settings');

    // The conflict compare: both sides masked by decoration; keeping mine writes the raw text.
    await page.getByTestId('view-editor').click();
    await openFile(page, 'MEMORY.md');
    await typeAtEnd(page, '- Mine.');
    const theirs = fs.readFileSync(memory, 'utf8').replace('# Memory', '# Memory (edited by the agent)');
    fs.writeFileSync(memory, theirs);
    await expect(page.getByTestId('conflict-banner')).toBeVisible({ timeout: 10_000 });
    await page.getByTestId('conflict-compare').click();
    const compare = page.getByTestId('compare-view');
    await expect(compare.locator('[data-testid="secret-mask"][data-kind="openai"]').first()).toBeVisible();
    await expectNoRawValue(page, 'conflict compare');
    await snap(page, testInfo.outputPath('secrets-compare-1440.png'));
    await page.setViewportSize({ width: 1024, height: 700 });
    await snap(page, testInfo.outputPath('secrets-compare-1024.png'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('compare-overwrite').click();
    await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
    expect(fs.readFileSync(memory, 'utf8')).toBe(`${original}- Groq key: ${GROQ}\n- Mine.`);
  } finally {
    await served.stop();
  }
});

test('Purge from history: asks first, replaces the value in the file, rewrites every kept version, says git still holds it; a value still in another file is refused in words', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const served = await startServe([], { copyFrom: FIXTURE });
  try {
    const memory = path.join(served.workspace, 'MEMORY.md');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, served.url);
    // A second kept version of MEMORY.md that still holds the key, and a second file holding the password.
    fs.appendFileSync(memory, '- Prefers totals in 万元.\n');
    fs.writeFileSync(path.join(served.workspace, 'memory', 'router.md'), '# Router\n\n- admin password: hunter2\n');
    await openFile(page, 'MEMORY.md');
    await page.getByTestId('view-history').click();
    await expect(page.getByTestId('version-row')).toHaveCount(2, { timeout: 20_000 });
    await expect(page.locator('[data-testid="file-item"][data-path="memory/router.md"]')).toBeVisible();
    await page.getByTestId('view-secrets').click();
    const row = (file: string, label: string) =>
      page.locator(`[data-testid="secret-row"][data-path="${file}"][data-label="${label}"]`);
    await expect(row('memory/router.md', 'password •••••• (7)')).toBeVisible({ timeout: 20_000 });
    await expect(row('MEMORY.md', 'tvly-…3HCS')).toHaveAttribute('data-line', '3');

    // Asked first; "Cancel" changes nothing.
    const before = fs.readFileSync(memory, 'utf8');
    await row('MEMORY.md', 'tvly-…3HCS').getByTestId('secret-purge').click();
    const confirm = page.getByTestId('purge-confirm');
    await expect(confirm).toContainText('cannot be undone');
    await expect(confirm).toContainText('Line 3 of MEMORY.md');
    await snap(page, testInfo.outputPath('secrets-purge-confirm-1440.png'));
    await page.getByTestId('purge-confirm-no').click();
    await expect(confirm).toHaveCount(0);
    expect(fs.readFileSync(memory, 'utf8')).toBe(before);

    // Purge: the file gets the placeholder, the kept versions lose the value, git is named with its command.
    await row('MEMORY.md', 'tvly-…3HCS').getByTestId('secret-purge').click();
    await page.getByTestId('purge-confirm-yes').click();
    const result = page.getByTestId('purge-result');
    await expect(result).toHaveAttribute('data-kind', 'purged', { timeout: 30_000 });
    expect(Number(await result.getAttribute('data-versions'))).toBeGreaterThanOrEqual(2);
    await expect(result).toHaveAttribute('data-remaining', '0');
    await expect(page.getByTestId('purge-transcripts')).toContainText('sessions/5ec7e750');
    await expect(page.getByTestId('purge-git')).toContainText('Memory Lens never rewrites git history');
    await expect(page.getByTestId('purge-git-command')).toContainText('filter-repo --replace-text REPLACEMENTS.txt');
    await expectNoRawValue(page, 'purge result');
    await expect(row('MEMORY.md', 'tvly-…3HCS')).toHaveCount(0);
    expect(fs.readFileSync(memory, 'utf8')).toBe(before.replace(TAVILY, '<in password manager>'));
    await snap(page, testInfo.outputPath('secrets-purge-result-1440.png'));
    await page.setViewportSize({ width: 1024, height: 700 });
    await snap(page, testInfo.outputPath('secrets-purge-result-1024.png'));
    await page.setViewportSize({ width: 1440, height: 900 });
    const holding = listFiles(served.dataDir).filter((file) => fs.readFileSync(file).includes(TAVILY));
    expect(holding).toEqual([]);

    // The same password in another file: replaced here, the purge refused, and the words say where it still is.
    await row('MEMORY.md', 'password •••••• (7)').getByTestId('secret-purge').click();
    await page.getByTestId('purge-confirm-yes').click();
    await expect(result).toHaveAttribute('data-kind', 'still-in-files', { timeout: 30_000 });
    await expect(result).toContainText('memory/router.md');
    await expect(result).toContainText('Not purged');
    expect(fs.readFileSync(memory, 'utf8')).not.toContain('hunter2');
    const history = listFiles(path.join(served.dataDir)).filter((file) => fs.readFileSync(file).includes('hunter2'));
    expect(history.length).toBeGreaterThan(0);
    await expectNoRawValue(page, 'purge refused');
  } finally {
    await served.stop();
  }
});

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes(`${path.sep}models`))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
