// The desktop app falls back to the sample when the last workspace cannot be opened, and says so on
// stderr in the process's language: a Chinese line when it runs in Chinese.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { englishText, translator } from '../../shared/i18n.js';
import { logText } from '../../shared/log-line.js';
import type { MessageRef } from '../../shared/i18n.js';
import { englishLeft } from '../../shared/test-support/english-left.js';
import { indexPathFor } from '../memory/files/data-dir.js';
import { AgentActivityStore } from './agent/agent-activity-store.js';
import { bundledSampleWorkspace, findPackageRoot } from './app-paths.js';
import { openEngine } from './open-engine.js';
import { SettingsStore, settingsPathFor } from './settings-store.js';
import { openStartupWorkspace } from './startup-workspace.js';
import { WorkspaceSession } from './workspace-session.js';

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe('the startup workspace', () => {
  it('opens the sample when the last workspace cannot be opened, with a Chinese line for a Chinese process', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-startup-'));
    const dataDir = path.join(root, 'data');
    const last = path.join(root, 'notes');
    fs.mkdirSync(last);
    // Its index file is a folder: SQLite cannot open it, so the workspace cannot be opened.
    fs.mkdirSync(indexPathFor(dataDir, last), { recursive: true });
    const settings = await SettingsStore.open(settingsPathFor(dataDir));
    await settings.recordWorkspace(last, { recent: false });
    const activity = AgentActivityStore.open({ dataDir });
    const session = new WorkspaceSession({
      openEngine: (options) => openEngine(options, activity),
      engineOptions: () => ({ dataDir, embedder: null, openclawHome: path.join(root, 'no-openclaw') }),
      watch: false,
    });
    cleanup = async () => {
      await session.close();
      activity.close();
      fs.rmSync(root, { recursive: true, force: true });
    };
    const lines: MessageRef[] = [];

    await openStartupWorkspace(session, settings, {
      dataDir,
      sampleSource: bundledSampleWorkspace(findPackageRoot()),
      log: (line) => lines.push(line),
    });

    expect(session.info().isSample).toBe(true);
    expect(lines).toHaveLength(1);
    const english = englishText(lines[0]!);
    expect(english.startsWith(`cannot open ${last}: Cannot open the index at `)).toBe(true);
    expect(english.endsWith('; opening the sample workspace')).toBe(true);
    const chinese = logText(translator('zh-CN'), lines[0]!);
    expect(chinese).toContain(`无法打开 ${last}：`);
    expect(chinese).toContain('改为打开示例工作区');
    expect(englishLeft(chinese)).toEqual([]);
  }, 60_000);
});
