// Text output of the history commands: what `memlens history` and `memlens changes` print. The
// facts come from the contract's calls; this only lays them out for a terminal.
import type { TFunction } from 'i18next';
import type { Author, Change, FileHistory, Version, WorkspaceChanges } from '../../shared/history-schemas.js';
import { localText, translator } from '../../shared/i18n.js';

const ENGLISH = translator('en');

export function stamp(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The history view's words for what a version did (`saved`, `renamed to …`), in `t`'s language. */
function kindText(v: Version, t: TFunction): string {
  if (v.kind === 'rename')
    return v.hash === null
      ? t('history:kind.renamedTo', { path: v.toPath ?? '?' })
      : t('history:kind.renamedFrom', { path: v.fromPath ?? '?' });
  if (v.kind === 'delete') return t('history:kind.deleted');
  if (v.kind === 'baseline') return t('history:kind.baseline');
  return t(v.kind === 'save' ? 'history:kind.save' : 'history:kind.change');
}

/** Who wrote a version and how, worded as the app words them. */
function authorText(author: Author, t: TFunction): { label: string; how: string } {
  return {
    label: localText(t, { message: author.label, messageId: author.messageId, params: author.params }),
    how: localText(t, { message: author.how, messageId: author.howId, params: author.howParams }),
  };
}

function sizeText(v: Version): string {
  if (v.hash === null) return '';
  return v.size < 1024 ? `${v.size} B` : `${(v.size / 1024).toFixed(1)} KB`;
}

export function formatHistory(history: FileHistory, t: TFunction = ENGLISH): string {
  const out: string[] = [];
  for (const notice of history.notices) out.push(`! ${localText(t, notice)}`);
  if (history.versions.length === 0) return `${[...out, t('cli:history.none', { path: history.path })].join('\n')}\n`;
  out.push(t('cli:history.versions', { path: history.path, count: history.versions.length }));
  for (const v of history.versions) {
    const author = authorText(v.author, t);
    out.push(`  v${v.id}  ${stamp(v.time)}  ${kindText(v, t).padEnd(12)} ${sizeText(v).padStart(8)}  ${author.label}`);
    out.push(
      `        ${t('cli:history.how', { how: author.how })}${v.clockWentBack ? t('cli:history.clockBack') : ''}`,
    );
    if (v.skipped) out.push(`        ${t('cli:history.notKept', { reason: v.skipped })}`);
  }
  return `${out.join('\n')}\n`;
}

function changeLines(change: Change, t: TFunction): string[] {
  const v = change.version;
  const author = authorText(v.author, t);
  const out = [
    `  ${v.path}  v${v.id}  ${stamp(v.time)}  ${kindText(v, t)}  +${change.added} −${change.removed}  ${author.label}`,
    `      ${t('cli:history.how', { how: author.how })}`,
  ];
  const agent = v.author.agent;
  if (agent?.userText)
    out.push(
      `      ${t('cli:history.asked', { text: agent.userText.replace(/\s+/g, ' ').slice(0, 140), session: agent.session, line: agent.userLine })}`,
    );
  let shown = 0;
  for (const hunk of change.hunks) {
    for (const line of hunk.removed) if (shown++ < 12) out.push(`      - ${line}`);
    for (const line of hunk.added) if (shown++ < 12) out.push(`      + ${line}`);
  }
  if (shown > 12)
    out.push(
      `      ${t('cli:history.more', { count: shown - 12, command: `memlens diff ${v.path} --from ${change.previous?.id ?? 'none'} --to ${v.id}` })}`,
    );
  out.push(
    `      ${t('cli:history.revert', { command: `memlens restore ${v.path} --version`, version: change.previous?.id ?? t('cli:history.wasNew') })}`,
  );
  return out;
}

/** The changes since a time, grouped by who made them, in `t`'s language. */
export function formatChanges(changes: WorkspaceChanges, t: TFunction = ENGLISH): string {
  const out: string[] = [];
  for (const notice of changes.notices) out.push(`! ${localText(t, notice)}`);
  const count = changes.groups.reduce((n, g) => n + g.changes.length, 0);
  out.push(t('cli:history.changesSince', { since: stamp(changes.since), count }));
  for (const group of changes.groups) {
    const label = t(`history:group.${group.kind}`, { defaultValue: group.label });
    out.push('', t('cli:history.group', { label, count: group.changes.length }));
    for (const change of group.changes) out.push(...changeLines(change, t));
  }
  return `${out.join('\n')}\n`;
}
