// Which workspace a shell opens when the user named none: the one they used last (desktop), else
// OpenClaw's own (~/.openclaw/workspace), else a private copy of the bundled sample — a copy, so
// trying out the editor never modifies the app's resources.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MemoryLensError } from '../../shared/errors.js';

export interface WorkspaceChoice {
  dir: string;
  isSample: boolean;
  /** What decided it, for the startup message. */
  reason: 'explicit' | 'last' | 'openclaw' | 'sample';
}

export interface ChooseWorkspaceOptions {
  explicit?: string | null;
  lastWorkspace?: string | null;
  /** Default ~/.openclaw. */
  openclawHome?: string;
  /** resources/sample-workspace; null when the app ships without it. */
  sampleSource: string | null;
  /** The sample is copied to `<dataDir>/sample-workspace` on first use. */
  dataDir: string;
}

export async function chooseWorkspace(options: ChooseWorkspaceOptions): Promise<WorkspaceChoice> {
  if (options.explicit) {
    const dir = path.resolve(options.explicit);
    if (!(await isDirectory(dir)))
      throw new MemoryLensError('NOT_FOUND', { messageId: 'errors:workspaceNotFound', params: { path: dir } });
    return { dir, isSample: false, reason: 'explicit' };
  }
  if (options.lastWorkspace && (await isDirectory(options.lastWorkspace))) {
    return {
      dir: options.lastWorkspace,
      isSample: options.lastWorkspace === sampleCopyDir(options.dataDir),
      reason: 'last',
    };
  }
  const openclaw = path.join(options.openclawHome ?? path.join(os.homedir(), '.openclaw'), 'workspace');
  if (await isDirectory(openclaw)) return { dir: openclaw, isSample: false, reason: 'openclaw' };
  if (!options.sampleSource) {
    throw new MemoryLensError('NOT_FOUND', { messageId: 'errors:workspace.noneFound' });
  }
  return { dir: await ensureSampleCopy(options.sampleSource, options.dataDir), isSample: true, reason: 'sample' };
}

export function sampleCopyDir(dataDir: string): string {
  return path.join(dataDir, 'sample-workspace');
}

/** Copies the sample once; later runs keep the user's edits to their copy. */
export async function ensureSampleCopy(sampleSource: string, dataDir: string): Promise<string> {
  const target = sampleCopyDir(dataDir);
  if (await isDirectory(target)) return target;
  const staging = `${target}.tmp-${process.pid}`;
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.cp(sampleSource, staging, { recursive: true, dereference: false, verbatimSymlinks: true });
  await fs.rename(staging, target);
  return target;
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await fs.stat(dir).catch(() => null))?.isDirectory() ?? false;
}
