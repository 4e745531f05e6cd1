// One workspace scope, asked by every consumer: discovery, the watcher's single-path reindex,
// memory_get (MCP and `memlens get`), the memory history, and OpenClaw's side (the agent-index
// comparison's listing, the agent-call diagnosis). A table of paths on a real folder, with real
// symlinks, and each consumer's own answer for each path.
import { englishText } from '../../shared/i18n.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnoseMemoryCall } from '../../shared/memory-call-diagnosis.js';
import { chunkImportance } from '../../shared/memory-annotations.js';
import { HistorySettingsSchema } from '../../shared/history-schemas.js';
import { discoverOne } from '../memory/sync/indexable-path.js';
import { discoverFiles } from '../memory/workspace/discover.js';
import { memoryGet } from '../memory/workspace/file-io.js';
import { statMemoryFilesLikeOpenClaw } from '../memory/workspace/openclaw-memory-files.js';
import { WorkspaceScope } from '../memory/workspace/workspace-scope.js';
import { HistoryRecorder } from './history/history-recorder.js';
import { HistoryStore } from './history/history-store.js';
import { getMemoryLines } from './memory-get.js';

let root: string;
let workspace: string;
let scope: WorkspaceScope;

beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ml-scope-')));
  workspace = path.join(root, 'workspace');
  const write = (abs: string, text: string) => {
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
  };
  for (const rel of ['MEMORY.md', 'memory.md', 'USER.md', 'AGENTS.md', 'README.md', 'memory/a/b.md', 'memory/x.txt'])
    write(path.join(workspace, rel), `# ${rel}\n`);
  write(path.join(workspace, 'sessions/x.jsonl'), '{"type":"session"}\n');
  write(path.join(workspace, 'notes/n.md'), '# an extra path inside\n');
  write(path.join(workspace, '.env'), 'SECRET=1\n');
  write(path.join(root, 'vault/v.md'), '# an extra path outside\n');
  write(path.join(root, 'outside.md'), '# outside the workspace\n');
  fs.symlinkSync('../.env', path.join(workspace, 'memory/envlink.md'));
  scope = new WorkspaceScope({
    workspaceDir: workspace,
    openclawHome: path.join(root, 'openclaw-home'),
    extraPaths: ['notes', path.join(root, 'vault')],
  });
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Per path: indexed (discovery, single-path reindex), memory_get, history, OpenClaw's own scan, importance annotations. */
const TABLE: Record<
  string,
  { indexed: boolean; get: boolean; history: boolean; openclaw: boolean; annotations: boolean }
> = {
  'MEMORY.md': { indexed: true, get: true, history: true, openclaw: true, annotations: true },
  'memory.md': { indexed: true, get: true, history: true, openclaw: false, annotations: true },
  'USER.md': { indexed: true, get: true, history: true, openclaw: true, annotations: true },
  'memory/a/b.md': { indexed: true, get: true, history: true, openclaw: true, annotations: false },
  'memory/x.txt': { indexed: false, get: false, history: false, openclaw: false, annotations: false },
  'sessions/x.jsonl': { indexed: true, get: false, history: false, openclaw: false, annotations: false },
  'notes/n.md': { indexed: true, get: true, history: true, openclaw: false, annotations: false },
  'extra/vault/v.md': { indexed: true, get: true, history: false, openclaw: false, annotations: false },
  'memory/envlink.md': { indexed: false, get: false, history: false, openclaw: false, annotations: false },
  '../outside.md': { indexed: false, get: false, history: false, openclaw: false, annotations: false },
  'AGENTS.md': { indexed: false, get: false, history: true, openclaw: false, annotations: false },
  'README.md': { indexed: false, get: false, history: false, openclaw: false, annotations: false },
};

const succeeds = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => false,
  );

describe('WorkspaceScope', () => {
  it('ours and OpenClaw’s differ on exactly memory.md among the files OpenClaw reads by name', () => {
    const names = ['MEMORY.md', 'memory.md', 'USER.md', 'memory/a/b.md', 'memory/x.txt', 'AGENTS.md', 'README.md'];
    const differ = names.filter((p) => (scope.sourceOf(p) === 'memory') !== scope.openclawScans(p));
    expect(differ).toEqual(['memory.md']);
  });

  it('every consumer gives the answer the table gives, for every path', async () => {
    const discovered = new Set((await discoverFiles(scope)).map((f) => f.path));
    const openclawListed = new Set((await statMemoryFilesLikeOpenClaw(workspace)).map((f) => f.path));
    const historyRoot = path.join(root, 'history-data');
    const store = HistoryStore.open({ dataDir: historyRoot, workspaceDir: workspace });
    const logs: string[] = [];
    const recorder = new HistoryRecorder({
      store,
      scope,
      settings: () => HistorySettingsSchema.parse({}),
      log: (m) => logs.push(englishText(m)),
    });
    try {
      const answers: Record<string, Record<string, boolean>> = {};
      for (const p of Object.keys(TABLE)) {
        await recorder.changed(p);
        await recorder.idle();
        answers[p] = {
          discovered: discovered.has(p),
          reindexed: (await discoverOne(scope, p)) !== null,
          mcpGet: await succeeds(memoryGet(scope, p)),
          cliGet: await succeeds(
            getMemoryLines({ workspaceDir: workspace, extraPaths: ['notes', path.join(root, 'vault')] }, p),
          ),
          historyRecorded: store.latest(p) !== null,
          openclawWalk: openclawListed.has(p),
          // The diagnosis is asked only about answers Memory Lens found, and judges them by name.
          diagnosisInScope: discovered.has(p) && diagnosedInsideMemory(p),
          // An `<!-- importance: 9 -->` line weighs its chunk only in the curated root files.
          importanceCounts: chunkImportance(p, '- a fact <!-- importance: 9 -->', 1) !== null,
        };
      }
      const expected = Object.fromEntries(
        Object.entries(TABLE).map(([p, t]) => [
          p,
          {
            discovered: t.indexed,
            reindexed: t.indexed,
            mcpGet: t.get,
            cliGet: t.get,
            historyRecorded: t.history,
            openclawWalk: t.openclaw,
            diagnosisInScope: t.openclaw,
            importanceCounts: t.annotations,
          },
        ]),
      );
      expect(answers).toEqual(expected);
    } finally {
      store.close();
    }
  });
});

/** The agent-call diagnosis of an empty search whose answer sits at `p`: not "outside memory". */
function diagnosedInsideMemory(p: string): boolean {
  const diagnosis = diagnoseMemoryCall({
    tool: 'memory_search',
    outcome: { kind: 'empty', count: 0, reason: null, mode: null, provider: null, action: null, hits: [] },
    callAt: null,
    minScore: 0.35,
    keywordOnly: true,
    replay: [{ path: p, startLine: 1, endLine: 1, score: 0.9, listedAt: 1, coverage: 1, pathDate: null }],
    allWordsChunks: null,
  });
  return diagnosis?.code !== 'outside-memory';
}
