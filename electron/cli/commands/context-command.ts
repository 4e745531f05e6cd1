// memlens context: what the agent sees at session start — every bootstrap file in OpenClaw's
// injection order with its size, the cap that applied, what is cut (line ranges), the totals
// against the total cap, and where each limit came from (openclaw.json, defaults, --limits).
import path from 'node:path';
import { OPENCLAW_VERSIONS, isOpenclawVersion } from '../../../shared/bootstrap-profiles.js';
import { budgetConsequence, capWords, formatChars } from '../../../shared/context-summary.js';
import type { ContextArgs, ContextReport } from '../../../shared/domain.js';
import type { TFunction } from 'i18next';
import { localText, translator } from '../../../shared/i18n.js';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';
import { usageError } from '../common-options.js';
import { columns, padColumns } from '../text-columns.js';

const ENGLISH = translator('en');

/** `per-file=30000,total=80000` (either part optional). */
export function parseLimits(value: unknown): ContextArgs['limits'] {
  if (value === undefined) return undefined;
  const limits: NonNullable<ContextArgs['limits']> = {};
  for (const part of String(value).split(',')) {
    const match = /^\s*(per-file|perfile|total)\s*=\s*(\d+)\s*$/i.exec(part);
    const n = match ? Number(match[2]) : NaN;
    if (!match || !Number.isSafeInteger(n) || n < 1) {
      throw usageError('limits', { value: String(value) });
    }
    if (match[1]!.toLowerCase() === 'total') limits.total = n;
    else limits.perFile = n;
  }
  return limits;
}

const STATUS_KEY: Record<ContextReport['files'][number]['status'], string> = {
  full: 'full',
  truncated: 'truncated',
  missing: 'missing',
  absent: 'absent',
  empty: 'empty',
  'over-budget': 'overBudget',
  'not-loaded': 'notLoaded',
  unreadable: 'unreadable',
};

/** The labelled lines' value column, whatever script the label is written in. */
const LABEL_WIDTH = 11;

