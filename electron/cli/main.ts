// `memlens` entry point (bin/memlens.js calls runCli). Parses the command line with
// node:util parseArgs, dispatches to the command table, and turns every failure into a one-line
// message (or a JSON error object under --json) and an exit code: 2 for usage, 1 for runtime.
import { parseArgs } from 'node:util';
import type { ErrorValue } from '../../shared/errors.js';
import type { CliIo } from './cli-io.js';
import { processIo } from './cli-io.js';
import { maskSecrets } from '../../shared/secrets.js';
import type { CliCommand } from './command.js';
import { writeJson } from './command.js';
import { COMMANDS } from './commands.js';
import {
  cliLocale,
  COMMON_OPTIONS,
  COMMON_USAGE,
  normalizeOptionalValueFlags,
  parseArgsRef,
  resolveCommonSettings,
  UsageError,
  type CommonSettings,
} from './common-options.js';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales/names.js';
import type { CliHelpText } from '../../shared/locales/cli-help-text.js';
import type { MessageRef } from '../../shared/i18n.js';
import type { AgentActivityStore } from '../app/agent/agent-activity-store.js';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

function findCommand(name: string, commands: readonly CliCommand[]): CliCommand | undefined {
  return commands.find((c) => c.name === name);
}

/** `memlens --help`: English from the command table, or `text`, the help in the user's language. */
export function generalHelp(commands: readonly CliCommand[] = COMMANDS, text: CliHelpText | null = null): string {
  const width = Math.max(...commands.map((c) => c.name.length), 4);
  const summary = (c: CliCommand) => text?.commands[c.name]?.summary ?? c.summary;
  return `${text?.title ?? "memlens — browse, search and explain an agent's Markdown memory (OpenClaw layout)"}

${text?.usage ?? 'Usage: memlens COMMAND [options]'}

${text?.commandsHeading ?? 'Commands:'}
${commands.map((c) => `  ${c.name.padEnd(width)}  ${summary(c)}`).join('\n')}
  ${'help'.padEnd(width)}  ${text?.helpSummary ?? 'show help for a command: memlens help search'}

${text?.common ?? COMMON_USAGE}
`;
}

function commandHelp(command: CliCommand, text: CliHelpText | null = null): string {
  return `${text?.commands[command.name]?.usage ?? command.usage}\n\n${text?.common ?? COMMON_USAGE}\n`;
}

/** The help in `locale` (English loads no translation). */
async function helpIn(locale: Locale): Promise<CliHelpText | null> {
  return locale === DEFAULT_LOCALE ? null : (await import('./help-text.js')).translatedHelp(locale);
}

