// `memlens eval` as text: metrics overall and per tag, the failed queries with where their
// evidence ranked, and for --compare both settings side by side with per-query rank changes.
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

function table(rows: { label: string; n: number; cells: string[] }[]): string[] {
  const width = Math.max(8, ...rows.map((r) => r.label.length));
  const head = `${'set'.padEnd(width)}  ${'n'.padStart(4)}  ${COLUMNS.map(([, name]) => name.padStart(9)).join(' ')}`;
  return [
    head,
    ...rows.map(
      (r) => `${r.label.padEnd(width)}  ${String(r.n).padStart(4)}  ${r.cells.map((c) => c.padStart(9)).join(' ')}`,
    ),
  ];
}

function metricRows(report: EvalReport): { label: string; n: number; cells: string[] }[] {
  const row = (label: string, m: RangeMetrics) => ({ label, n: m.queries, cells: COLUMNS.map(([key]) => f3(m[key])) });
  return [row('overall', report.overall), ...Object.entries(report.byTag).map(([tag, m]) => row(tag, m))];
}

export function formatEvalReport(report: EvalReport, options: { maxFailures: number }): string {
  const out: string[] = [];
  out.push(
    `${report.overall.queries} queries · results judged at the top 10 · median query ${report.queryP50Ms.toFixed(1)} ms`,
  );
  out.push('');
  out.push(...table(metricRows(report)));
  out.push('');
  if (report.failures.length === 0) out.push('Every query has a relevant result in the top 10.');
  else
    out.push(
      `${report.failures.length} quer${report.failures.length === 1 ? 'y' : 'ies'} with no relevant result in the top 10${report.failures.length > options.maxFailures ? ` (first ${options.maxFailures}; --json has all)` : ''}:`,
    );
  for (const failure of report.failures.slice(0, options.maxFailures)) {
    out.push(`  ${failure.id}  "${failure.query}"  [${failure.tags.join(', ')}]`);
    const ranked = failure.relevant
      .map((r) => `${place(r)} → ${r.rank === null ? 'not in top 200' : `#${r.rank}`}`)
      .join('; ');
    out.push(`      evidence: ${ranked}`);
    out.push(`      instead:  ${failure.top.map(place).join('; ') || 'no results'}`);
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
  options: { maxChanges: number },
): string {
  const out: string[] = [];
  out.push(`A: ${labels[0]}`);
  out.push(`B: ${labels[1]}`);
  out.push('');
  const width = Math.max(8, ...['overall', ...Object.keys(a.byTag)].map((t) => t.length));
  out.push(
    `${'set'.padEnd(width)}  ${'n'.padStart(4)}  ${COLUMNS.map(([, name]) => `${name} A→B`.padStart(20)).join(' ')}`,
  );
  const rows: [string, RangeMetrics, RangeMetrics | undefined][] = [
    ['overall', a.overall, b.overall],
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
    out.push(`${label.padEnd(width)}  ${String(ma.queries).padStart(4)}  ${cells.join(' ')}`);
  }
  out.push('');
  const better = changes.filter(
    (c) => (c.after === null ? 0 : 1 / c.after) > (c.before === null ? 0 : 1 / c.before),
  ).length;
  out.push(
    `${changes.length} queries changed rank (${better} better, ${changes.length - better} worse)${changes.length > options.maxChanges ? `; the ${options.maxChanges} biggest moves:` : ':'}`,
  );
  for (const c of changes.slice(0, options.maxChanges)) {
    out.push(
      `  ${c.id.padEnd(14)} ${describeRank(c.before).padStart(3)} → ${describeRank(c.after).padEnd(3)}  "${c.query}"`,
    );
  }
  return `${out.join('\n')}\n`;
}
