// Test support (imported only by *.test.ts): files written to a temp workspace and synced by a real
// keyword-only engine, the set-up of the search tests that check what a query returns.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MemoryEngine } from '../../engine.js';

export interface TempEngine {
  engine: MemoryEngine;
  /** The workspace folder, for tests that change a file and sync again. */
  workspace: string;
  /** Closes the engine and removes the folder. */
  dispose(): Promise<void>;
}

/**
 * `files` (workspace-relative path → text), or a function that writes the workspace itself, under
 * a fresh `ml-<prefix>-` folder; the engine has synced them when this resolves.
 */
export async function openTempEngine(
  prefix: string,
  files: Record<string, string> | ((workspace: string) => void),
): Promise<TempEngine> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `ml-${prefix}-`));
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  if (typeof files === 'function') files(workspace);
  else
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
      fs.writeFileSync(path.join(workspace, rel), text);
    }
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dataDir: path.join(root, 'data'),
    openclawHome: path.join(root, 'no-openclaw'),
    embedder: null,
  });
  await engine.sync();
  return {
    engine,
    workspace,
    async dispose() {
      await engine.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