/** `error` as a typed error; the modules that word it are loaded by `report`, when one happens. */
function errorValueOf(
  error: unknown,
  toErrorValue: (error: unknown) => ErrorValue,
  englishText: (ref: MessageRef) => string,
): ErrorValue {
  if (error instanceof UsageError)
    return error.ref
      ? { code: 'INVALID_ARGUMENT', message: englishText(error.ref), ...error.ref }
      : { code: 'INVALID_ARGUMENT', message: error.message };
  // parseArgs errors carry Node's own codes (ERR_PARSE_ARGS_*): they are usage errors.
  return toErrorValue(error);
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

/** `locale`: --lang when it was read, else MEMLENS_LANG; a typed error is worded in it, its JSON keeps English and the id. */
async function report(
  io: CliIo,
  json: boolean,
  error: unknown,
  command: CliCommand | null,
  locale: Locale = reportLocale(io),
): Promise<number> {
  const { createI18n, englishText, localText, translator } = await import('../../shared/i18n.js');
  const { toErrorValue } = await import('../../shared/errors.js');
  const usage = isParseArgsError(error) ? new UsageError(parseArgsRef((error as Error).message, englishText)) : error;
  if (usage instanceof UsageError && usage.locale) locale = usage.locale;
  const value = errorValueOf(usage, toErrorValue, englishText);
  // Zod's issues (a bad eval line) in zod's own words for the language: its locales load only then.
  const t =
    value.params?.issues !== undefined && locale !== 'en'
      ? createI18n(locale, [], { issueLocales: (await import('../../shared/zod-issue-locales.js')).ZOD_ISSUE_LOCALES })
          .t
      : translator(locale);
  // Usage mistakes and invalid arguments are 2, everything else 1.
  const code = usage instanceof UsageError || value.code === 'INVALID_ARGUMENT' ? EXIT_USAGE : EXIT_FAILURE;
  if (json) {
    const { code: errorCode, message, messageId, params } = value;
    writeJson(io, {
      error: { code: errorCode, message, ...(messageId ? { messageId } : {}), ...(params ? { params } : {}) },
    });
  } else {
    io.stderr(`memlens${command ? ` ${command.name}` : ''}: ${localText(t, value)}\n`);
    if (code === EXIT_USAGE && usage instanceof UsageError)
      io.stderr(`${t('cli:runHelp', { command: command ? ` ${command.name}` : '' })}\n`);
  }
  return code;
}

export async function runCli(
  argv: string[],
  io: CliIo = processIo(),
  commands: readonly CliCommand[] = COMMANDS,
): Promise<number> {
  const json = argv.includes('--json');
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' && rest[0] ? findCommand(rest[0], commands) : undefined;
    if (name === 'help' && rest[0] && !topic)
      return report(io, json, new UsageError(unknownCommand(rest[0])), null, argvLocale(io, rest));
    const text = await helpIn(argvLocale(io, rest));
    io.stdout(topic ? commandHelp(topic, text) : generalHelp(commands, text));
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = findCommand(name, commands);
  if (!command) return report(io, json, new UsageError(unknownCommand(name)), null, argvLocale(io, rest));

  const opened: { activity: AgentActivityStore | null } = { activity: null };
  let locale: Locale | undefined;
  try {
    const parsed = parseArgs({
      args: normalizeOptionalValueFlags(rest, command.optionalValueFlags ?? []),
      options: { ...COMMON_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    });
    const values = parsed.values as Record<string, unknown>;
    locale = cliLocale(values.lang, io.env);
    if (values.help === true) {
      io.stdout(commandHelp(command, await helpIn(locale)));
      return EXIT_OK;
    }
    let settings: Promise<CommonSettings> | null = null;
    const getSettings = (): Promise<CommonSettings> => (settings ??= resolveCommonSettings(values, io));
    const getActivity = async (): Promise<AgentActivityStore> => {
      const { dataDir } = (await getSettings()).engineOptions;
      const { AgentActivityStore } = await import('../app/agent/agent-activity-store.js');
      const { logText } = await import('../../shared/log-line.js');
      const t = (await import('../../shared/i18n.js')).translator(locale!);
      opened.activity ??= AgentActivityStore.open({
        dataDir,
        log: (line) => io.stderr(`memlens ${command.name}: ${logText(t, line)}\n`),
      });
      return opened.activity;
    };
    const implementation = await command.load();
    // The translations load here, once a command runs (never for --help or parsing).
    const { localText, translator } = await import('../../shared/i18n.js');
    return await implementation.run({
      values,
      positionals: parsed.positionals,
      io: command.rawOutput || values['show-secrets'] === true ? io : maskedOutput(io),
      json,
      locale,
      t: translator(locale),
      settings: getSettings,
      openEngine: async (extra) => {
        const engine = await (
          await import('../app/open-engine.js')
        ).openEngine({ ...(await getSettings()).engineOptions, ...extra }, await getActivity());
        // An index moved aside and rebuilt (damaged, unreadable) is said once, not done silently.
        for (const e of engine.status().errors.filter((e) => e.path === engine.dbPath))
          io.stderr(`memlens ${command.name}: ${localText(translator(locale!), e)}\n`);
        return engine;
      },
      activity: getActivity,
    });
  } catch (error) {
    // A command line parseArgs refused was never read: its --lang is looked for by hand.
    return await report(io, json, error, command, locale ?? argvLocale(io, rest));
  } finally {
    opened.activity?.close();
  }
}

/** `unknown command "x"` by id. */
function unknownCommand(command: string): MessageRef {
  return { messageId: 'cli:usage.unknownCommand', params: { command } };
}

/** The language a command line asks for with `--lang X` or `--lang=X` (else MEMLENS_LANG), read without parseArgs. */
function argvLocale(io: CliIo, args: readonly string[]): Locale {
  const at = args.indexOf('--lang');
  const lang = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--lang='))?.slice('--lang='.length);
  try {
    return cliLocale(lang, io.env);
  } catch {
    return reportLocale(io);
  }
}

function reportLocale(io: CliIo) {
  try {
    return cliLocale(undefined, io.env);
  } catch {
    return cliLocale(undefined, {});
  }
}

/** `io` with secrets masked in what the command prints (stdout and stderr). */
function maskedOutput(io: CliIo): CliIo {
  return { ...io, stdout: (text) => io.stdout(maskSecrets(text)), stderr: (text) => io.stderr(maskSecrets(text)) };
}
