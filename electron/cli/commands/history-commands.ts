// memlens history / diff / restore / changes: the memory history from the command line. Each
// opens the app core on the workspace (the same data dir, so the same history as the app),
// rescans it — a change made since the app last looked becomes a version first — and answers
// through the contract's calls, so the CLI and the app cannot disagree.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CallArgs, CallName, CallResult } from '../../../shared/contract.js';
import { MemoryLensError } from '../../../shared/errors.js';
import { createAppService, type AppService } from '../../app/app-service.js';
import { unifiedDiff } from '../../app/history/line-diff.js';
import type { CommandImpl, CommandRun } from '../command.js';
import { writeJson } from '../command.js';
import { usageError } from '../common-options.js';
import { sinceOption } from '../since-option.js';
import { formatChanges, formatHistory, stamp } from '../format-history.js';
import type { TFunction } from 'i18next';
import { localText, translator } from '../../../shared/i18n.js';
import { logText } from '../../../shared/log-line.js';

type Caller = <K extends CallName>(name: K, args: CallArgs<K>) => Promise<CallResult<K>>;

/** The app core on the run's workspace, synced and its history rescanned, closed after `use`. */
export async function withAppCore<T>(run: CommandRun, use: (service: AppService) => Promise<T>): Promise<T> {
  const resolved = await run.settings();
  const { workspaceDir, dataDir, sessionDirs, openclawHome, dbPath } = resolved.engineOptions;
  const service = await createAppService({
    dataDir,
    context: {
      downloadAnswer: false,
      keywordOnly: true,
      ...(sessionDirs?.length ? { sessionDirs } : {}),
      ...(openclawHome ? { openclawHome } : {}),
    },
    overrides: { ...(dbPath ? { dbPath } : {}), embedder: null },
    watch: false,
    log: (line) => run.io.stderr(`memlens: ${logText(run.t, line)}\n`),
  });
  try {
    await service.open(workspaceDir, { isSample: resolved.isSample });
    await service.session.whenSynced();
    await service.history.whenIdle();
    return await use(service);
  } finally {
    await service.close();
  }
}

export function withHistory<T>(run: CommandRun, use: (call: Caller, workspaceDir: string) => Promise<T>): Promise<T> {
  return withAppCore(run, (service) => {
    const call: Caller = async (name, args) => {
      const outcome = await service.dispatcher.handle(name, args);
      if (!outcome.ok) {
        const { code, message, messageId, params, details } = outcome.error;
        throw new MemoryLensError(code, messageId ? { messageId, ...(params ? { params } : {}) } : message, details);
      }
      return outcome.result as never;
    };
    return use(call, service.session.info().workspaceDir);
  });
}

function relPathArg(run: CommandRun, workspaceDir: string): string {
  const given = run.positionals[0];
  if (!given) throw usageError('pathRequired');
  // An absolute path, or one typed from inside the workspace, is made workspace-relative.
  const inside = (p: string) => {
    const rel = path.relative(workspaceDir, p);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : null;
  };
  if (path.isAbsolute(given)) return inside(given) ?? given;
  return inside(run.io.cwd) !== null ? (inside(path.resolve(run.io.cwd, given)) ?? given) : given;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function versionArg(value: unknown, flag: string, allowCurrent: boolean): number | null {
  if (typeof value !== 'string') throw usageError('versionRequired', { flag });
  if (allowCurrent && (value === 'current' || value === 'now')) return null;
  if (allowCurrent && value === 'none') return null;
  const n = Number(value.replace(/^v/i, ''));
  if (!Number.isInteger(n) || n < 1) throw usageError(allowCurrent ? 'versionOrCurrent' : 'versionNumber', { flag });
  return n;
}

export const historyCommand: CommandImpl = {
  run: (run) =>
    run.positionals[0] === 'purge-secret'
      ? purgeSecret(run)
      : withHistory(run, async (call, workspaceDir) => {
          const history = await call('historyList', { path: relPathArg(run, workspaceDir) });
          if (run.json) writeJson(run.io, history);
          else run.io.stdout(formatHistory(history, run.t));
          return 0;
        }),
};

async function purgeSecret(run: CommandRun): Promise<number> {
  const given = run.positionals[1];
  if (given === undefined) throw usageError('purgeSecret');
  const value = given === '-' ? (await readStdin()).replace(/\r?\n$/, '') : given;
  const placeholder = typeof run.values.placeholder === 'string' ? run.values.placeholder : undefined;
  return withHistory(run, async (call) => {
    const result = await call('historyPurgeSecret', { value, ...(placeholder ? { placeholder } : {}) });
    if (run.json) writeJson(run.io, result);
    else run.io.stdout(formatPurge(result, run.t));
    return 0;
  });
}

export function formatPurge(result: CallResult<'historyPurgeSecret'>, t: TFunction = translator('en')): string {
  const c = result.cleaned;
  const lines = [
    t('cli:history.purged', {
      versions: t('cli:history.versionsRewritten', { count: result.versionsRewritten }),
      placeholder: result.placeholder,
      files: t('cli:history.filesCleaned', { count: result.filesCleaned }),
    }),
    t('cli:history.cleaned', { ...c }),
    t('cli:history.vacuumed', { answer: t(result.vacuumed ? 'cli:history.yes' : 'cli:history.no') }),
    ...result.notices,
  ];
  return `${lines.join('\n')}\n`;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const diffCommand: CommandImpl = {
  run: (run) =>
    withHistory(run, async (call, workspaceDir) => {
      const rel = relPathArg(run, workspaceDir);
      const from = versionArg(run.values.from, 'from', true);
      const to = run.values.to === undefined ? null : versionArg(run.values.to, 'to', true);
      const diff = await call('historyDiff', { path: rel, from, to });
      if (run.json) writeJson(run.io, diff);
      else {
        const label = (v: typeof diff.from, fallback: string) =>
          v
            ? `${rel} v${v.id} ${stamp(v.time)} (${localText(run.t, { message: v.author.label, messageId: v.author.messageId, params: v.author.params })})`
            : `${rel} ${run.t(fallback)}`;
        run.io.stdout(
          unifiedDiff(diff.fromText, diff.toText, {
            from: label(diff.from, 'cli:history.empty'),
            to: label(diff.to, 'cli:history.now'),
          }) || `${run.t('cli:history.noDifferences')}\n`,
        );
      }
      return 0;
    }),
};

export const restoreCommand: CommandImpl = {
  run: (run) =>
    withHistory(run, async (call, workspaceDir) => {
      const rel = relPathArg(run, workspaceDir);
      const version = versionArg(run.values.version, 'version', false)!;
      const given = run.values['expected-hash'];
      const current = fs.existsSync(path.join(workspaceDir, rel))
        ? sha256(fs.readFileSync(path.join(workspaceDir, rel)))
        : null;
      const result = await call('historyRestore', {
        path: rel,
        version,
        expectedHash: typeof given === 'string' ? given : current,
      });
      if (run.json) writeJson(run.io, result);
      else
        run.io.stdout(
          `${run.t('cli:history.restored', { path: rel, version, size: result.size, hash: result.hash.slice(0, 12) })}\n`,
        );
      return 0;
    }),
};

export const changesCommand: CommandImpl = {
  run: (run) =>
    withHistory(run, async (call) => {
      const since = sinceOption(run.values.since);
      const changes = await call('historyChanges', since === undefined ? {} : { since });
      if (run.json) writeJson(run.io, changes);
      else run.io.stdout(formatChanges(changes, run.t));
      return 0;
    }),
};