/** The report in `tr`'s language (English by default); the engine's sentences are worded from their ids. */
export function formatContextReport(report: ContextReport, tr: TFunction = ENGLISH): string {
  const t = (key: string, params?: Record<string, unknown>): string => tr(`cli:context.${key}`, params);
  const out: string[] = [];
  const labelled = (key: string, value: string) => {
    const label = t(`labels.${key}`);
    out.push(`${label}${' '.repeat(Math.max(1, LABEL_WIDTH - columns(label)))}${value}`);
  };
  const { perFile, total } = report.limits;
  const limitDetail = (l: typeof perFile) =>
    localText(tr, { message: l.detail, messageId: l.detailId, params: l.detailParams });
  out.push(t('heading', { title: tr('context:title'), version: report.openclawVersion }));
  labelled('workspace', report.workspaceDir);
  labelled(
    'config',
    `${report.config.path ?? t('configNone', { places: report.config.searched.join(', ') })}${report.config.error ? t('configInvalid', { error: report.config.error }) : ''}`,
  );
  const how = localText(tr, {
    message: report.agent.how,
    messageId: report.agent.howId,
    params: report.agent.howParams,
  });
  labelled('agent', `${report.agent.id ?? t('agentDefaults')} — ${how}`);
  labelled('perFile', `${formatChars(perFile.value)} — ${limitDetail(perFile)}`);
  labelled('total', `${formatChars(total.value)} — ${limitDetail(total)}`);
  if (report.limits.userCap !== null)
    labelled(
      'user',
      t('userCap', {
        chars: formatChars(Math.min(report.limits.userCap, perFile.value)),
        cap: tr('context:limits.userCap', { cap: formatChars(report.limits.userCap) }),
      }),
    );
  out.push('');
  const rows = report.files.map((f) => [
    f.order === null ? '' : String(f.order),
    f.name,
    f.exists ? formatChars(f.measuredChars) : '–',
    f.injectedChars > 0 ? formatChars(f.injectedChars) : '–',
    capWords(f.cap, tr),
    t(`status.${STATUS_KEY[f.status]}`),
  ]);
  const header = ['order', 'file', 'chars', 'injected', 'cap', 'status'].map((key) => t(`columns.${key}`));
  const widths = header.map((h, i) => Math.max(columns(h), ...rows.map((r) => columns(r[i]!))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => padColumns(c, widths[i]!, i >= 2 && i <= 3 ? 'start' : 'end'))
      .join('  ')
      .trimEnd();
  out.push(line(header));
  const indent = ' '.repeat(widths[0]! + 2);
  report.files.forEach((file, i) => {
    out.push(line(rows[i]!));
    const detail = file.status === 'full' && file.cap ? null : budgetConsequence(file, tr);
    if (detail && file.status !== 'absent') out.push(`${indent}${detail}`);
    if (file.note)
      out.push(`${indent}${localText(tr, { message: file.note, messageId: file.noteId, params: file.noteParams })}`);
  });
  out.push('');
  const { injectedChars, totalCap, remaining } = report.totals;
  out.push(
    t('total', {
      used: formatChars(injectedChars),
      cap: formatChars(totalCap),
      percent: ((100 * injectedChars) / totalCap).toFixed(1),
      left: formatChars(remaining),
    }),
  );
  if (report.promoted.length > 0) {
    out.push('');
    out.push(t('section', { title: tr('context:promoted.title') }));
    for (const p of report.promoted) {
      const when = tr(p.kind === 'promoted' ? 'context:promoted.promoted' : 'context:promoted.consolidated', {
        date: p.date,
      });
      const lines = tr('context:promoted.lines', {
        start: p.startLine,
        end: p.endLine,
        chars: formatChars(p.chars),
        count: p.entries,
      });
      out.push(`  ${when}  ${lines}`);
    }
  }
  if (report.warnings.length > 0) {
    out.push('');
    // OpenClaw's own log lines, as OpenClaw writes them.
    out.push(t('section', { title: tr('context:log') }));
    for (const w of report.warnings) out.push(`  ${w}`);
  }
  out.push('');
  report.notes.forEach((note, i) =>
    out.push(t('note', { note: localText(tr, { message: note, ...report.noteRefs?.[i] }) })),
  );
  return `${out.join('\n')}\n`;
}

export const contextCommand: CommandImpl = {
  async run({ values, positionals, io, json, t, openEngine }) {
    if (positionals.length > 0) throw usageError('noPositionals', { command: 'context' });
    const version = values['openclaw-version'];
    if (version !== undefined && !isOpenclawVersion(String(version))) {
      throw usageError('openclawVersion', { versions: OPENCLAW_VERSIONS.join(', '), value: String(version) });
    }
    const args: ContextArgs = {};
    if (typeof values.agent === 'string') args.agent = values.agent;
    if (typeof version === 'string' && isOpenclawVersion(version)) args.openclawVersion = version;
    const limits = parseLimits(values.limits);
    if (limits) args.limits = limits;
    const show = typeof values.show === 'string' ? values.show : null;
    if (show) args.includeText = true;
    const engine = await openEngine();
    try {
      const configPath =
        typeof values['openclaw-config'] === 'string' ? path.resolve(io.cwd, values['openclaw-config']) : undefined;
      const report = await engine.context(args, { env: io.env, ...(configPath ? { openclawConfig: configPath } : {}) });
      if (show) {
        const file = report.files.find((f) => f.name === show || f.path === show);
        if (!file) throw usageError('notBootstrap', { name: show, files: report.files.map((f) => f.name).join(', ') });
        if (json)
          writeJson(io, {
            name: file.name,
            status: file.status,
            injectedChars: file.injectedChars,
            injectedText: file.injectedText ?? '',
            promptText: file.promptText ?? '',
          });
        else
          io.stdout(
            file.injectedText === undefined
              ? `${t('cli:context.notInjected', { name: file.name, why: budgetConsequence(file, t) })}\n`
              : `${file.injectedText}\n`,
          );
        return 0;
      }
      if (json) writeJson(io, report);
      else io.stdout(formatContextReport(report, t));
      return 0;
    } finally {
      await engine.close();
    }
  },
};
