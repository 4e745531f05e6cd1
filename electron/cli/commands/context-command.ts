// memlens context: what the agent sees at session start — every bootstrap file in OpenClaw's
// injection order with its size, the cap that applied, what is cut (line ranges), the totals
// against the total cap, and where each limit came from (openclaw.json, defaults, --limits).
import path from 'node:path';
import { OPENCLAW_VERSIONS, isOpenclawVersion } from '../../../shared/bootstrap-profiles.js';
import { budgetConsequence, capWords, formatChars } from '../../../shared/context-summary.js';
import type { ContextArgs, ContextReport } from '../../../shared/domain.js';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';
import { UsageError } from '../common-options.js';

/** `per-file=30000,total=80000` (either part optional). */
export function parseLimits(value: unknown): ContextArgs['limits'] {
  if (value === undefined) return undefined;
  const limits: NonNullable<ContextArgs['limits']> = {};
  for (const part of String(value).split(',')) {
    const match = /^\s*(per-file|perfile|total)\s*=\s*(\d+)\s*$/i.exec(part);
    const n = match ? Number(match[2]) : NaN;
    if (!match || !Number.isSafeInteger(n) || n < 1) {
      throw new UsageError(`--limits expects per-file=N,total=N with whole numbers above 0 (got "${String(value)}")`);
    }
    if (match[1]!.toLowerCase() === 'total') limits.total = n;
    else limits.perFile = n;
  }
  return limits;
}

const STATUS_WORDS: Record<ContextReport['files'][number]['status'], string> = {
  full: 'full',
  truncated: 'CUT',
  missing: 'missing',
  absent: 'absent',
  empty: 'empty',
  'over-budget': 'LEFT OUT',
  'not-loaded': 'not loaded',
  unreadable: 'unreadable',
};

export function formatContextReport(report: ContextReport): string {
  const out: string[] = [];
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
  out.push(`What the agent sees at session start — OpenClaw ${report.openclawVersion} arithmetic`);
  out.push(`workspace  ${report.workspaceDir}`);
  out.push(
    `config     ${report.config.path ?? `none found (looked in ${report.config.searched.join(', ')})`}${report.config.error ? ` — invalid: ${report.config.error}` : ''}`,
  );
  out.push(`agent      ${report.agent.id ?? '(defaults)'} — ${report.agent.how}`);
  out.push(`per file   ${formatChars(report.limits.perFile.value)} — ${report.limits.perFile.detail}`);
  out.push(`total      ${formatChars(report.limits.total.value)} — ${report.limits.total.detail}`);
  if (report.limits.userCap !== null)
    out.push(
      `USER.md    ${formatChars(Math.min(report.limits.userCap, report.limits.perFile.value))} (its own cap: min(per file, ${formatChars(report.limits.userCap)}))`,
    );
  out.push('');
  const rows = report.files.map((f) => [
    f.order === null ? '' : String(f.order),
    f.name,
    f.exists ? formatChars(f.measuredChars) : '–',
    f.injectedChars > 0 ? formatChars(f.injectedChars) : '–',
    capWords(f.cap),
    STATUS_WORDS[f.status],
  ]);
  const header = ['#', 'file', 'chars', 'injected', 'cap', 'status'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 2 && i <= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  out.push(line(header));
  report.files.forEach((file, i) => {
    out.push(line(rows[i]!));
    const detail = file.status === 'full' && file.cap ? null : budgetConsequence(file);
    if (detail && file.status !== 'absent') out.push(`${' '.repeat(widths[0]! + 2)}${detail}`);
    if (file.note) out.push(`${' '.repeat(widths[0]! + 2)}${file.note}`);
  });
  out.push('');
  const { injectedChars, totalCap, remaining } = report.totals;
  out.push(
    `total injected  ${formatChars(injectedChars)} / ${formatChars(totalCap)} (${pct(injectedChars, totalCap)}), ${formatChars(remaining)} left`,
  );
  if (report.promoted.length > 0) {
    out.push('');
    out.push('MEMORY.md sections written by OpenClaw dreaming (oldest first):');
    for (const p of report.promoted) {
      out.push(
        `  ${p.date}  lines ${p.startLine}–${p.endLine}  ${formatChars(p.chars)} chars  ${p.entries} entr${p.entries === 1 ? 'y' : 'ies'}${p.kind === 'consolidated' ? '  (consolidated)' : ''}`,
      );
    }
  }
  if (report.warnings.length > 0) {
    out.push('');
    out.push("OpenClaw's log for this budget:");
    for (const w of report.warnings) out.push(`  ${w}`);
  }
  out.push('');
  for (const note of report.notes) out.push(`note: ${note}`);
  return `${out.join('\n')}\n`;
}

export const contextCommand: CommandImpl = {
  async run({ values, positionals, io, json, openEngine }) {
    if (positionals.length > 0) throw new UsageError('context takes no positional arguments');
    const version = values['openclaw-version'];
    if (version !== undefined && !isOpenclawVersion(String(version))) {
      throw new UsageError(
        `--openclaw-version expects one of ${OPENCLAW_VERSIONS.join(', ')} (got "${String(version)}")`,
      );
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
        if (!file)
          throw new UsageError(
            `--show: ${show} is not a bootstrap file (${report.files.map((f) => f.name).join(', ')})`,
          );
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
              ? `(${file.name} is not injected: ${budgetConsequence(file)})\n`
              : `${file.injectedText}\n`,
          );
        return 0;
      }
      if (json) writeJson(io, report);
      else io.stdout(formatContextReport(report));
      return 0;
    } finally {
      await engine.close();
    }
  },
};
