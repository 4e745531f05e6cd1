// `memlens search "what did we do on Feb 5th"` in a terminal: the day's note first, and --explain
// says in words that it is dated the asked day, which words were the date and which the question,
// and how the final score follows from its tier — on the 30-day workspace of issue 32.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDatedWorkspace } from '../memory/search/test-support/dated-workspace.js';
import { runCaptured } from './test-support/capture-io.js';

let tmp: string;
let workspace: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-dated-'));
  workspace = path.join(tmp, 'workspace');
  writeDatedWorkspace(workspace);
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('memlens search, a date-only question', () => {
  it('lists the day’s note first and explains it as dated the asked day', async () => {
    const { code, stdout, stderr } = await runCaptured(tmp, [
      'search',
      'what did we do on Feb 5th',
      '--workspace',
      workspace,
      '--data-dir',
      path.join(tmp, 'data'),
      '--now',
      '2026-03-05T10:00:00+08:00',
      '--explain',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const first = stdout.split('\n').find((l) => /^ 1\. /.test(l)) ?? '';
    expect(first).toMatch(/^ 1\. 0\.9\d\d {2}memory\/2026-02-05\.md:/);
    expect(stdout).toContain('dated    Dated the asked day (5 Feb 2026): the note of that day');
    expect(stdout).toContain('Read as the date: “Feb 5th”; “what did we do” as the question.');
    expect(stdout).toMatch(/final {4}0\.9\d\d = the note of that day's band, ordered within by/);
    expect(stdout).toMatch(/why: #1 is the note of that day and #2 a note dated then: 0\.9\d\d vs 0\.8\d\d\./);
  }, 120_000);
});
