// Real chokidar on real temp folders, through the engine: what a user sees when they edit
// memory in another editor while the app is open.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryEngine } from '../engine.js';
import type { FileChangeEvent } from '../../../shared/domain.js';

const engines: MemoryEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
});

async function openWatched(
  files: Record<string, string>,
): Promise<{ engine: MemoryEngine; workspace: string; events: FileChangeEvent[] }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-watch-'));
  const workspace = path.join(root, 'workspace');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), text);
  }
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dbPath: path.join(root, 'data', 'index.sqlite'),
    dataDir: path.join(root, 'data'),
    openclawHome: path.join(root, 'oc'),
  });
  engines.push(engine);
  await engine.sync();
  const events: FileChangeEvent[] = [];
  engine.onDidChangeFile((event) => events.push(event));
  await engine.startWatching();
  expect(engine.status().watcher).toBe('watching');
  return { engine, workspace, events };
}

async function paths(engine: MemoryEngine, query: string): Promise<string[]> {
  return (await engine.search({ query, minScore: 0, maxResults: 20 })).results.map((r) => r.path);
}

/** Polls until `check` passes; generous, because CI file systems can be slow (the speed is benchmarked). */
async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  await vi.waitFor(check, { timeout: timeoutMs, interval: 50 });
}

describe('watcher', () => {
  it('makes an edit made outside the app searchable', async () => {
    const { engine, workspace, events } = await openWatched({ 'MEMORY.md': '# Memory\n\nThe boat is blue.\n' });
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n\nThe boat is now painted crimson.\n');
    await eventually(async () => expect(await paths(engine, 'crimson')).toEqual(['MEMORY.md']));
    expect(await paths(engine, 'blue')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ path: 'MEMORY.md', change: 'changed' });
    expect(events.at(-1)?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a symlink to a memory file inside the scope is indexed under one name, by the watcher as by a full scan', async () => {
    const { engine, workspace, events } = await openWatched({
      'memory/a/b.md': '# B\n\nThe heron nests by the pond.\n',
      'memory/z/late.md': '# Late\n\nThe otter swims at dusk.\n',
    });
    const listed = async () => (await engine.listFiles()).map((f) => f.path).sort();
    // Discovery lists a file under the first name it walks to: memory/a/b.md before memory/alias.md,
    // memory/0-first.md before memory/z/late.md.
    fs.symlinkSync('a/b.md', path.join(workspace, 'memory/alias.md'));
    fs.symlinkSync('z/late.md', path.join(workspace, 'memory/0-first.md'));
    fs.writeFileSync(path.join(workspace, 'memory/a/b.md'), '# B\n\nThe heron nests by the reeds.\n');
    fs.writeFileSync(path.join(workspace, 'memory/z/late.md'), '# Late\n\nThe otter swims at dawn.\n');
    await eventually(async () => {
      expect(await paths(engine, 'reeds')).toEqual(['memory/a/b.md']);
      expect(await paths(engine, 'dawn')).toEqual(['memory/0-first.md']);
    });
    const byWatcher = await listed();
    expect(byWatcher).toEqual(['memory/0-first.md', 'memory/a/b.md']);
    expect(events.map((e) => e.path)).not.toContain('memory/alias.md');
    await engine.sync({ full: true });
    expect(await listed()).toEqual(byWatcher);
  });

  it('drops a deleted file and finds a new one, including in a new folder', async () => {
    const { engine, workspace, events } = await openWatched({
      'MEMORY.md': '# Memory\n',
      'memory/old.md': 'Penguins migrate in winter.\n',
    });
    fs.rmSync(path.join(workspace, 'memory', 'old.md'));
    await eventually(async () => expect(await paths(engine, 'penguins')).toEqual([]));
    expect(events).toContainEqual({ path: 'memory/old.md', change: 'deleted', hash: null });

    fs.mkdirSync(path.join(workspace, 'memory', 'topics'));
    fs.writeFileSync(path.join(workspace, 'memory', 'topics', 'new.md'), 'Albatross wingspan is huge.\n');
    await eventually(async () => expect(await paths(engine, 'albatross')).toEqual(['memory/topics/new.md']));
    expect(events.some((e) => e.path === 'memory/topics/new.md' && e.change === 'added')).toBe(true);
  });

  it('follows an editor-style atomic save (temp file renamed over the original)', async () => {
    const { engine, workspace } = await openWatched({ 'memory/notes.md': 'Original kestrel notes.\n' });
    const tmp = path.join(workspace, 'memory', '.notes.md.swp');
    fs.writeFileSync(tmp, 'Rewritten osprey notes.\n');
    fs.renameSync(tmp, path.join(workspace, 'memory', 'notes.md'));
    await eventually(async () => expect(await paths(engine, 'osprey')).toEqual(['memory/notes.md']));
    expect(await paths(engine, 'kestrel')).toEqual([]);
  });

  it('ignores files that are not memory and editor temp files', async () => {
    const { engine, workspace } = await openWatched({ 'MEMORY.md': '# Memory\n' });
    fs.mkdirSync(path.join(workspace, 'notes'));
    fs.writeFileSync(path.join(workspace, 'notes', 'x.md'), 'Narwhal.\n');
    fs.writeFileSync(path.join(workspace, 'MEMORY.md.tmp'), 'Narwhal.\n');
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n\nMarker walrus.\n');
    await eventually(async () => expect(await paths(engine, 'walrus')).toEqual(['MEMORY.md']));
    expect(await paths(engine, 'narwhal')).toEqual([]);
  });

  it('picks up a new OpenClaw session transcript under agents/<id>/sessions', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-watch-oc-'));
    const home = path.join(root, 'openclaw');
    const workspace = path.join(home, 'workspace');
    fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
    fs.mkdirSync(path.join(home, 'agents', 'main', 'sessions'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n');
    const engine = await MemoryEngine.open({
      workspaceDir: workspace,
      dbPath: path.join(root, 'data', 'index.sqlite'),
      dataDir: path.join(root, 'data'),
      openclawHome: home,
    });
    engines.push(engine);
    await engine.sync();
    await engine.startWatching();
    const line = JSON.stringify({
      type: 'message',
      timestamp: '2026-05-04T10:00:00Z',
      message: { role: 'user', content: 'Remind me about the quokka photos' },
    });
    fs.writeFileSync(path.join(home, 'agents', 'main', 'sessions', 's1.jsonl'), `${line}\n`);
    await eventually(async () => expect(await paths(engine, 'quokka')).toEqual(['sessions/main/s1.jsonl']));
  });

  it('stops cleanly', async () => {
    const { engine } = await openWatched({ 'MEMORY.md': '# Memory\n' });
    await engine.stopWatching();
    expect(engine.status().watcher).toBe('off');
  });

  it('follows transcripts in agents/<id>/sessions and .openclaw/agents/<id>/sessions inside the workspace', async () => {
    const line = (text: string) => `${JSON.stringify({ type: 'message', message: { role: 'user', content: text } })}\n`;
    const { engine, workspace } = await openWatched({
      'MEMORY.md': '# Memory\n',
      'agents/main/sessions/old.jsonl': line('nothing new here'),
      '.openclaw/agents/coder/sessions/a.jsonl': line('compile errors again'),
    });
    expect((await engine.listFiles()).map((f) => f.path).sort()).toEqual([
      'MEMORY.md',
      'sessions/coder/a.jsonl',
      'sessions/main/old.jsonl',
    ]);
    fs.writeFileSync(path.join(workspace, 'agents/main/sessions/new.jsonl'), line('the quokka enclosure budget'));
    await eventually(async () => expect(await paths(engine, 'quokka')).toEqual(['sessions/main/new.jsonl']));
    fs.appendFileSync(
      path.join(workspace, '.openclaw/agents/coder/sessions/a.jsonl'),
      line('the linker wants wombats'),
    );
    await eventually(async () => expect(await paths(engine, 'wombats')).toEqual(['sessions/coder/a.jsonl']));
  });

  it('a burst of writes to one file ends indexed with its last write', async () => {
    const { engine, workspace, events } = await openWatched({ 'memory/log.md': '# Log\n' });
    const file = path.join(workspace, 'memory', 'log.md');
    for (let i = 0; i < 30; i++) {
      fs.appendFileSync(file, `- entry${i}\n`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    fs.appendFileSync(file, '- final heron\n');
    await eventually(async () => expect(await paths(engine, 'heron')).toEqual(['memory/log.md']));
    const last = events.filter((e) => e.path === 'memory/log.md').at(-1);
    expect(last?.hash).toBe(sha256Hex(fs.readFileSync(file)));
  });

  it('a save that moves the old file away before writing the new one is a change, not a delete', async () => {
    const { engine, workspace, events } = await openWatched({ 'memory/plan.md': 'The plan mentions a pelican.\n' });
    const file = path.join(workspace, 'memory', 'plan.md');
    await engine.sync(); // the watcher's start-up rescan is done (writes run in order)
    // Like vim without backupcopy: rename to a backup, then write the file anew a moment later.
    fs.renameSync(file, `${file}~`);
    await new Promise((resolve) => setTimeout(resolve, 30));
    fs.writeFileSync(file, 'The plan now mentions a cormorant.\n');
    await eventually(async () => expect(await paths(engine, 'cormorant')).toEqual(['memory/plan.md']));
    expect(events.filter((e) => e.path === 'memory/plan.md').map((e) => e.change)).toEqual(['changed']);
  });

  it('indexes a folder of files copied in at once', async () => {
    const { engine, workspace } = await openWatched({ 'MEMORY.md': '# Memory\n' });
    const dir = path.join(workspace, 'memory', 'imported');
    fs.mkdirSync(dir, { recursive: true });
    for (let i = 0; i < 150; i++)
      fs.writeFileSync(path.join(dir, `note-${i}.md`), `Imported note ${i} about a gannet.\n`);
    await eventually(async () => expect((await engine.listFiles()).length).toBe(151));
    expect((await engine.search({ query: 'gannet', minScore: 0, maxResults: 200 })).results).toHaveLength(150);
  });

  it.skipIf(process.platform !== 'linux')(
    'watches folders, not every file (the system allows only so many watches)',
    async () => {
      const files: Record<string, string> = { 'MEMORY.md': '# Memory\n' };
      for (let f = 0; f < 4; f++)
        for (let n = 0; n < 25; n++) files[`memory/topic-${f}/note-${n}.md`] = `Note ${n} of topic ${f}.\n`;
      const before = inotifyWatches();
      const { engine, workspace } = await openWatched(files);
      // The workspace, memory/ and its four folders; not the 101 files.
      expect(inotifyWatches() - before).toBeLessThanOrEqual(6);
      fs.writeFileSync(path.join(workspace, 'memory', 'topic-3', 'note-24.md'), 'Note about a puffin.\n');
      await eventually(async () => expect(await paths(engine, 'puffin')).toEqual(['memory/topic-3/note-24.md']));
    },
  );
});

/** inotify watches this process holds (Linux): one line per watch in its inotify descriptors' fdinfo. */
function inotifyWatches(): number {
  let count = 0;
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed meanwhile
    }
    if (!target.includes('inotify')) continue;
    count += fs
      .readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('inotify wd:')).length;
  }
  return count;
}

function sha256Hex(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}
