// memlens index and status, as a user reads them: a file the index leaves out (over the size
// limit) is listed as skipped with its reason on every run — never counted as "unchanged".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INDEXED_MARKDOWN_BYTES } from '../../memory/sync/sync-target.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';
import { runCli } from '../main.js';
import { captureIo, runCaptured } from '../test-support/capture-io.js';

let tmp: string;
let workspace: string;
const cli = (...argv: string[]) =>
  runCaptured(tmp, [...argv, '--workspace', workspace, '--data-dir', path.join(tmp, 'data')]);

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cli-index-'));
  workspace = path.join(tmp, 'workspace');
  fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n\n- Prefers tea.\n');
  fs.writeFileSync(path.join(workspace, 'memory', 'dump.md'), 'x'.repeat(MAX_INDEXED_MARKDOWN_BYTES + 1));
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('memlens index: skipped files', () => {
  it(
    'says a file over the size limit was skipped and why, on the first run and the next',
    { timeout: 60_000 },
    async () => {
      for (let run = 0; run < 2; run++) {
        const out = await cli('index');
        expect(out.code).toBe(0);
        expect(out.stdout).toContain(
          run === 0 ? '1 indexed, 0 unchanged, 1 skipped' : '0 indexed, 1 unchanged, 1 skipped',
        );
        expect(out.stdout).toMatch(
          /\n {2}skipped memory\/dump\.md: too large to index \(5\.0 MB; Markdown files over 5\.0 MB are not indexed\)\n/,
        );
      }
      const json = JSON.parse((await cli('index', '--json')).stdout) as {
        filesUnchanged: number;
        filesSkipped: number;
        skipped: unknown[];
      };
      expect(json).toMatchObject({ filesUnchanged: 1, filesSkipped: 1, skipped: [{ path: 'memory/dump.md' }] });
      const status = await cli('status');
      expect(status.stdout).toMatch(/skipped {5}1 \(not indexed\)\n {2}memory\/dump\.md: too large to index/);
    },
  );
});

describe('memlens index --lang zh-CN', () => {
  it('reports the run in Chinese; English stays the default', { timeout: 60_000 }, async () => {
    const zh = await cli('index', '--lang', 'zh-CN');
    expect(zh.code).toBe(0);
    const lines = zh.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`已索引 ${workspace}`);
    expect(lines[1]).toMatch(/^ {2}文件：扫描 2 个，索引 \d 个，未变 \d 个，跳过 1 个，移除 0 个，失败 0 个$/);
    expect(zh.stdout).toContain(
      '  已跳过 memory/dump.md：文件太大，未编入索引（5.0 MB；超过 5.0 MB 的 Markdown 文件不编入索引）\n',
    );
    expect(zh.stdout).toMatch(/^ {2}用时 \d+ 毫秒$/m);
    expect(zh.stdout).toMatch(/^ {2}模式：仅关键词（没有配置嵌入模型）$/m);
    // The skip reason and the mode's reason are worded by id too: no English sentence is left.
    expect(lines.flatMap((l) => englishLeft(l))).toEqual([]);
    expect((await cli('index')).stdout).toMatch(/^Indexed .*\n {2}files: 2 scanned, /);
  });

  it('on a terminal, the progress line names each phase in Chinese', { timeout: 60_000 }, async () => {
    const progress = async (...lang: string[]): Promise<string[]> => {
      const { io, err } = captureIo(tmp);
      const argv = ['index', '--full', '--workspace', workspace, '--data-dir', path.join(tmp, 'data'), ...lang];
      expect(await runCli(argv, { ...io, stderrIsTty: true })).toBe(0);
      return err.filter((e) => e !== '\r\x1b[K').map((e) => e.replace(/^\r/, '').trimEnd());
    };
    const zh = await progress('--lang', 'zh-CN');
    expect(zh.length).toBeGreaterThan(0);
    for (const line of zh) expect(line).toMatch(/^(扫描中|索引中|嵌入中|移除中|重建中|完成) \d+\/\d+$/);
    expect(zh).toEqual(['索引中 0/2', '完成 2/2']);
    const en = await progress();
    for (const line of en) expect(line).toMatch(/^(scanning|indexing|embedding|removing|rebuilding|done) \d+\/\d+$/);
    expect(en).toEqual(['indexing 0/2', 'done 2/2']);
  });

  it('memlens status --lang zh-CN says why each file was skipped in Chinese', { timeout: 60_000 }, async () => {
    const zh = await cli('status', '--lang', 'zh-CN');
    expect(zh.stdout).toContain(
      '  memory/dump.md: 文件太大，未编入索引（5.0 MB；超过 5.0 MB 的 Markdown 文件不编入索引）\n',
    );
  });
});
