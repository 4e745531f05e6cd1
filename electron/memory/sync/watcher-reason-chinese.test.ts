// Why the file watcher stopped, as a Chinese interface reads it: the watch limit (ENOSPC) and a
// watcher the system failed (EACCES) reach status by message id beside their English. The fault is
// injected into real chokidar as the error it reports (running as root, limits cannot be lowered here).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IndexStatus } from '../../../shared/domain.js';
import { localText, translator } from '../../../shared/i18n.js';
import { watcherReasonOf } from '../../../shared/index-reasons.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';
import { MemoryEngine } from '../engine.js';

const engines: MemoryEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
});

/** An engine watching a temp workspace, and the chokidar watcher it opened. */
async function watching(): Promise<{ engine: MemoryEngine; watcher: FSWatcher }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-watch-zh-'));
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n');
  let opened: FSWatcher | null = null;
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dbPath: path.join(root, 'data', 'index.sqlite'),
    dataDir: path.join(root, 'data'),
    openclawHome: path.join(root, 'oc'),
    openWatcher: (paths, options) => (opened = watch(paths, options)),
  });
  engines.push(engine);
  await engine.startWatching();
  expect(engine.status().watcher).toBe('watching');
  return { engine, watcher: opened! };
}

const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** The watcher's reason from status as it crosses the API, in Chinese. */
function chineseReason(status: IndexStatus): string {
  const sent = JSON.parse(JSON.stringify(status)) as IndexStatus;
  return localText(translator('zh-CN'), watcherReasonOf(sent)!);
}

describe("the file watcher's error in Chinese", () => {
  it('the watch limit: what stands in for the watcher and what to raise, with no English sentence left', async () => {
    const { engine, watcher } = await watching();
    watcher.emit('error', systemError('ENOSPC', 'ENOSPC: System limit for number of file watchers reached'));
    await vi.waitFor(() => expect(engine.status().watcher).toBe('error'));
    const status = engine.status();
    expect(status.watcherReason).toMatch(/limit on watched files is reached \(ENOSPC.*rescan every 10 s/);
    const chinese = chineseReason(status);
    expect(chinese).toMatch(/^系统可监视的文件数已达上限（ENOSPC.*每 10 秒一次的重新扫描/);
    expect(englishLeft(chinese)).toEqual([]);
  });

  it("a watcher that failed: the system's error is worded with its path and code in each language", async () => {
    const { engine, watcher } = await watching();
    watcher.emit('error', systemError('EACCES', "EACCES: permission denied, watch '/w/memory'"));
    await vi.waitFor(() => expect(engine.status().watcher).toBe('error'));
    const status = engine.status();
    expect(status.watcherReason).toBe(
      'The file watcher failed (/w/memory: permission denied (EACCES)); the workspace is being rescanned.',
    );
    expect(chineseReason(status)).toBe('文件监视器出错（/w/memory：没有访问权限（EACCES））；正在重新扫描工作区。');
    expect(englishLeft(chineseReason(status))).toEqual([]);
  });
});
