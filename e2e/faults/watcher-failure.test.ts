// Watcher failure, for real: `memlens watch` in a user namespace whose inotify limits are lowered
// (the machine's own limits are untouched). The watcher must say why it cannot watch, keep
// running (it used to exit 13 without a word), and find edits anyway by rescanning.
import { describe, it, type TestContext } from 'vitest';
import {
  inUserNamespace,
  spawnMemlens,
  tempWorkspace,
  userNamespaceUnavailable,
  type Child,
  type TempDirs,
} from './support/fault-kit.js';

const unavailable = userNamespaceUnavailable();
if (unavailable) console.warn(`watcher-failure: skipped, ${unavailable}`);

// Tests here run concurrently: clean-ups go through each test's own context.
function workspace({ onTestFinished }: TestContext): TempDirs {
  const dir = tempWorkspace('watch', {
    'MEMORY.md': '# Memory\n\nThe kettle is green.\n',
    'memory/projects/alpha.md': '# Alpha\n\nLaunch in spring.\n',
    'memory/projects/beta/notes.md': '# Beta\n\nNotes.\n',
    'memory/daily/2026-05-04.md': '# 2026-05-04\n\nA day.\n',
  });
  onTestFinished(() => dir.cleanup());
  return dir;
}

function watch({ onTestFinished }: TestContext, dir: TempDirs, limits: string): Child {
  const child = spawnMemlens(['watch', '--json', '--workspace', dir.workspace, '--data-dir', dir.dataDir], {
    home: dir.root,
    launcher: inUserNamespace(limits),
  });
  onTestFinished(async () => {
    child.kill('SIGKILL');
    await child.exited();
  });
  return child;
}

/**
 * The watcher rescans once when it starts; an edit made after that can only be found by the
 * fallback rescan (or a watch). Waiting is the point here, not a race: the startup rescan of four
 * files takes milliseconds.
 */
function pastStartupRescan(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 2000));
}

// Concurrent: each test mostly waits for the 10 s fallback rescan.
describe.skipIf(unavailable !== null).concurrent('watcher failure (inotify limits lowered in a user namespace)', () => {
  it('says the watch limit is reached, keeps running, and a rescan indexes an edit in an unwatched folder', async (context) => {
    const { expect } = context;
    const dir = workspace(context);
    // Four watches for five folders (the workspace, memory, memory/projects, memory/projects/beta,
    // memory/daily): one of them cannot be watched.
    const child = watch(context, dir, 'echo 4 > /proc/sys/user/max_inotify_watches');
    const [line] = await child.waitFor(/\{"event":"watcher".*\}\n/);
    const event = JSON.parse(line) as { state: string; reason: string };
    expect(event.state).toBe('error');
    expect(event.reason).toMatch(/limit on watched files is reached \(ENOSPC/);
    expect(event.reason).toMatch(/rescan every 10 s/);
    await child.waitFor(/"event":"watching".*"watcher":"error"/);
    await pastStartupRescan();

    dir.write('memory/projects/beta/launch.md', '# Launch\n\nThe zeppelin leaves at dawn.\n');
    // The fallback rescan runs every 10 s: generous bound for a loaded machine.
    await child.waitFor(/"event":"file","path":"memory\/projects\/beta\/launch\.md","change":"added"/, 40_000);

    child.kill('SIGINT');
    expect(await child.exited()).toBe(0);
  });

  it('with no inotify instance at all, says why instead of exiting 13, and still picks up edits', async (context) => {
    const { expect } = context;
    const dir = workspace(context);
    const child = watch(context, dir, 'echo 0 > /proc/sys/user/max_inotify_instances');
    const [line] = await child.waitFor(/\{"event":"watcher".*\}\n/);
    expect((JSON.parse(line) as { reason: string }).reason).toMatch(/refused another file watcher \(EMFILE/);
    await child.waitFor(/"event":"watching"/);
    await pastStartupRescan();

    dir.write('MEMORY.md', '# Memory\n\nThe kettle is blue now.\n');
    await child.waitFor(/"event":"file","path":"MEMORY\.md","change":"changed"/, 40_000);
    expect(child.process.exitCode).toBeNull();

    child.kill('SIGINT');
    expect(await child.exited()).toBe(0);
  });

  it('watches a workspace with far more files than the watch limit in full (one watch per folder, not per file)', async (context) => {
    const { expect } = context;
    const files: Record<string, string> = { 'MEMORY.md': '# Memory\n' };
    for (let f = 0; f < 4; f++)
      for (let n = 0; n < 100; n++) files[`memory/topic-${f}/note-${n}.md`] = `# Note ${n}\n\nTopic ${f}.\n`;
    const dir = tempWorkspace('watch-many', files);
    context.onTestFinished(() => dir.cleanup());
    // 401 files, 6 folders (workspace, memory, four topics), 16 watches allowed.
    const child = watch(context, dir, 'echo 16 > /proc/sys/user/max_inotify_watches');
    const [line] = await child.waitFor(/\{"event":"watching".*\}\n/, 60_000);
    expect(JSON.parse(line)).toMatchObject({ files: 401, watcher: 'watching' });
    expect(child.output()).not.toMatch(/"event":"watcher"/);
    await pastStartupRescan();

    dir.write('memory/topic-3/note-99.md', '# Edited\n\nThe ibis is back.\n');
    // No fallback rescan runs while watching: only the folder's watch can report this.
    await child.waitFor(/"event":"file","path":"memory\/topic-3\/note-99\.md","change":"changed"/, 30_000);

    child.kill('SIGINT');
    expect(await child.exited()).toBe(0);
  });
});
