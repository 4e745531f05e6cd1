// What a subcommand is: its metadata (commands.ts) and its implementation, loaded on run.
import type { TFunction } from 'i18next';
import type { Locale } from '../../shared/locales/names.js';
import type { AgentActivityStore } from '../app/agent/agent-activity-store.js';
import type { EngineOptions, MemoryEngineApi } from '../memory/engine-types.js';
import type { CliIo } from './cli-io.js';
import type { CommonSettings } from './common-options.js';
import type { OptionSpecs } from './option-specs.js';

export interface CommandRun {
  /** Parsed values: COMMON_OPTIONS plus the command's own options. */
  values: Record<string, unknown>;
  positionals: string[];
  io: CliIo;
  /** --json was given: print JSON, errors included. */
  json: boolean;
  /** The language of the human output (--lang, MEMLENS_LANG, else English) and its translate function. */
  locale: Locale;
  t: TFunction;
  /** Workspace, sessions, db, data dir and embedder, resolved from the common options. */
  settings(): Promise<CommonSettings>;
  /** Opens the engine on settings(), its breakdowns carrying access counts; the command must close it. */
  openEngine(extra?: Pick<EngineOptions, 'onEmbedderAvailable'>): Promise<MemoryEngineApi>;
  /** Access counts and the agent search log in the data dir (opened once per run, closed by runCli). */
  activity(): Promise<AgentActivityStore>;
}

export interface CliCommand {
  name: string;
  /** One line for `memlens help`. */
  summary: string;
  /** Usage and the command's own options, for `memlens help NAME` / `NAME --help`. */
  usage: string;
  options: OptionSpecs;
  /**
   * Output that must leave byte for byte: a file as asked for (`get`), a protocol (`mcp`), a URL with
   * its token (`serve`). Every other command's output has its secrets masked unless --show-secrets.
   */
  rawOutput?: boolean;
  /** Flags whose value is optional (`--decay` or `--decay=14`). */
  optionalValueFlags?: readonly string[];
  /** Imports the implementation: only the command that runs pays for its modules. */
  load(): Promise<CommandImpl>;
}

export interface CommandImpl {
  /** Exit code: 0 ok, 1 runtime failure, 2 usage. */
  run(run: CommandRun): Promise<number>;
}

/** JSON on one line (batch output) or pretty (single responses). */
export function writeJson(io: CliIo, value: unknown, pretty = true): void {
  io.stdout(`${pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value)}\n`);
}
