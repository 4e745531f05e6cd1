// Conflicting values in one undated file (MEMORY.md) are told apart by when the memory history saw
// each line written — the newer line wins though it stands above the older — and the evidence says
// the date came from the history; without the history both lines carry the file's date: a tie.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Finding } from '../../../shared/doctor-schemas.js';
import { openHistoryWorkspace, type HistoryWorkspace } from '../history/test-support/history-workspace.js';
import { computeDoctorReport } from './doctor-report.js';
import { onceEach } from './line-dates.js';

let fx: HistoryWorkspace | null = null;
afterEach(async () => {
  await fx?.cleanup();
  fx = null;
});

const DAY1 = Date.parse('2026-11-01T09:00:00Z');
const DAY2 = Date.parse('2026-11-02T09:00:00Z');
const DAY5 = Date.parse('2026-11-05T09:00:00Z');
const NOW = Date.parse('2026-11-06T09:00:00Z');

async function writeAt(w: HistoryWorkspace, at: number, text: string, versions: number): Promise<void> {
  w.clock.now = at;
  w.write('MEMORY.md', text);
  await vi.waitFor(
    async () => expect((await w.call('historyList', { path: 'MEMORY.md' })).versions).toHaveLength(versions),
    { timeout: 20_000 },
  );
}

const port = (findings: readonly Finding[]) => findings.find((f) => f.kind === 'conflict')!;

describe('line dates from the history', () => {
  it('keeps the line written later, by the history, in one undated file', { timeout: 90_000 }, async () => {
    const w = (fx = await openHistoryWorkspace({ 'MEMORY.md': '# Memory\n\n- Likes green tea.\n' }, { start: DAY1 }));
    await writeAt(w, DAY2, '# Memory\n\n- Likes green tea.\n- Gateway port: 18789\n', 2);
    // Three days later the new port goes in above the old one.
    await writeAt(w, DAY5, '# Memory\n\n- Gateway port: 18790\n- Likes green tea.\n- Gateway port: 18789\n', 3);
    await w.service.history.whenIdle();
    w.clock.now = NOW;

    const expected = {
      title: 'Gateway port: "18790" vs "18789"',
      detail: 'The newer value is "18790" (MEMORY.md:3, written 2026-11-05 by the history).',
    };
    const evidence = [
      { startLine: 3, date: '2026-11-05', dateSource: 'history', note: 'newer' },
      { startLine: 5, date: '2026-11-02', dateSource: 'history', note: 'older' },
    ];
    // The background pass (its worker reads the history read-only) …
    await w.call('doctorReport', {});
    await w.service.doctor.whenIdle();
    const report = await w.call('doctorReport', {});
    expect(report.state).toBe('ready');
    const found = port(report.findings);
    expect(found).toMatchObject(expected);
    expect(found.evidence).toEqual(evidence.map((e) => expect.objectContaining(e)));
    expect(found.fixes.find((f) => f.id === 'keep-newer-mark')!.edits).toEqual([
      expect.objectContaining({
        startLine: 5,
        endLine: 5,
        lines: ['- ~~Gateway port: 18789~~ (superseded 2026-11-05)'],
      }),
    ]);

    // … and the one-shot CLI's pass give the same (the CLI adds the authors after).
    const engine = w.service.session.current();
    const history = w.service.history;
    const cli = await computeDoctorReport(
      engine,
      null,
      { now: NOW },
      onceEach((p) => history.lineOrigins(p)),
    );
    expect(port(cli.findings)).toEqual({
      ...found,
      evidence: found.evidence.map((e) => ({ ...e, authors: undefined })),
    });

    // Without the history both lines carry MEMORY.md's own date (its mtime): which is newer is not known.
    const undated = port((await computeDoctorReport(engine, null, { now: NOW })).findings);
    expect(undated.detail).toBe('Both values carry the same date; which is newer is not known — edit by hand.');
    expect(undated.evidence.map((e) => e.dateSource)).toEqual(['mtime', 'mtime']);
    expect(undated.fixes).toEqual([]);
  });
});
