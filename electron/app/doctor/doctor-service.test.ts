// Doctor fixes through the real app core (engine, watcher, history) on the planted workspace: each
// fix leaves the file exactly as expected, is recorded as "you" with a "doctor: …" reason, can be
// undone from the history, and is refused (CONFLICT, nothing written) when the file moved on.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Finding } from '../../../shared/doctor-schemas.js';
import { sha256 } from '../../memory/text/hash.js';
import { openHistoryWorkspace, type HistoryWorkspace } from '../history/test-support/history-workspace.js';
import { DOCTOR_NOW, doctorFixtureFiles } from './test-support/doctor-fixture.js';

let fx: HistoryWorkspace | null = null;
afterEach(async () => {
  await fx?.cleanup();
  fx = null;
});

async function open(): Promise<HistoryWorkspace> {
  fx = await openHistoryWorkspace(doctorFixtureFiles(), { start: DOCTOR_NOW });
  await fx.service.doctor.whenIdle();
  return fx;
}

const read = (w: HistoryWorkspace, rel: string) => fs.readFileSync(path.join(w.workspace, rel), 'utf8');
const hashOf = (w: HistoryWorkspace, rel: string) => sha256(fs.readFileSync(path.join(w.workspace, rel)));

async function finding(w: HistoryWorkspace, match: (f: Finding) => boolean): Promise<Finding> {
  const report = await w.call('doctorReport', {});
  expect(report.state).toBe('ready');
  const found = report.findings.find(match);
  if (!found) throw new Error(`no such finding among ${report.findings.map((f) => f.title).join('; ')}`);
  return found;
}

/** Applies the fix, then checks the newest version's author and reason, and restores the one before. */
async function fixAndUndo(w: HistoryWorkspace, f: Finding, fixId: string, rel: string, expected: string) {
  const before = read(w, rel);
  const result = await w.call('doctorFix', { findingId: f.id, fixId });
  expect(result.written.map((x) => x.path)).toContain(rel);
  expect(read(w, rel)).toBe(expected);
  await w.service.history.whenIdle();
  const versions = (await w.call('historyList', { path: rel })).versions;
  expect(versions[0]).toMatchObject({ kind: 'save', author: { kind: 'you' } });
  expect(versions[0]!.reason).toBe(f.fixes.find((x) => x.id === fixId)!.reason);
  expect(versions[0]!.reason).toMatch(/^doctor: /);
  await w.call('historyRestore', { path: rel, version: versions[1]!.id, expectedHash: hashOf(w, rel) });
  expect(read(w, rel)).toBe(before);
  await w.service.doctor.whenIdle();
}

describe('the background pass', () => {
  it('finishes while searches run back to back, and they keep answering', { timeout: 120_000 }, async () => {
    fx = await openHistoryWorkspace(doctorFixtureFiles(), { start: DOCTOR_NOW });
    let done = false;
    const pass = fx.service.doctor.whenIdle().then(() => (done = true));
    // A hang bound, not a timing: awaited calls in one process used to run as one microtask chain,
    // so the pass (and vitest's own timeout) never got a turn while searches kept coming.
    const started = performance.now();
    let searches = 0;
    while (!done && performance.now() - started < 60_000) {
      const response = await fx.call('search', { query: 'gateway port' });
      expect(response.results[0]?.path).toBeDefined();
      searches++;
    }
    expect(done).toBe(true);
    await pass;
    expect(searches).toBeGreaterThan(0);
    expect((await fx.call('doctorReport', {})).counts.conflict).toBe(5);
    // Read and computed on the doctor's worker, through its own connections: nothing fell back here.
    expect(fx.logs.filter((m) => m.startsWith('doctor:'))).toEqual([]);
    // ...which stopped for the searches the dispatcher answered meanwhile.
    expect(fx.service.searches.pauses().count).toBeGreaterThan(0);
  });
});

describe('evidence authors', () => {
  it('says who wrote each cited line, from the memory history', { timeout: 90_000 }, async () => {
    const w = await open();
    const note = 'memory/2026-11-20-gateway.md';
    await w.call('createFile', { path: note, text: '# Gateway\n\n- Gateway port: 18791\n' });
    await w.service.history.whenIdle();
    await w.service.doctor.whenIdle();
    const port = await finding(w, (f) => f.title.startsWith('Gateway port'));
    const authors = (e: Finding['evidence'][number]) => e.authors?.map((a) => [a.kind, a.label]);
    expect(port.evidence.map((e) => [`${e.path}:${e.startLine}`, authors(e)])).toEqual([
      [`${note}:3`, [['you', 'you, in Memory Lens']]],
      ['memory/2026-05-10-gateway.md:5', [['outside', 'outside the app (before history began)']]],
      ['MEMORY.md:7', [['outside', 'outside the app (before history began)']]],
    ]);
  });

  it('names the authors of never-used lines too, run by run', { timeout: 90_000 }, async () => {
    const w = await open();
    const daily = 'memory/daily/2026-06-03.md';
    const text = read(w, daily).replace('- Watched the keynote recording', '- Rewatched the keynote recording');
    await w.call('saveFile', { path: daily, text, expectedHash: hashOf(w, daily) });
    await w.service.history.whenIdle();
    await w.service.doctor.whenIdle();
    const never = await finding(w, (f) => f.kind === 'never-used' && f.evidence[0]?.path === daily);
    expect(
      never.evidence.map((e) => [`${e.startLine}-${e.endLine}`, e.authors?.map((a) => [a.kind, a.label])]),
    ).toEqual([
      ['4-5', [['outside', 'outside the app (before history began)']]],
      ['8-8', [['you', 'you, in Memory Lens']]],
    ]);
  });
});

