// Text output of the history commands: what `memlens history` and `memlens changes` print. The
// facts come from the contract's calls; this only lays them out for a terminal.
import type { Change, FileHistory, Version, WorkspaceChanges } from '../../shared/history-schemas.js';

export function stamp(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function kindText(v: Version): string {
  if (v.kind === 'rename')
    return v.hash === null ? `renamed to ${v.toPath ?? '?'}` : `renamed from ${v.fromPath ?? '?'}`;
  if (v.kind === 'delete') return 'deleted';
  if (v.kind === 'baseline') return 'first seen';
  return v.kind === 'save' ? 'saved' : 'changed';
}

function sizeText(v: Version): string {
  if (v.hash === null) return '';
  return v.size < 1024 ? `${v.size} B` : `${(v.size / 1024).toFixed(1)} KB`;
}

export function formatHistory(history: FileHistory): string {
  const out: string[] = [];
  for (const notice of history.notices) out.push(`! ${notice}`);
  if (history.versions.length === 0) return `${[...out, `${history.path}: no versions kept yet.`].join('\n')}\n`;
  out.push(
    `${history.path}: ${history.versions.length} version${history.versions.length === 1 ? '' : 's'}, newest first`,
  );
  for (const v of history.versions) {
    out.push(`  v${v.id}  ${stamp(v.time)}  ${kindText(v).padEnd(12)} ${sizeText(v).padStart(8)}  ${v.author.label}`);
    out.push(
      `        how: ${v.author.how}${v.clockWentBack ? ' (the clock read earlier than the version before)' : ''}`,
    );
    if (v.skipped) out.push(`        not kept: ${v.skipped}`);
  }
  return `${out.join('\n')}\n`;
}

function changeLines(change: Change): string[] {
  const v = change.version;
  const out = [
    `  ${v.path}  v${v.id}  ${stamp(v.time)}  ${kindText(v)}  +${change.added} −${change.removed}  ${v.author.label}`,
    `      how: ${v.author.how}`,
  ];
  const agent = v.author.agent;
  if (agent?.userText)
    out.push(
      `      asked: “${agent.userText.replace(/\s+/g, ' ').slice(0, 140)}” (${agent.session} line ${agent.userLine})`,
    );
  let shown = 0;
  for (const hunk of change.hunks) {
    for (const line of hunk.removed) if (shown++ < 12) out.push(`      - ${line}`);
    for (const line of hunk.added) if (shown++ < 12) out.push(`      + ${line}`);
  }
  if (shown > 12)
    out.push(
      `      … ${shown - 12} more changed lines (memlens diff ${v.path} --from ${change.previous?.id ?? 'none'} --to ${v.id})`,
    );
  out.push(`      revert: memlens restore ${v.path} --version ${change.previous?.id ?? '(none: the file was new)'}`);
  return out;
}

export function formatChanges(changes: WorkspaceChanges): string {
  const out: string[] = [];
  for (const notice of changes.notices) out.push(`! ${notice}`);
  const count = changes.groups.reduce((n, g) => n + g.changes.length, 0);
  out.push(`Changes to memory since ${stamp(changes.since)}: ${count}`);
  for (const group of changes.groups) {
    out.push('', `${group.label} — ${group.changes.length} change${group.changes.length === 1 ? '' : 's'}`);
    for (const change of group.changes) out.push(...changeLines(change));
  }
  return `${out.join('\n')}\n`;
}
