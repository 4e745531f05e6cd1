// Helpers for driving the real UI in e2e/ui.spec.ts and the UI benchmarks: open files, type into
// CodeMirror, run the CLI for the same query, and start serve mode with the tiny test model.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { writeTinyModel, TINY_MODEL_ID } from '../../electron/memory/embed/test-support/tiny-model.js';
import type { SearchResponse } from '../../shared/domain.js';
import { startServe } from './serve-fixture.js';

export const root = path.resolve(import.meta.dirname, '..', '..');

export const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

/** A models folder with the tiny BERT model, so serve mode and the CLI both run hybrid search. */
export async function tinyModelsDir(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-e2e-models-'));
  await writeTinyModel({ modelsDir: dir });
  return dir;
}

export async function startHybridServe() {
  const models = await tinyModelsDir();
  const served = await startServe(['--model', TINY_MODEL_ID, '--models', models]);
  return {
    ...served,
    models,
    stop: async () => {
      await served.stop();
      fs.rmSync(models, { recursive: true, force: true });
    },
  };
}

/**
 * How long a first index may take on a loaded machine (2 cores shared by several runs took over
 * 30 s). The wait does not count against the test's own timeout: openApp adds it.
 */
const INDEXING_BOUND_MS = 180_000;

/**
 * Opens the page and waits until indexing finished: the status bar's `data-index-phase` is `done`
 * once the engine reported the end of this server's sync (the phase it keeps until the next one).
 */
export async function openApp(page: Page, url: string): Promise<void> {
  // Outside a test (the UI benchmarks) there is no test timeout to extend.
  const info = (() => {
    try {
      return test.info();
    } catch {
      return null;
    }
  })();
  if (info && info.timeout > 0) info.setTimeout(info.timeout + INDEXING_BOUND_MS);
  await page.goto(url);
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-index-phase', 'done', {
    timeout: INDEXING_BOUND_MS,
  });
  await expect(page.getByTestId('file-item').first()).toBeVisible();
  await expect(page.getByTestId('status-files')).toBeVisible();
}

/** The header's view switcher is one row of one-line buttons: no view's name wraps. */
export async function expectSwitcherOnOneLine(page: Page): Promise<void> {
  const rows = await page.locator('nav.segmented button').evaluateAll((buttons) =>
    buttons.map((b) => {
      // Buttons in a row stretch to the tallest: count the lines of the name itself.
      const range = document.createRange();
      range.selectNodeContents(b);
      return {
        top: Math.round(b.getBoundingClientRect().top),
        lines: new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size,
      };
    }),
  );
  expect(new Set(rows.map((r) => r.top)).size).toBe(1);
  expect(rows.filter((r) => r.lines > 1)).toEqual([]);
}

/** Types a query into the search panel and waits until its answer is shown; returns the result count. */
export async function searchFor(page: Page, query: string): Promise<number> {
  await page.getByTestId('search-input').fill(query);
  await expect(page.getByTestId('search-summary')).toContainText(`for “${query}”`);
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-value', 'done');
  return Number(await page.getByTestId('search-summary').getAttribute('data-count'));
}

export function fileItem(page: Page, relPath: string): Locator {
  return page.locator(`[data-testid="file-item"][data-path="${relPath}"]`);
}

/** Opens a file through the sidebar and waits for the editor to hold it. */
export async function openFile(page: Page, relPath: string): Promise<void> {
  await page.getByTestId('file-filter').fill(path.posix.basename(relPath));
  await fileItem(page, relPath).locator('.file-item__open').click();
  await page.getByTestId('file-filter').fill('');
  await expect(page.getByTestId('editor-pane')).toHaveAttribute('data-path', relPath);
  await expect(page.getByTestId('editor-phase')).toHaveAttribute('data-value', 'clean');
}

/** Moves the cursor to the end of the document and types (no newlines: Markdown continues lists on Enter). */
export async function typeAtEnd(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press(`${mod}+End`);
  await page.keyboard.type(text);
}

export function editorText(page: Page): Promise<string> {
  return page.locator('.cm-content').evaluate((el) => {
    // CodeMirror keeps the document in its view; lines are .cm-line elements.
    return Array.from(el.querySelectorAll('.cm-line'))
      .map((l) => l.textContent ?? '')
      .join('\n');
  });
}

/** `memlens search QUERY --json` on the same workspace (its own index file), as a user would run it. */
export function cliSearch(workspace: string, query: string, extraArgs: string[] = []): SearchResponse {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-e2e-cli-'));
  try {
    const out = execFileSync(
      process.execPath,
      [
        path.join(root, 'bin', 'memlens.js'),
        'search',
        query,
        '--json',
        '--workspace',
        workspace,
        '--db',
        path.join(tmp, 'index.sqlite'),
        '--data-dir',
        tmp,
        ...extraArgs,
      ],
      {
        cwd: root,
        env: { ...process.env, HOME: tmp, MEMLENS_MODEL: '' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return JSON.parse(out) as SearchResponse;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Saves a screenshot as a test artifact, and optionally as the README's picture of a view. */
export type ReadmeScreenshot =
  'editor' | 'timeline' | 'search' | 'search-1024' | 'transcript' | 'settings' | 'small-window' | 'context' | 'budget';

export async function snap(page: Page, outputPath: string, readmeName?: ReadmeScreenshot): Promise<void> {
  await page.screenshot({ path: outputPath });
  // The README's copies change only on request, so a test run never dirties the checkout.
  if (readmeName && process.env.MEMLENS_UPDATE_SCREENSHOTS === '1') {
    const target = path.join(root, 'docs', 'screenshots', `${readmeName}.png`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(outputPath, target);
  }
}