describe('doctor fixes', () => {
  it('conflict: marks the older value superseded (or removes it), each undoable', { timeout: 90_000 }, async () => {
    const w = await open();
    const port = await finding(w, (f) => f.title.startsWith('Gateway port'));
    const original = read(w, 'MEMORY.md');
    await fixAndUndo(
      w,
      port,
      'keep-newer-mark',
      'MEMORY.md',
      original.replace('- Gateway port: 18789\n', '- ~~Gateway port: 18789~~ (superseded 2026-05-10)\n'),
    );
    const again = await finding(w, (f) => f.title.startsWith('Gateway port'));
    expect(again.id).toBe(port.id);
    await fixAndUndo(w, again, 'keep-newer-remove', 'MEMORY.md', original.replace('- Gateway port: 18789\n', ''));
  });

  it('duplicates and secrets: link line, removed promotion, value taken out', { timeout: 90_000 }, async () => {
    const w = await open();
    const near = await finding(w, (f) => f.subkind === 'near');
    const retro = read(w, 'memory/2026-03-02-retro.md');
    const lines = retro.split('\n');
    await fixAndUndo(
      w,
      near,
      'keep-memory/topics/release-lessons.md-link',
      'memory/2026-03-02-retro.md',
      [
        ...lines.slice(0, 2),
        '- See [Release lessons](./topics/release-lessons.md) (duplicate removed by the doctor)',
        ...lines.slice(5),
      ].join('\n'),
    );
    const repeat = await finding(w, (f) => f.subkind === 'dreaming-repeat');
    await fixAndUndo(
      w,
      repeat,
      'remove-promotion',
      'MEMORY.md',
      read(w, 'MEMORY.md').replace(
        '- Backups run nightly at 02:00 to the NAS in the storage closet. <!-- openclaw-memory-promotion:a1 -->\n',
        '',
      ),
    );
    const secret = await finding(w, (f) => f.kind === 'secret');
    await fixAndUndo(
      w,
      secret,
      'remove-value',
      'memory/topics/keys.md',
      '# Keys\n\n- Weather service api key: [removed — kept in a password manager]\n',
    );
  });

  it(
    'a copy under two folders: the other copy goes to the trash and comes back from its history',
    {
      timeout: 90_000,
    },
    async () => {
      const w = await open();
      const copy = await finding(w, (f) => f.subkind === 'copy');
      const text = read(w, 'memory/archive/projects/atlas.md');
      await w.call('doctorFix', { findingId: copy.id, fixId: 'keep-memory/projects/atlas.md-delete' });
      expect(fs.existsSync(path.join(w.workspace, 'memory/archive/projects/atlas.md'))).toBe(false);
      expect(read(w, 'memory/projects/atlas.md')).toBe(text);
      await w.service.history.whenIdle();
      const versions = (await w.call('historyList', { path: 'memory/archive/projects/atlas.md' })).versions;
      expect(versions[0]).toMatchObject({ kind: 'delete', reason: 'doctor: copy of memory/projects/atlas.md removed' });
      await w.call('historyRestore', {
        path: 'memory/archive/projects/atlas.md',
        version: versions[1]!.id,
        expectedHash: null,
      });
      expect(read(w, 'memory/archive/projects/atlas.md')).toBe(text);
    },
  );

  it('refuses a fix when the file changed since the finding, writing nothing', { timeout: 90_000 }, async () => {
    const w = await open();
    const phone = await finding(w, (f) => f.title.startsWith("Ali's phone"));
    const edited = `${read(w, 'MEMORY.md')}- Edited in another editor.\n`;
    // Written straight to disk: the doctor's report still holds the finding made before.
    fs.writeFileSync(path.join(w.workspace, 'MEMORY.md'), edited);
    const error = await w.failure('doctorFix', { findingId: phone.id, fixId: 'keep-newer-mark' });
    expect(error.code).toBe('CONFLICT');
    expect(error.details).toMatchObject({ path: 'MEMORY.md' });
    expect(read(w, 'MEMORY.md')).toBe(edited);
    expect((await w.failure('doctorFix', { findingId: 'nope', fixId: 'x' })).code).toBe('NOT_FOUND');
  });

  it('recomputes after an edit: a fixed conflict is gone from the next report', { timeout: 90_000 }, async () => {
    const w = await open();
    const node = await finding(w, (f) => f.title.startsWith('staging server'));
    await w.call('doctorFix', { findingId: node.id, fixId: 'keep-newer-remove' });
    await w.service.doctor.whenIdle();
    const report = await w.call('doctorReport', {});
    expect(report.findings.some((f) => f.id === node.id)).toBe(false);
    expect(report.counts.conflict).toBe(4);
  });
});
