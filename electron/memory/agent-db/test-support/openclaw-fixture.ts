// The committed OpenClaw 2026.9.6 state folder (e2e/fixtures/openclaw-2026.9, made by OpenClaw's
// own code), copied to a temp folder per test, with the sha256 of every file so a test can prove
// that reading it changed nothing.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../e2e/fixtures/openclaw-2026.9',
);

export interface OpenclawCopy {
  /** The copied state folder (`~/.openclaw`). */
  home: string;
  /** `home/workspace` (agent main). */
  workspace: string;
  dataDir: string;
  dbPath(agentId: string): string;
  /** sha256 of each agent database (the main file; -wal / -shm are SQLite's own). */
  databaseHashes(): Record<string, string>;
  remove(): void;
}

export function copyOpenclawFixture(): OpenclawCopy {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-openclaw-'));
  const home = path.join(root, '.openclaw');
  fs.cpSync(FIXTURE_DIR, home, { recursive: true });
  const dbPath = (agentId: string) => path.join(home, 'agents', agentId, 'agent', 'openclaw-agent.sqlite');
  return {
    home,
    workspace: path.join(home, 'workspace'),
    dataDir: path.join(root, 'data'),
    dbPath,
    databaseHashes: () =>
      Object.fromEntries(
        fs
          .readdirSync(path.join(home, 'agents'))
          .filter((id) => fs.existsSync(dbPath(id)))
          .map((id) => [id, sha256File(dbPath(id))]),
      ),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

export function sha256File(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}
