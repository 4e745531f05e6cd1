// The prompt budget in real Chromium against serve mode: the editor's budget bar and shading
// follow the text as you type past the cap, and agree character for character with the engine's
// report (`memlens context --json`) once saved; the exact injected text; the Context view; moving a
// section to a topic file and undoing it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type ServedWorkspace } from './support/serve-fixture.js';
import { mod, openApp, openFile, root, snap } from './support/ui-helpers.js';
import type { ContextReport } from '../shared/domain.js';

/** serve-fixture runs memlens with its own HOME (the workspace is `<home>/.openclaw/workspace`): OpenClaw's config goes there. */
function writeOpenclawConfig(served: ServedWorkspace, json5: string): void {
  const dir = path.join(served.home, '.openclaw');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'openclaw.json'), json5);
}

function cliContext(served: ServedWorkspace): ContextReport {
  const out = execFileSync(
    process.execPath,
    [
      path.join(root, 'bin', 'memlens.js'),
      'context',
      '--json',
      '--workspace',
      served.workspace,
      '--data-dir',
      path.join(served.home, 'cli-data'),
    ],
    { cwd: root, env: { ...process.env, HOME: served.home, MEMLENS_MODEL: '' }, encoding: 'utf8' },
  );
  return JSON.parse(out) as ContextReport;
}

/** About 75% of a 600-character cap. */
function smallMemory(): string {
  let text = '# Memory\n\n';
  for (let i = 1; text.length < 440; i++) text += `- Fact ${i}: the router in room ${i} was replaced in May.\n`;
  return text;
}

test('typing past the cap shades what the agent will not see, live, and matches the engine after saving', async ({
  page,
  served,
}, testInfo) => {
  writeOpenclawConfig(
    served,
    '// a small cap so the whole file fits on screen\n{ agents: { defaults: { bootstrapMaxChars: 600, } } }\n',
  );
  const memory = smallMemory();
  expect(memory.trimEnd().length).toBeLessThan(0.85 * 600);
  fs.writeFileSync(path.join(served.workspace, 'MEMORY.md'), memory);
  await openApp(page, served.url);
  await openFile(page, 'MEMORY.md');

  const bar = page.getByTestId('budget-bar');
  await expect(bar).toHaveAttribute('data-level', 'ok');
  await expect(page.getByTestId('budget-headline')).toContainText(`MEMORY.md ${memory.trimEnd().length} / 600 chars`);
  await expect(page.locator('.cm-budget-dropped')).toHaveCount(0);

  // Past 85% of the cap: a warning before anything is cut.
  await page.locator('.cm-content').click();
  await page.keyboard.press(`${mod}+End`);
  await page.keyboard.type('- Also: backups run at 02:00 every night, checked weekly by the on-call person.');
  await expect(bar).toHaveAttribute('data-level', 'near');
  await expect(page.locator('.cm-budget-dropped')).toHaveCount(0);

  // Past the cap: cut, and the cut region is shaded while typing.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Passwords rotate on the first Monday of each quarter; the vault owner is Dana.');
  await expect(bar).toHaveAttribute('data-level', 'over');
  await expect(page.getByTestId('budget-headline')).toContainText(/the agent will not see lines? \d+/);
  await expect(page.locator('.cm-budget-dropped').first()).toBeVisible();
  await snap(page, testInfo.outputPath('budget-typing.png'), 'budget');
  // "the agent will not see lines N–M" goes to line N, not to a dialog.
  const firstCut = Number(/will not see lines? (\d+)/.exec(await page.getByTestId('budget-headline').innerText())![1]);
  await page.getByTestId('budget-headline').click();
  await expect(page.getByTestId('injected-text-dialog')).toHaveCount(0);
  await expect(page.locator('.cm-hit-line').first()).toBeVisible();
  // The small file is drawn whole, so the marked line's place among the lines is its number.
  const marked = await page
    .locator('.cm-content')
    .evaluate(
      (el) => Array.from(el.querySelectorAll('.cm-line')).findIndex((l) => l.classList.contains('cm-hit-line')) + 1,
    );
  expect(marked).toBe(firstCut);

  // The exact text the agent receives, marker included.
  await page.getByTestId('budget-show-text').click();
  const dialog = page.getByTestId('injected-text-dialog');
  await expect(dialog.getByTestId('injected-marker').first()).toHaveText(
    '[...truncated, read MEMORY.md for full content...]',
  );
  await expect(dialog.getByTestId('injected-text')).toContainText(`## ${path.join(served.workspace, 'MEMORY.md')}`);
  const liveInjected = await dialog.getByTestId('injected-summary').innerText();
  await page.keyboard.press('Escape');

  // Save: the engine's report (CLI, separate process) cuts exactly what the editor shaded.
  await page.keyboard.press(`${mod}+s`);
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  const saved = fs.readFileSync(path.join(served.workspace, 'MEMORY.md'), 'utf8');
  const report = cliContext(served);
  const file = report.files.find((f) => f.name === 'MEMORY.md')!;
  expect(file.status).toBe('truncated');
  expect(report.limits.perFile).toMatchObject({ value: 600, source: 'config-defaults' });
  const shaded = await page
    .locator('.cm-budget-dropped')
    .evaluateAll((els) => els.map((el) => el.textContent ?? '').join('\n'));
  expect(shaded).toBe(file.dropped.map((d) => saved.slice(d.from, d.to)).join('\n'));
  expect(liveInjected).toContain(`${file.injectedChars} characters`);
});

