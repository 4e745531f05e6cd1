// Test fixture: a temp copy of shared/fixtures/doctor-workspace (planted duplicates, conflicts,
// superseded facts, dreaming lines, never-retrieved lines and "fine" look-alikes) served by a real
// engine over a real SQLite index.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MemoryEngineApi } from '../../../memory/engine-types.js';
import { openEngine } from '../../open-engine.js';

export const DOCTOR_FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/fixtures/doctor-workspace',
);
/** "Now" for every doctor test: after every planted date, so ages are fixed. */
export const DOCTOR_NOW = Date.parse('2026-12-01T00:00:00Z');

export interface DoctorFixture {
  workspace: string;
  engine: MemoryEngineApi;
  read(rel: string): string;
  cleanup(): Promise<void>;
}

/** The bundled sample workspace, which the doctor's counts per kind are documented for. */
export const SAMPLE_WORKSPACE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../resources/sample-workspace',
);

/** A temp copy of `source` (default the planted fixture), indexed. */
export async function openDoctorFixture(source: string = DOCTOR_FIXTURE): Promise<DoctorFixture> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-doctor-'));
  const workspace = path.join(root, 'workspace');
  fs.cpSync(source, workspace, { recursive: true });
  const engine = await openEngine({ workspaceDir: workspace, dataDir: path.join(root, 'data'), embedder: null });
  await engine.sync();
  return {
    workspace,
    engine,
    read: (rel) => fs.readFileSync(path.join(workspace, rel), 'utf8'),
    async cleanup() {
      await engine.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The planted fixture's files by workspace path, for a workspace opened through the app core. */
export function doctorFixtureFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(DOCTOR_FIXTURE, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else out[rel] = fs.readFileSync(path.join(DOCTOR_FIXTURE, rel), 'utf8');
    }
  };
  walk('');
  return out;
}
