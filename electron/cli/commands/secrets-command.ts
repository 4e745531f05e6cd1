// memlens secrets: every key and password found in memory (kind, file, line, first seen) and the
// two fixes, through the contract's calls on the app core — so a fix is the same hash-checked save
// the app makes, recorded in the history as yours.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { SecretEntry, SecretList } from '../../../shared/secret-calls.js';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';
import { usageError } from '../common-options.js';
import { stamp } from '../format-history.js';
import { withHistory } from './history-commands.js';
import type { TFunction } from 'i18next';
import { localText, translator } from '../../../shared/i18n.js';
import { columns, padColumns } from '../text-columns.js';

const ENGLISH = translator('en');

export const secretsCommand: CommandImpl = {
  async run(run) {
    const { values, io, json, t } = run;
    const target =
      typeof values.remove === 'string' ? values.remove : typeof values.replace === 'string' ? values.replace : null;
    if (typeof values.remove === 'string' && typeof values.replace === 'string') throw usageError('removeAndReplace');
    return withHistory(run, async (call, workspaceDir) => {
      const list = await call('secrets', {});
      if (target === null) {
        if (json) writeJson(io, list);
        else io.stdout(formatSecrets(list, t));
        return 0;
      }
      const { file, line } = parseTarget(target);
      const onLine = list.secrets.filter((s) => s.path === file && s.line === line);
      const chosen = typeof values.label === 'string' ? onLine.filter((s) => s.label === values.label) : onLine;
      if (chosen.length === 0)
        throw typeof values.label === 'string'
          ? usageError('noSecretWithLabel', { file, line, label: values.label })
          : usageError('noSecretAt', { file, line });
      if (chosen.length > 1)
        throw usageError('manySecrets', {
          file,
          line,
          count: chosen.length,
          labels: chosen.map((s) => s.label).join(', '),
        });
      const secret = chosen[0]!;
      if (!secret.fixable) throw usageError('secretInTranscript', { file });
      const result = await call('secretFix', {
        path: file,
        line,
        label: secret.label,
        action: typeof values.remove === 'string' ? 'remove-line' : 'replace',
        ...(typeof values.placeholder === 'string' ? { placeholder: values.placeholder } : {}),
        expectedHash: createHash('sha256')
          .update(fs.readFileSync(path.join(workspaceDir, file)))
          .digest('hex'),
      });
      if (json) writeJson(io, result);
      else
        io.stdout(
          `${t(typeof values.remove === 'string' ? 'cli:secrets.removed' : 'cli:secrets.replaced', { line, path: file, label: secret.label })}\n${noticesText(list, t)}\n`,
        );
      return 0;
    });
  },
};

function parseTarget(text: string): { file: string; line: number } {
  const match = /^(.+):(\d+)$/.exec(text);
  if (!match) throw usageError('secretTarget');
  return { file: match[1]!, line: Number(match[2]) };
}

/** The list in `tr`'s language (English by default): where, kind, the masked label, the first version holding it. */
export function formatSecrets(list: SecretList, tr: TFunction = ENGLISH): string {
  if (list.secrets.length === 0) return `${tr('secrets:view.none')}\n`;
  const rows = list.secrets.map((s: SecretEntry) => [
    `${s.path}:${s.line}`,
    tr(`secrets:kind.${s.kind}`, { defaultValue: s.kind }),
    s.label,
    s.firstSeen ? tr('cli:secrets.firstSeen', { version: s.firstSeen.version, time: stamp(s.firstSeen.time) }) : '',
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => columns(r[i]!))));
  const lines = rows.map((r) =>
    r
      .map((cell, i) => (i < 3 ? padColumns(cell, widths[i]!) : cell))
      .join('  ')
      .trimEnd(),
  );
  return `${tr('cli:secrets.found', { count: list.secrets.length })}\n${lines.join('\n')}\n\n${noticesText(list, tr)}\n`;
}

function noticesText(list: SecretList, tr: TFunction): string {
  return list.notices.map((notice, i) => localText(tr, { message: notice, messageId: list.noticeIds?.[i] })).join('\n');
}
