// The Secrets list and its two fixes. The index knows where each masked value sits (kind, line,
// label); the value itself is read from the file when needed — to find the oldest history version
// holding it, or to cut it out — and never leaves this module.
import { MemoryLensError } from '../../shared/errors.js';
import { englishText } from '../../shared/i18n.js';
import type { SaveResult } from '../../shared/domain.js';
import {
  DEFAULT_SECRET_PLACEHOLDER,
  type SecretEntry,
  type SecretFixArgs,
  type SecretList,
} from '../../shared/secret-calls.js';
import { findingAt } from '../../shared/secrets.js';
import type { MemoryEngineApi } from '../memory/engine-types.js';
import type { HistoryService } from './history/history-service.js';

/** Said with every non-empty list: copies outside this app keep the value until the user acts. */
const GIT_NOTICE_ID = 'secrets:view.gitNotice';
export const GIT_NOTICE = englishText({ messageId: GIT_NOTICE_ID });

export async function listSecrets(engine: MemoryEngineApi, history: HistoryService | undefined): Promise<SecretList> {
  const indexed = await engine.secrets();
  const byPath = new Map<string, typeof indexed>();
  for (const secret of indexed) byPath.set(secret.path, [...(byPath.get(secret.path) ?? []), secret]);
  const secrets: SecretEntry[] = [];
  for (const [path, found] of byPath) {
    const fixable = found[0]!.source === 'memory';
    const firstSeen = fixable && history ? await firstSeenOf(engine, history, path) : null;
    for (const secret of found) {
      secrets.push({
        kind: secret.kind,
        path,
        line: secret.line,
        label: secret.label,
        source: secret.source,
        firstSeen: firstSeen?.(secret.line, secret.label) ?? null,
        fixable,
      });
    }
  }
  return secrets.length > 0 ? { secrets, notices: [GIT_NOTICE], noticeIds: [GIT_NOTICE_ID] } : { secrets, notices: [] };
}

/** For one file: a lookup of the oldest kept version whose text holds the value at (line, label). */
async function firstSeenOf(
  engine: MemoryEngineApi,
  history: HistoryService,
  path: string,
): Promise<((line: number, label: string) => { version: number; time: number } | null) | null> {
  let text: string;
  let versions: { id: number; time: number; text: string | null }[];
  try {
    text = (await engine.readFile(path)).text;
    const listed = (await history.list(path)).versions.slice().reverse();
    versions = await Promise.all(
      listed.map(async (v) => ({
        id: v.id,
        time: v.time,
        text:
          v.hash === null || v.skipped !== null
            ? null
            : await history.versionText(path, v.id).then(
                (t) => t.text,
                () => null,
              ),
      })),
    );
  } catch {
    return null;
  }
  return (line, label) => {
    const finding = findingAt(text, line, label);
    if (!finding) return null;
    const first = versions.find((v) => v.text?.includes(finding.value));
    return first ? { version: first.id, time: first.time } : null;
  };
}

/** Removes the secret's line(s) or replaces its value, through the engine's hash-checked save. */
export async function fixSecret(engine: MemoryEngineApi, args: SecretFixArgs): Promise<SaveResult> {
  const file = await engine.readFile(args.path);
  if (file.hash !== args.expectedHash) {
    throw new MemoryLensError(
      'CONFLICT',
      { messageId: 'errors:secrets.changed', params: { path: args.path } },
      {
        currentHash: file.hash,
      },
    );
  }
  if (file.readOnly !== null || file.window)
    throw new MemoryLensError('NOT_ALLOWED', {
      messageId: `errors:secrets.opensReadOnly.${file.readOnly ?? 'window'}`,
      params: { path: args.path },
    });
  const finding = findingAt(file.text, args.line, args.label);
  if (!finding)
    throw new MemoryLensError('NOT_FOUND', {
      messageId: 'errors:secrets.gone',
      params: { path: args.path, label: args.label, line: args.line },
    });
  let text: string;
  if (args.action === 'replace') {
    text =
      file.text.slice(0, finding.start) +
      (args.placeholder ?? DEFAULT_SECRET_PLACEHOLDER) +
      file.text.slice(finding.end);
  } else {
    const start = file.text.lastIndexOf('\n', finding.start - 1) + 1;
    const nextBreak = file.text.indexOf('\n', finding.end);
    text = file.text.slice(0, start) + (nextBreak === -1 ? '' : file.text.slice(nextBreak + 1));
  }
  return engine.saveFile(args.path, text, args.expectedHash);
}
