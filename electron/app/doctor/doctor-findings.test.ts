// The doctor on the planted workspace (shared/fixtures/doctor-workspace), through a real engine:
// every planted case is found with its evidence, and nothing planted as "fine" is flagged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoctorReport, Finding } from '../../../shared/doctor-schemas.js';
import { gatherDoctorInput } from './doctor-gather.js';
import { runDoctor } from './run-doctor.js';
import { DOCTOR_NOW, openDoctorFixture, type DoctorFixture } from './test-support/doctor-fixture.js';

let fx: DoctorFixture;
let report: Omit<DoctorReport, 'tookMs' | 'state'>;
beforeAll(async () => {
  fx = await openDoctorFixture();
  report = runDoctor(await gatherDoctorInput(fx.engine, null, { now: DOCTOR_NOW }));
}, 60_000);
afterAll(() => fx.cleanup());

const where = (f: Finding) => f.evidence.map((e) => `${e.path}:${e.startLine}`);
const ofKind = (kind: Finding['kind']) =>
  report.findings
    .filter((f) => f.kind === kind)
    .map((f) => ({ subkind: f.subkind, where: where(f) }))
    .sort((a, b) => (a.where.join() < b.where.join() ? -1 : 1));

describe('doctor findings on the planted workspace', () => {
  it('finds each planted conflict, newest value first, and none of the fine look-alikes', () => {
    const conflicts = report.findings.filter((f) => f.kind === 'conflict');
    expect(conflicts.map((f) => f.title).sort()).toEqual([
      'Ali\'s phone: "555-0199" vs "555-0101"',
      'Dashboard URL: "https://dash.example.com/v2" vs "https://dash.example.com/v1"',
      'Gateway port: "18790" vs "18789"',
      'staging server (Node): "Node 22" vs "Node 20"',
      '小王的邮箱: "wang@new.example.cn" vs "wang@old.example.cn"',
    ]);
    const port = conflicts.find((f) => f.title.startsWith('Gateway port'))!;
    expect(port.evidence.map((e) => [e.path, e.startLine, e.date, e.note])).toEqual([
      ['memory/2026-05-10-gateway.md', 5, '2026-05-10', 'newer'],
      ['MEMORY.md', 7, '2026-04-01', 'older'],
    ]);
    // Fine: two servers' ports, daily "Weather", the corrected deploy day.
    const text = JSON.stringify(conflicts);
    for (const fine of ['8080', 'Weather', 'Deploy day']) expect(text).not.toContain(fine);
  });

  it('finds the copy under two folders, the near-duplicate passage and the repeated promotion', () => {
    expect(ofKind('duplicate')).toEqual([
      { subkind: 'dreaming-repeat', where: ['MEMORY.md:11', 'MEMORY.md:25'] },
      { subkind: 'copy', where: ['memory/projects/atlas.md:1', 'memory/archive/projects/atlas.md:1'] },
      { subkind: 'near', where: ['memory/topics/release-lessons.md:3', 'memory/2026-03-02-retro.md:3'] },
    ]);
  });

  it('finds the key, the broken link, and no secret in "the wifi password rotates"', () => {
    expect(ofKind('secret')).toEqual([{ subkind: 'token', where: ['memory/topics/keys.md:3'] }]);
    expect(report.findings.find((f) => f.kind === 'secret')!.evidence[0]!.text).not.toContain('Xk29fLq8ZpT4mN7vW1sR');
    expect(ofKind('index')).toEqual([{ subkind: 'broken-link', where: ['memory/topics/tools.md:4'] }]);
  });

  it("says the agent's own index was not checked when there is none, and flags nothing of it", () => {
    expect(report.findings.filter((f) => f.subkind.startsWith('agent-'))).toEqual([]);
    expect(report.notes).toContain(
      "No OpenClaw agent index found: files the agent's own index lacks or holds stale are not checked.",
    );
  });

  it('lists never-retrieved lines of old notes "in N searches since DATE", leaving retrieved lines out', () => {
    expect(report.searches).toEqual({ count: 2, since: Date.parse('2026-06-10T08:00:06.000Z') });
    const never = report.findings.filter((f) => f.kind === 'never-used');
    expect(
      never
        .map((f) => `${f.evidence[0]!.path} ${f.evidence.map((e) => `${e.startLine}-${e.endLine}`).join(',')}`)
        .sort(),
    ).toEqual([
      'memory/2026-03-02-retro.md 7-7',
      'memory/2026-04-20-contacts.md 3-4',
      'memory/2026-05-10-gateway.md 3-6',
      'memory/2026-06-01-upgrade.md 3-4',
      'memory/daily/2026-06-02.md 4-5,8-8',
      'memory/daily/2026-06-03.md 4-5,8-8',
    ]);
    expect(never[0]!.title).toContain('in 2 searches since 2026-06-10');
  });

  it('shows each dreaming promotion with its later use', () => {
    expect(
      report.findings.filter((f) => f.kind === 'dreaming').map((f) => [f.subkind, f.evidence[0]!.startLine, f.title]),
    ).toEqual([
      ['retrieved', 25, 'Promoted 2026-05-20, retrieved 1 time since'],
      ['never-retrieved', 26, 'Promoted 2026-05-20, never retrieved in 2 searches since 2026-06-10'],
    ]);
  });

  it('reports MEMORY.md over a smaller budget with the sections that could move', async () => {
    const tight = runDoctor(await gatherDoctorInput(fx.engine, null, { now: DOCTOR_NOW, limits: { perFile: 400 } }));
    const budget = tight.findings.filter((f) => f.kind === 'budget');
    expect(budget).toHaveLength(1);
    expect(budget[0]!.title).toMatch(/^MEMORY\.md is \d+% of its bootstrap cap: \d+ lines cut$/);
    expect(budget[0]!.fixes.map((f) => f.id)).toContain('move-memory/promoted-2026-05-20.md');
    expect(report.findings.some((f) => f.kind === 'budget')).toBe(false);
  });

  it('keeps finding ids across runs and counts every kind', async () => {
    const again = runDoctor(await gatherDoctorInput(fx.engine, null, { now: DOCTOR_NOW }));
    expect(again.findings.map((f) => f.id)).toEqual(report.findings.map((f) => f.id));
    expect(new Set(report.findings.map((f) => f.id)).size).toBe(report.findings.length);
    expect(report.counts).toEqual({
      conflict: 5,
      duplicate: 3,
      secret: 1,
      budget: 0,
      index: 1,
      'never-used': 6,
      dreaming: 2,
    });
  });
});
