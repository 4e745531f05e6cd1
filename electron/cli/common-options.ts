// Options every command shares (--workspace, --sessions, --db, --data-dir, embedder flags) and
// how they become EngineOptions. The workspace, when none is given, is chosen by the same rule as
// the desktop app (app/default-workspace.ts): ~/.openclaw/workspace if it exists, else the app's
// private copy of the bundled sample workspace.
import type { MessageRef } from '../../shared/i18n.js';
import { DEFAULT_LOCALE, LOCALES, resolveLocale, type Locale } from '../../shared/locales/names.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OptionSpecs } from './option-specs.js';
import { bundledSampleWorkspace, defaultDataDir, findPackageRoot } from '../app/app-paths.js';
import type { EmbedderConfig, EngineOptions } from '../memory/engine-types.js';
import type { CliIo } from './cli-io.js';
import { ENDPOINT_OPTIONS, ENDPOINT_USAGE, endpointFromFlags } from './endpoint-options.js';

export type { OptionSpecs };

/** A mistake in how the command was called: exit code 2 and the usage line. */
export class UsageError extends Error {
  /** The message by id: worded in the user's language when reported (the translations load only then). */
  readonly ref: MessageRef | undefined;
  /** The language to word it in whatever --lang says (an unknown --lang itself); else the command's. */
  readonly locale: Locale | undefined;
  constructor(message: string | MessageRef, locale?: Locale) {
    super(typeof message === 'string' ? message : message.messageId);
    this.name = 'UsageError';
    this.ref = typeof message === 'string' ? undefined : message;
    this.locale = locale;
  }
}

/** A usage mistake by its `cli:usage.*` id, worded in the user's language when reported. */
export function usageError(key: string, params?: MessageRef['params']): UsageError {
  return new UsageError(params ? { messageId: `cli:usage.${key}`, params } : { messageId: `cli:usage.${key}` });
}

/** What parseArgs said, by id when it is one of the messages we word (and reads the same in English), else as it is. */
const PARSE_ARGS_MESSAGES: readonly [RegExp, string, string][] = [
  [/^Unknown option '([^']+)'\. To specify a positional argument/, 'unknownOptionHint', 'option'],
  [/^Unknown option '([^']+)'$/, 'unknownOption', 'option'],
  [/^Option '([^']+)' argument missing$/, 'missingValue', 'option'],
  [/^Option '([^']+)' does not take an argument$/, 'noValue', 'option'],
  [/^Option '([^']+)' argument is ambiguous\./, 'ambiguousValue', 'option'],
  [
    /^Unexpected argument '([^']*)'\. This command does not take positional arguments$/,
    'unexpectedArgument',
    'argument',
  ],
];

export function parseArgsRef(message: string, englishText: (ref: MessageRef) => string): string | MessageRef {
  for (const [pattern, key, param] of PARSE_ARGS_MESSAGES) {
    const match = pattern.exec(message);
    if (!match) continue;
    const ref = { messageId: `cli:usage.${key}`, params: { [param]: match[1]! } };
    return englishText(ref) === message ? ref : message;
  }
  return message;
}

