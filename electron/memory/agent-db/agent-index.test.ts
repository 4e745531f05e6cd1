import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryEngine } from '../engine.js';
import { copyOpenclawFixture, type OpenclawCopy } from './test-support/openclaw-fixture.js';

let copy: OpenclawCopy;
const engines: MemoryEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  copy?.remove();
});

async function open(workspace: string): Promise<MemoryEngine> {
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dataDir: path.join(copy.dataDir, path.basename(workspace)),
    openclawHome: copy.home,
  });
  engines.push(engine);
  await engine.sync();
  return engine;
}

describe("the agent's own index beside the files", () => {
  it('says, per memory file, current / stale / missing / extra with its chunk count and the revision', async () => {
    copy = copyOpenclawFixture();
    const before = copy.databaseHashes();
    const engine = await open(copy.workspace);
    const { databases } = await engine.agentDatabases();
    expect(databases.map((d) => d.agentId)).toEqual(['main']);
    const index = databases[0]!.index!;
    expect(index.revision).toBeGreaterThan(0);
    expect(Object.fromEntries(index.files.map((f) => [f.path, f.status]))).toEqual({
      'MEMORY.md': 'current',
      'USER.md': 'current',
      'memory/2026-08-14-project-atlas.md': 'current',
      // The agent's write after its last index run: stale; a new note it has not indexed; a note it still holds.
      'memory/2026-09-01.md': 'stale',
      'memory/2026-09-02.md': 'missing',
      'memory/finance.md': 'current',
      'memory/old-notes.md': 'extra',
    });
    expect(index.counts).toEqual({ current: 4, stale: 1, missing: 1, extra: 1 });
    expect(index.files.find((f) => f.path === 'MEMORY.md')!.chunks).toBeGreaterThan(3);
    expect(index.files.find((f) => f.path === 'memory/2026-09-02.md')!.chunks).toBe(0);

    // Editing a file the agent indexed makes it stale in our view at once (our index follows the save).
    const text = fs.readFileSync(path.join(copy.workspace, 'USER.md'), 'utf8');
    const saved = await engine.readFile('USER.md');
    await engine.saveFile('USER.md', `${text}- Prefers Feishu over email.\n`, saved.hash);
    const after = (await engine.agentDatabases()).databases[0]!.index!;
    expect(after.files.find((f) => f.path === 'USER.md')!.status).toBe('stale');
    expect(copy.databaseHashes()).toEqual(before);
  });

  it("gives each chunk OpenClaw's importance, triggers, project and origin", async () => {
    copy = copyOpenclawFixture();
    const engine = await open(copy.workspace);
    const chunks = await engine.agentIndexChunks('MEMORY.md');
    const at = (line: number) => chunks.find((c) => c.startLine <= line && c.endLine >= line)!;
    expect(at(3)).toMatchObject({ agentId: 'main', importance: 8, project: null, triggers: [], origin: 'agent' });
    expect(at(4)).toMatchObject({ importance: 9, project: 'atlas' });
    expect(at(5).triggers).toEqual(['contract', '合同']);
    expect(at(9)).toMatchObject({ project: 'finance' });
  });

  it("an agent's workspace shows that agent's database only (openclaw.json agents.entries)", async () => {
    copy = copyOpenclawFixture();
    const engine = await open(path.join(copy.home, 'workspace-research'));
    const { databases } = await engine.agentDatabases();
    expect(databases.map((d) => d.agentId)).toEqual(['research']);
    expect(databases[0]!.sessions.map((s) => s.sessionKey)).toEqual(['agent:research:main']);
    expect(databases[0]!.index!.counts).toEqual({ current: 2, stale: 0, missing: 0, extra: 0 });
    await vi.waitFor(async () => {
      const files = await engine.listFiles();
      expect(files.filter((f) => f.source === 'sessions').map((f) => f.path)).toEqual([
        'sessions/research/5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d.jsonl',
      ]);
    });
  });
});
