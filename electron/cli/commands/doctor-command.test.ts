// memlens doctor on the planted workspace: the summary and findings as text, the same findings as
// --json with ids that stay the same from one run to the next.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DoctorReportSchema } from '../../../shared/doctor-schemas.js';
import { DOCTOR_FIXTURE } from '../../app/doctor/test-support/doctor-fixture.js';
import { runCaptured } from '../test-support/capture-io.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';

let root: string | null = null;
afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
  root = null;
});

describe('memlens doctor', () => {
  it('prints the findings with evidence and fixes, and --json with stable ids', { timeout: 120_000 }, async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-doctor-cli-'));
    const workspace = path.join(root, 'workspace');
    fs.cpSync(DOCTOR_FIXTURE, workspace, { recursive: true });
    const args = ['--workspace', workspace, '--data-dir', path.join(root, 'data')];

    const text = await runCaptured(root, ['doctor', ...args]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^Doctor: 5 conflicts, 3 duplicates, 1 secret, 1 index problem, \d+ never-used files, 2 dreaming promotions\n/,
    );
    expect(text.stdout).toContain('Gateway port: "18790" vs "18789"');
    expect(text.stdout).toContain('    memory/2026-05-10-gateway.md:5 (2026-05-10, newer)  - Gateway port: 18790');
    expect(text.stdout).toContain('  fix keep-newer-mark: Keep "18790"; mark the older value superseded');
    expect(text.stdout).not.toContain('Xk29fLq8ZpT4mN7vW1sR');

    const first = DoctorReportSchema.parse(JSON.parse((await runCaptured(root, ['doctor', '--json', ...args])).stdout));
    const second = DoctorReportSchema.parse(
      JSON.parse((await runCaptured(root, ['doctor', '--json', ...args])).stdout),
    );
    expect(first.counts.conflict).toBe(5);
    expect(second.findings.map((f) => f.id)).toEqual(first.findings.map((f) => f.id));
    const port = first.findings.find((f) => f.title.startsWith('Gateway port'))!;
    expect(port.id).toMatch(/^[0-9a-f]{16}$/);

    // Who wrote the cited lines, from the history the run scanned: here, files that were there before it began.
    const outside = [['outside', 'outside the app (before history began)']];
    const daily = first.findings.find(
      (f) => f.kind === 'never-used' && f.evidence[0]!.path === 'memory/daily/2026-06-03.md',
    )!;
    expect(
      daily.evidence.map((e) => [`${e.startLine}-${e.endLine}`, e.authors?.map((a) => [a.kind, a.label])]),
    ).toEqual([
      ['4-5', outside],
      ['8-8', outside],
    ]);
    expect(text.stdout).toContain(
      '    memory/daily/2026-06-03.md:8 (2026-06-03, never retrieved in 2 searches since 2026-06-10)  - Watched the keynote recording from the conference.\n' +
        '      written by outside the app (before history began)\n',
    );
  });

  it('--lang zh-CN words the summary, the findings and their fixes in Chinese', { timeout: 120_000 }, async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-doctor-cli-'));
    const workspace = path.join(root, 'workspace');
    fs.cpSync(DOCTOR_FIXTURE, workspace, { recursive: true });
    const args = ['--workspace', workspace, '--data-dir', path.join(root, 'data'), '--lang', 'zh-CN'];
    const text = await runCaptured(root, ['doctor', ...args]);
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toMatch(/^诊断：5 处矛盾，3 处重复，1 个密钥，1 个索引问题，\d+ 个从未使用的文件，2 条梦境提升$/);
    expect(lines[1]).toBe(`工作区  ${workspace}`);
    // What the app says of each finding and fix, not the workspace's own lines or paths.
    const said = lines.filter((l) => /^\[|^ {2}\S|^备注/.test(l));
    expect(said.length).toBeGreaterThan(10);
    expect(said.filter((l) => l.startsWith('  修复 ')).length).toBeGreaterThan(3);
    // Finding and fix ids (`keep-newer-mark`) are names, the same in every language.
    const words = (line: string) => line.replace(/^\[[^\]]*\] \S+|修复 \S+：/, '');
    expect(said.flatMap((line) => englishLeft(words(line)))).toEqual([]);
    // Who wrote the cited lines, in the history view's Chinese words; a secret named by its kind in Chinese.
    const authors = lines.filter((l) => l.startsWith('      写入者：'));
    expect(authors.length).toBeGreaterThan(5);
    expect(authors).toContain('      写入者：应用之外（历史记录开始之前）');
    expect(authors.flatMap((line) => englishLeft(line))).toEqual([]);
    expect(lines.find((l) => l.startsWith('[secret/token]'))).toMatch(/ memory\/topics\/keys\.md:3 中的令牌 …W1sR$/);
  });

  it('refuses positional arguments with a usage error', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-doctor-cli-'));
    const run = await runCaptured(root, ['doctor', 'MEMORY.md', '--workspace', root]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('doctor takes no positional arguments');
  });
});
