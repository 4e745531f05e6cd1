// memlens doctor: what in memory is duplicated, contradicted, unused, cut from the bootstrap,
// unsafe or broken — each finding with its evidence and the fixes the app offers (the fixes are
// applied from the Doctor view, through the hash-checked save and the history).
import type { DoctorReport, Finding } from '../../../shared/doctor-schemas.js';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';
import { UsageError } from '../common-options.js';
import { withAppCore } from './history-commands.js';

const KIND_WORDS: Record<Finding['kind'], [string, string]> = {
  conflict: ['conflict', 'conflicts'],
  duplicate: ['duplicate', 'duplicates'],
  secret: ['secret', 'secrets'],
  budget: ['budget cut', 'budget cuts'],
  index: ['index problem', 'index problems'],
  'never-used': ['never-used file', 'never-used files'],
  dreaming: ['dreaming promotion', 'dreaming promotions'],
};

/** "3 conflicts, 12 duplicates" — the status bar's words too. */
export function doctorSummary(counts: DoctorReport['counts']): string {
  const parts = (Object.keys(KIND_WORDS) as Finding['kind'][])
    .filter((k) => (counts[k] ?? 0) > 0)
    .map((k) => `${counts[k]} ${KIND_WORDS[k][counts[k] === 1 ? 0 : 1]}`);
  return parts.length > 0 ? parts.join(', ') : 'nothing found';
}

export function formatDoctorReport(report: DoctorReport): string {
  const out: string[] = [`Doctor: ${doctorSummary(report.counts)}`, `workspace  ${report.workspaceDir}`];
  for (const finding of report.findings) {
    out.push('', `[${finding.kind}/${finding.subkind}] ${finding.id}  ${finding.title}`, `  ${finding.detail}`);
    for (const e of finding.evidence) {
      const range = e.startLine === e.endLine ? `${e.startLine}` : `${e.startLine}–${e.endLine}`;
      const facts = [e.date, e.note].filter(Boolean).join(', ');
      const first = e.text.split(/\r?\n/)[0]!.trim();
      out.push(`    ${e.path}:${range}${facts ? ` (${facts})` : ''}${first ? `  ${first.slice(0, 100)}` : ''}`);
      if (e.authors?.length) out.push(`      written by ${e.authors.map((a) => a.label).join('; ')}`);
    }
    for (const fix of finding.fixes) out.push(`  fix ${fix.id}: ${fix.label}`);
  }
  out.push('');
  for (const note of report.notes) out.push(`note: ${note}`);
  return `${out.join('\n')}\n`;
}

export const doctorCommand: CommandImpl = {
  async run(run) {
    const { values, positionals, io, json } = run;
    if (positionals.length > 0) throw new UsageError('doctor takes no positional arguments');
    // Loaded on use: `memlens help` and the other commands never pay for the doctor.
    const { computeDoctorReport } = await import('../../app/doctor/doctor-report.js');
    const { withEvidenceAuthors } = await import('../../app/doctor/evidence-authors.js');
    // The app core, not the engine alone: its history (rescanned first) names who wrote each cited line.
    const report = await withAppCore(run, async (service) => {
      const engine = service.session.current();
      const agent = typeof values.agent === 'string' ? values.agent : undefined;
      const computed = await computeDoctorReport(engine, service.activity.workspace(engine.workspaceDir), {
        ...(agent ? { agent } : {}),
      });
      const findings = await withEvidenceAuthors(computed.findings, (p) => service.history.lineOrigins(p));
      return { ...computed, findings };
    });
    if (json) writeJson(io, report);
    else io.stdout(formatDoctorReport(report));
    return 0;
  },
};
