// `memlens eval` as text: metrics overall and per tag, the failed queries with where their
// evidence ranked, and for --compare both settings side by side with per-query rank changes.
import type { TFunction } from 'i18next';
import { columns, padColumns } from '../text-columns.js';
import type { LineRange, RangeMetrics } from './retrieval-metrics.js';
import type { EvalReport, RankChange } from './run-eval.js';

const COLUMNS: readonly [keyof RangeMetrics, string][] = [
  ['hitAt1', 'Hit@1'],
  ['hitAt5', 'Hit@5'],
  ['hitAt10', 'Hit@10'],
  ['mrrAt10', 'MRR@10'],
  ['ndcgAt10', 'nDCG@10'],
  ['recallAt10', 'Recall@10'],
];

const f3 = (n: number): string => n.toFixed(3);
const place = (r: LineRange): string =>
  r.startLine === r.endLine ? `${r.path}:${r.startLine}` : `${r.path}:${r.startLine}-${r.endLine}`;

/** The width of the first column: its header, "overall" and every tag, in terminal columns. */
function setWidth(labels: readonly string[]): number {
  return Math.max(8, ...labels.map(columns));
}

function table(rows: { label: string; n: number; cells: string[] }[], t: TFunction): string[] {
  const head = t('cli:eval.set');
  const width = setWidth([head, ...rows.map((r) => r.label)]);
  return [
    `${padColumns(head, width)}  ${'n'.padStart(4)}  ${COLUMNS.map(([, name]) => name.padStart(9)).join(' ')}`,
    ...rows.map(
      (r) =>
        `${padColumns(r.label, width)}  ${String(r.n).padStart(4)}  ${r.cells.map((c) => c.padStart(9)).join(' ')}`,
    ),
  ];
}

function metricRows(report: EvalReport, t: TFunction): { label: string; n: number; cells: string[] }[] {
  const row = (label: string, m: RangeMetrics) => ({ label, n: m.queries, cells: COLUMNS.map(([key]) => f3(m[key])) });
  return [row(t('cli:eval.overall'), report.overall), ...Object.entries(report.byTag).map(([tag, m]) => row(tag, m))];
}

export function formatEvalReport(report: EvalReport, options: { maxFailures: number; t: TFunction }): string {
  const { t } = options;
  const out: string[] = [];
  out.push(t('cli:eval.summary', { queries: report.overall.queries, ms: report.queryP50Ms.toFixed(1) }));
  out.push('');
  out.push(...table(metricRows(report, t), t));
  out.push('');
  const failed = report.failures.length;
  if (failed === 0) out.push(t('cli:eval.allFound'));
  else
    out.push(
      t('cli:eval.failures', {
        count: failed,
        more: failed > options.maxFailures ? t('cli:eval.firstOnly', { max: options.maxFailures }) : '',
      }),
    );
  const sep = t('cli:eval.sep');
  for (const failure of report.failures.slice(0, options.maxFailures)) {
    out.push(`  ${failure.id}  "${failure.query}"  [${failure.tags.join(', ')}]`);
    const ranked = failure.relevant
      .map((r) => `${place(r)} → ${r.rank === null ? t('cli:eval.notInTop') : `#${r.rank}`}`)
      .join(sep);
    out.push(t('cli:eval.evidence', { ranked }));
    out.push(t('cli:eval.instead', { top: failure.top.map(place).join(sep) || t('cli:eval.noResults') }));
  }
  return `${out.join('\n')}\n`;
}

function describeRank(rank: number | null): string {
  return rank === null ? '—' : `#${rank}`;
}

export function formatComparison(
  a: EvalReport,
  b: EvalReport,
  labels: [string, string],
  changes: readonly RankChange[],
  options: { maxChanges: number; t: TFunction },
): string {
  const { t } = options;
  const out: string[] = [];
  out.push(`A: ${labels[0] || t('cli:eval.defaults')}`);
  out.push(`B: ${labels[1] || t('cli:eval.defaults')}`);
  out.push('');
  const overall = t('cli:eval.overall');
  const width = setWidth([t('cli:eval.set'), overall, ...Object.keys(a.byTag)]);
  out.push(
    `${padColumns(t('cli:eval.set'), width)}  ${'n'.padStart(4)}  ${COLUMNS.map(([, name]) => `${name} A→B`.padStart(20)).join(' ')}`,
  );
  const rows: [string, RangeMetrics, RangeMetrics | undefined][] = [
    [overall, a.overall, b.overall],
    ...Object.entries(a.byTag).map(
      ([tag, m]) => [tag, m, b.byTag[tag]] as [string, RangeMetrics, RangeMetrics | undefined],
    ),
  ];
  for (const [label, ma, mb] of rows) {
    const cells = COLUMNS.map(([key]) => {
      const before = ma[key];
      const after = mb?.[key] ?? 0;
      const delta = after - before;
      return `${f3(before)}→${f3(after)} ${delta === 0 ? '     ' : `${delta > 0 ? '+' : ''}${delta.toFixed(3)}`}`.padStart(
        20,
      );
    });
    out.push(`${padColumns(label, width)}  ${String(ma.queries).padStart(4)}  ${cells.join(' ')}`);
  }
  out.push('');
  const better = changes.filter(
    (c) => (c.after === null ? 0 : 1 / c.after) > (c.before === null ? 0 : 1 / c.before),
  ).length;
  out.push(
    t('cli:eval.changed', {
      count: changes.length,
      better,
      worse: changes.length - better,
      tail:
        changes.length > options.maxChanges ? t('cli:eval.biggest', { max: options.maxChanges }) : t('cli:eval.all'),
    }),
  );
  for (const c of changes.slice(0, options.maxChanges)) {
    out.push(
      `  ${c.id.padEnd(14)} ${describeRank(c.before).padStart(3)} → ${describeRank(c.after).padEnd(3)}  "${c.query}"`,
    );
  }
  return `${out.join('\n')}\n`;
}