export const COMMON_OPTIONS = {
  workspace: { type: 'string' },
  sessions: { type: 'string', multiple: true },
  db: { type: 'string' },
  'data-dir': { type: 'string' },
  model: { type: 'string' },
  models: { type: 'string' },
  'allow-download': { type: 'boolean' },
  ...ENDPOINT_OPTIONS,
  json: { type: 'boolean' },
  lang: { type: 'string' },
  'show-secrets': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpecs;

export const COMMON_USAGE = `Common options:
  --workspace DIR      workspace folder (default ~/.openclaw/workspace if it exists, else the sample workspace)
  --sessions DIR       extra session transcript folder (repeatable)
  --db FILE            index file (default: in the data directory, keyed by workspace)
  --data-dir DIR       app data directory (default $MEMLENS_DATA_DIR or the XDG data dir)
  --model ID           embedding model (or $MEMLENS_MODEL); without one, search is keyword-only
  --models DIR         folder holding local models (default <data-dir>/models)
  --allow-download     let the embedder download a missing model
${ENDPOINT_USAGE}
  --json               machine-readable output (errors too)
  --lang LOCALE        language of the human output: en (default) or zh-CN (or $MEMLENS_LANG); --json is unchanged
  --show-secrets       print keys and passwords found in memory as they are (default: masked, e.g. tvly-…3HCS)`;

/**
 * The language of the human output: --lang, else $MEMLENS_LANG, else English (never the shell's
 * LANG: scripts that read the output keep reading English).
 */
export function cliLocale(lang: unknown, env: NodeJS.ProcessEnv): Locale {
  const asked = typeof lang === 'string' ? lang : env.MEMLENS_LANG || null;
  if (asked === null) return DEFAULT_LOCALE;
  const locale = knownLocale(asked);
  if (!locale) {
    const messageId = typeof lang === 'string' ? 'cli:unknownLang' : 'cli:unknownLangEnv';
    throw new UsageError({ messageId, params: { locales: LOCALES.join(', '), lang: asked } }, environmentLocale(env));
  }
  return locale;
}

function knownLocale(asked: string): Locale | undefined {
  return LOCALES.find((l) => l.toLowerCase() === asked.toLowerCase());
}

/**
 * The language the environment asks for, for the one message that cannot use --lang (an unknown
 * one): $MEMLENS_LANG when it is one we speak, else the system's LC_ALL, LC_MESSAGES or LANG
 * (`zh_CN.UTF-8` → zh-CN; `C`, `POSIX` and unknown ones → English).
 */
export function environmentLocale(env: NodeJS.ProcessEnv): Locale {
  const own = env.MEMLENS_LANG ? knownLocale(env.MEMLENS_LANG) : undefined;
  if (own) return own;
  const system = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  const tag = system.replace(/[.@].*$/, '').replace('_', '-');
  return tag === '' || tag === 'C' || tag === 'POSIX' ? DEFAULT_LOCALE : resolveLocale([tag]);
}

export interface CommonSettings {
  workspaceDir: string;
  /** True when no --workspace was given and the app's copy of the bundled sample is used. */
  isSample: boolean;
  engineOptions: EngineOptions;
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Refused before anything is created for it: a workspace that does not exist, or is a file. */
function assertWorkspaceFolder(resolved: string, typed: string): void {
  if (isDirectory(resolved)) return;
  throw usageError(fs.existsSync(resolved) ? 'workspaceNotFolder' : 'workspaceMissing', { path: typed });
}

type CommonValues = { [K in keyof typeof COMMON_OPTIONS]?: unknown };

export async function resolveCommonSettings(values: CommonValues, io: CliIo): Promise<CommonSettings> {
  const home = io.env.HOME || os.homedir();
  const openclawHome = path.join(home, '.openclaw');
  if (typeof values.workspace === 'string')
    assertWorkspaceFolder(path.resolve(io.cwd, values.workspace), values.workspace);
  const sessionDirs = ((values.sessions as string[] | undefined) ?? []).map((dir) => {
    const resolved = path.resolve(io.cwd, dir);
    if (!isDirectory(resolved)) throw usageError('sessionsNotFolder', { path: dir });
    return resolved;
  });
  const dataDir =
    typeof values['data-dir'] === 'string' ? path.resolve(io.cwd, values['data-dir']) : defaultDataDir(io.env);
  const { chooseWorkspace } = await import('../app/default-workspace.js');
  const choice = await chooseWorkspace({
    explicit: typeof values.workspace === 'string' ? path.resolve(io.cwd, values.workspace) : null,
    openclawHome,
    sampleSource: bundledSampleWorkspace(findPackageRoot()),
    dataDir,
  });
  const engineOptions: EngineOptions = { workspaceDir: choice.dir, sessionDirs, dataDir, openclawHome };
  if (typeof values.db === 'string') engineOptions.dbPath = path.resolve(io.cwd, values.db);
  engineOptions.embedder = embedderConfig(values, io, dataDir);
  // Said once, before anything is sent: what a remote endpoint receives.
  const endpoint = engineOptions.embedder?.endpoint;
  // Loaded only with an endpoint: its failure reasons bring the translations, which `--help` skips.
  const parsed = endpoint
    ? (await import('../../shared/embedding-endpoint.js')).parseEndpointUrl(endpoint.baseUrl)
    : null;
  if (parsed?.ok && !parsed.local && endpoint?.allowRemote) {
    const { translator } = await import('../../shared/i18n.js');
    io.stderr(`${translator(cliLocale(values.lang, io.env))('cli:remoteEndpoint', { origin: parsed.url.origin })}\n`);
  }
  return { workspaceDir: choice.dir, isSample: choice.isSample, engineOptions };
}

/** Vectors only when a model or endpoint is named (--model, MEMLENS_MODEL, --embedder); keyword-only otherwise. */
export function embedderConfig(values: CommonValues, io: CliIo, dataDir: string): EmbedderConfig | null {
  const endpoint = endpointFromFlags(values, io, (key, params) => {
    throw usageError(key, params);
  });
  if (endpoint) {
    if (typeof values.model === 'string') throw usageError('modelAndEmbedder');
    return { model: endpoint.model, modelsDir: '', allowDownload: false, endpoint };
  }
  const model = typeof values.model === 'string' && values.model ? values.model : io.env.MEMLENS_MODEL || null;
  if (!model) return null;
  const modelsDir =
    typeof values.models === 'string'
      ? path.resolve(io.cwd, values.models)
      : io.env.MEMLENS_MODELS_DIR
        ? path.resolve(io.cwd, io.env.MEMLENS_MODELS_DIR)
        : path.join(dataDir, 'models');
  const config: EmbedderConfig = { model, modelsDir, allowDownload: values['allow-download'] === true };
  if (io.env.MEMLENS_MODEL_HOST) config.modelHost = io.env.MEMLENS_MODEL_HOST;
  return config;
}

/** A positive integer option, or a UsageError naming the flag. */
export function intOption(value: unknown, flag: string, min = 1): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isInteger(n) || n < min) {
    throw usageError('integer', { flag, min, value: String(value) });
  }
  return n;
}

/** A number option in [min, max]; `what` names the quantity in the error (a `cli:usage.quantity` key). */
export function numberOption(
  value: unknown,
  flag: string,
  min: number,
  max: number,
  what?: 'halfLife' | 'lambda' | 'factor',
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    throw usageError(what ? 'numberOf' : 'number', { flag, min, max, value: String(value), ...(what ? { what } : {}) });
  }
  return n;
}

/**
 * parseArgs has no optional values: `--decay` alone would swallow the next word (the query).
 * Rewrite a bare `--decay` to `--decay=` so it parses as the empty string ("on, default value").
 */
export function normalizeOptionalValueFlags(argv: readonly string[], flags: readonly string[]): string[] {
  let afterTerminator = false;
  return argv.map((arg) => {
    if (arg === '--') afterTerminator = true;
    if (!afterTerminator && flags.some((flag) => arg === `--${flag}`)) return `${arg}=`;
    return arg;
  });
}
