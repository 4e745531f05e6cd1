// memlens doctor: what in memory is duplicated, contradicted, unused, cut from the bootstrap,
// unsafe or broken — each finding with its evidence and the fixes the app offers (the fixes are
// applied from the Doctor view, through the hash-checked save and the history).
import type { TFunction } from 'i18next';
import { FINDING_KIND_ORDER, type DoctorMessage, type DoctorReport } from '../../../shared/doctor-schemas.js';
import { localText, translator } from '../../../shared/i18n.js';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';
import { usageError } from '../common-options.js';
import { withAppCore } from './history-commands.js';
import { doctorKey } from '../../app/doctor/doctor-text.js';

const ENGLISH = translator('en');

/** A doctor message in `t`'s language (values that are messages themselves worded first), as the Doctor view words it. */
function doctorText(t: TFunction, message: DoctorMessage): string {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(message.params))
    values[key] = typeof value === 'object' ? doctorText(t, value) : value;
  return t(doctorKey(message.id), values);
}

/** The status bar's summary ("Doctor: 3 conflicts, 12 duplicates") in `t`'s language. */
function summaryLine(counts: DoctorReport['counts'], t: TFunction): string {
  const words = FINDING_KIND_ORDER.filter((k) => (counts[k] ?? 0) > 0).map((k) =>
    t(`doctor:count.${k}`, { count: counts[k] }),
  );
  return words.length === 0
    ? t('doctor:summaryNothing')
    : t('doctor:summary', { summary: words.join(t('doctor:listSeparator')) });
}

export function formatDoctorReport(report: DoctorReport, t: TFunction = ENGLISH): string {
  const out: string[] = [summaryLine(report.counts, t), t('cli:doctor.workspace', { dir: report.workspaceDir })];
  for (const finding of report.findings) {
    out.push(
      '',
      `[${finding.kind}/${finding.subkind}] ${finding.id}  ${doctorText(t, finding.titleMessage)}`,
      `  ${doctorText(t, finding.detailMessage)}`,
    );
    for (const e of finding.evidence) {
      const range = e.startLine === e.endLine ? `${e.startLine}` : `${e.startLine}–${e.endLine}`;
      const note = e.noteMessage ? doctorText(t, e.noteMessage) : e.note;
      const facts = [e.date, note].filter(Boolean).join(t('doctor:listSeparator'));
      const first = e.text.split(/\r?\n/)[0]!.trim();
      out.push(`    ${e.path}:${range}${facts ? ` (${facts})` : ''}${first ? `  ${first.slice(0, 100)}` : ''}`);
      if (e.authors?.length)
        out.push(
          `      ${t('doctor:writtenBy', { authors: e.authors.map((a) => localText(t, { message: a.label, ...a })).join('; ') })}`,
        );
    }
    for (const fix of finding.fixes)
      out.push(`  ${t('cli:doctor.fix', { id: fix.id, label: doctorText(t, fix.labelMessage) })}`);
  }
  out.push('');
  for (const note of report.noteMessages) out.push(t('cli:doctor.note', { note: doctorText(t, note) }));
  return `${out.join('\n')}\n`;
}

export const doctorCommand: CommandImpl = {
  async run(run) {
    const { values, positionals, io, json } = run;
    if (positionals.length > 0) throw usageError('noPositionals', { command: 'doctor' });
    // Loaded on use: `memlens help` and the other commands never pay for the doctor.
    const { computeDoctorReport } = await import('../../app/doctor/doctor-report.js');
    const { withEvidenceAuthors } = await import('../../app/doctor/evidence-authors.js');
    const { onceEach } = await import('../../app/doctor/line-dates.js');
    // The app core, not the engine alone: its history (rescanned first) names who wrote each cited line.
    const report = await withAppCore(run, async (service) => {
      const engine = service.session.current();
      const agent = typeof values.agent === 'string' ? values.agent : undefined;
      const origins = onceEach((p) => service.history.lineOrigins(p));
      const computed = await computeDoctorReport(
        engine,
        service.activity.workspace(engine.workspaceDir),
        { ...(agent ? { agent } : {}) },
        origins,
      );
      const findings = await withEvidenceAuthors(computed.findings, origins);
      return { ...computed, findings };
    });
    if (json) writeJson(io, report);
    else io.stdout(formatDoctorReport(report, run.t));
    return 0;
  },
};
