// OpenClaw's own state folder with agents main and research (e2e/fixtures/openclaw-2026.9), served
// for the specs that switch between them, and the notes that only one of the two holds.
import { serveForFile, type ServedWorkspace } from './serve-fixture.js';

export const MAIN_ONLY = 'memory/2026-08-14-project-atlas.md';
export const RESEARCH_ONLY = 'memory/reading-list.md';

/** One server on the two agents' state folder for every test of the calling spec file. */
export function serveTwoAgents(): () => ServedWorkspace {
  return serveForFile(() => ({ stateFolder: 'openclaw-2026.9' }));
}