test('the Context view lists every bootstrap file with its bar, per release, and moving a section out of MEMORY.md can be undone', async ({
  page,
  served,
}, testInfo) => {
  const ws = served.workspace;
  fs.writeFileSync(
    path.join(ws, 'AGENTS.md'),
    '# AGENTS.md\n\n- Read MEMORY.md before answering questions about the past.\n- Never share secrets.\n',
  );
  fs.writeFileSync(path.join(ws, 'SOUL.md'), '# SOUL.md\n\nWarm, direct, a little dry. 中文和英文都可以。\n');
  fs.writeFileSync(path.join(ws, 'TOOLS.md'), '# TOOLS.md\n\nssh home-server; the NAS is nas.local.\n');
  const base = fs.readFileSync(path.join(ws, 'MEMORY.md'), 'utf8').trimEnd();
  const promoted = (date: string, n: number) =>
    `## Promoted From Short-Term Memory (${date})\n\n${Array.from({ length: n }, (_, i) => `<!-- openclaw-memory-promotion:memory:memory/${date}.md:${i + 1}:${i + 2} -->\n- Note ${i + 1} from ${date}: the weekly sync moved to Thursdays and the build cache lives on the NAS. [score=0.71 recalls=3 avg=0.66 source=memory/${date}.md:${i + 1}-${i + 2}]`).join('\n')}\n`;
  const memory = `${base}\n\n${promoted('2026-06-12', 40)}\n${promoted('2026-05-30', 60)}`;
  fs.writeFileSync(path.join(ws, 'MEMORY.md'), memory);
  expect(memory.length).toBeGreaterThan(20_000);

  await openApp(page, served.url);
  await page.getByTestId('view-context').click();
  const rows = page.getByTestId('context-file');
  await expect(rows).toHaveCount(7);
  await expect(rows.nth(0)).toHaveAttribute('data-name', 'AGENTS.md');
  await expect(page.locator('[data-testid="context-file"][data-name="MEMORY.md"]')).toHaveAttribute(
    'data-status',
    'truncated',
  );
  await expect(page.locator('[data-testid="context-file"][data-name="TOOLS.md"]')).toHaveAttribute(
    'data-status',
    'not-loaded',
  );
  await expect(page.locator('[data-testid="context-file"][data-name="IDENTITY.md"]')).toHaveAttribute(
    'data-status',
    'missing',
  );
  // "missing" says what the agent gets instead, so it is not read as "absent" (nothing injected).
  const missing = page.locator('[data-testid="context-file"][data-name="IDENTITY.md"]');
  await expect(missing.getByTestId('context-status')).toHaveAttribute('title', /\[MISSING\] Expected at/);
  await expect(missing).toContainText('the agent sees a "[MISSING] Expected at: …" line in its place');
  await expect(page.getByTestId('context-promoted')).toContainText('Promoted 2026-05-30');
  await expect(page.getByTestId('context-limits')).toContainText('20,000');
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByTestId('toggle-search').click();
  await snap(page, testInfo.outputPath('context.png'), 'context');
  await page.getByTestId('toggle-search').click();

  // The older release loads TOOLS.md and has no USER.md cap.
  await page.getByTestId('context-version').selectOption('2026.2.26');
  await expect(page.locator('[data-testid="context-file"][data-name="TOOLS.md"]')).toHaveAttribute(
    'data-status',
    'full',
  );
  await expect(page.locator('[data-testid="context-file"][data-name="HEARTBEAT.md"]')).toHaveAttribute(
    'data-status',
    'missing',
  );
  await page.getByTestId('context-version').selectOption('2026.9.6');
  // Its report re-lays the view out (TOOLS.md loses its bar, USER.md's cap line comes back): a click
  // pressed before that and released after it lands beside MEMORY.md, and nothing opens.
  await expect(page.locator('[data-testid="context-file"][data-name="TOOLS.md"]')).toHaveAttribute(
    'data-status',
    'not-loaded',
  );
  await expect(page.getByTestId('context-view')).not.toHaveAttribute('data-loading');

  // Move the oldest promoted section to a topic file, then undo it.
  await page.locator('[data-testid="context-file"][data-name="MEMORY.md"]').getByTestId('context-file-open').click();
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', 'MEMORY.md');
  await expect(page.getByTestId('budget-bar')).toHaveAttribute('data-level', 'over');
  await page.getByTestId('budget-sections').click();
  const oldest = page.getByTestId('promoted-section').first();
  await expect(oldest).toContainText('Promoted 2026-05-30');
  await oldest.getByTestId('section-move').click();
  await expect(page.getByTestId('move-section-target')).toContainText('memory/promoted-2026-05-30.md');
  await page.getByTestId('move-section-confirm').click();
  const topic = path.join(ws, 'memory', 'promoted-2026-05-30.md');
  await expect.poll(() => fs.existsSync(topic)).toBe(true);
  expect(fs.readFileSync(topic, 'utf8')).toBe(`${promoted('2026-05-30', 60).trimEnd()}\n`);
  await expect(page.locator('.cm-content')).toContainText(
    'Promoted From Short-Term Memory (2026-05-30): moved to memory/promoted-2026-05-30.md',
  );
  // The file now fits: nothing shaded, the bar says so; the pointer is not saved until you save.
  await expect(page.getByTestId('budget-bar')).not.toHaveAttribute('data-level', 'over');
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'dirty');
  expect(fs.readFileSync(path.join(ws, 'MEMORY.md'), 'utf8')).toBe(memory);

  await page.getByTestId('section-move-undo').click();
  await expect.poll(() => fs.existsSync(topic)).toBe(false);
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
  await expect(page.getByTestId('budget-bar')).toHaveAttribute('data-level', 'over');
});

test('small window: the budget bar and the Context view stay readable', async ({ page, served }, testInfo) => {
  await page.setViewportSize({ width: 760, height: 560 });
  await openApp(page, served.url);
  await openFile(page, 'USER.md');
  // On a small window people close the search panel to make room.
  await page.getByTestId('toggle-search').click();
  await expect(page.getByTestId('budget-headline')).toContainText('USER.md');
  await expect(page.getByTestId('budget-headline')).toContainText('/ 4,000 chars');
  await snap(page, testInfo.outputPath('budget-small.png'));
  await page.getByTestId('view-context').click();
  await expect(page.getByTestId('context-file').first()).toBeVisible();
  await snap(page, testInfo.outputPath('context-small.png'));
});
