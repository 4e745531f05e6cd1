// Switching between two agents' workspaces (OpenClaw's state folder with main and research) on a
// real engine: a workspace opened again answers from its persisted index at once, and the pass
// that brings it in line with the files shows an index run only when it finds something to do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexProgress } from '../../shared/domain.js';
import { AgentActivityStore } from './agent/agent-activity-store.js';
import { openEngine } from './open-engine.js';
import { WorkspaceSession } from './workspace-session.js';

const STATE_FOLDER = path.resolve(__dirname, '../../e2e/fixtures/openclaw-2026.9');
let root: string;
let home: string;
let activity: AgentActivityStore;
let session: WorkspaceSession;
const progress: IndexProgress[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-switch-'));
  home = path.join(root, '.openclaw');
  fs.cpSync(STATE_FOLDER, home, { recursive: true });
  const dataDir = path.join(root, 'data');
  activity = AgentActivityStore.open({ dataDir });
  session = new WorkspaceSession({
    openEngine: (options) => openEngine(options, activity),
    engineOptions: () => ({ dataDir, embedder: null, openclawHome: home }),
    watch: false,
  });
  session.onDidEvent((event) => {
    if (event.name === 'indexProgress') progress.push(event.payload);
  });
}, 60_000);

afterAll(async () => {
  await session?.close();
  activity?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Opens `workspace` and searches at once; the progress its opening pass reported. */
async function switchTo(workspace: string, query: string) {
  progress.length = 0;
  await session.open(path.join(home, workspace), { isSample: false });
  const answer = await session.current().search({ query, minScore: 0 });
  await session.whenSynced();
  return { paths: answer.results.map((r) => r.path), phases: progress.map((p) => p.phase) };
}

describe('switching agents', () => {
  it('indexes a workspace the first time, then answers from its persisted index without an index run', async () => {
    const first = await switchTo('workspace-research', 'billing BM25');
    expect(first.phases[0]).toBe('scanning');
    expect(first.phases.at(-1)).toBe('done');
    await switchTo('workspace', 'billing BM25');

    const back = await switchTo('workspace-research', 'billing BM25');
    expect(back.paths).toContain('memory/reading-list.md');
    expect(back.phases).toEqual([]);
    // …and status still says that opening's sync finished (the window waits on it).
    expect(session.current().status().progress?.phase).toBe('done');
    const main = await switchTo('workspace', 'billing BM25');
    expect(main.paths).toContain('memory/2026-08-14-project-atlas.md');
    expect(main.phases).toEqual([]);
  }, 60_000);

  it('a file changed while the agent was away is indexed on return, and that run is shown', async () => {
    await switchTo('workspace', 'billing BM25');
    fs.appendFileSync(path.join(home, 'workspace-research', 'memory', 'reading-list.md'), '\nQuokka ledger notes.\n');
    const back = await switchTo('workspace-research', 'quokka');
    expect(back.phases).toContain('indexing');
    expect(back.phases.at(-1)).toBe('done');
    expect((await session.current().search({ query: 'quokka', minScore: 0 })).results[0]?.path).toBe(
      'memory/reading-list.md',
    );
  }, 60_000);
});
