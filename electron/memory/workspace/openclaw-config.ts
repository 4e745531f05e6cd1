// OpenClaw's openclaw.json: where OpenClaw looks for it, read as JSON5 (comments and trailing
// commas, with the same parser OpenClaw uses), and the bootstrap limits it sets — per agent in
// 2026.9.6, `agents.defaults` only in older releases — each with where it came from.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSON5 from 'json5';
import type { BootstrapProfile } from '../../../shared/bootstrap-profiles.js';
import type { ContextReport, ResolvedLimit } from '../../../shared/domain.js';
import { messageOf } from '../../../shared/errors.js';
import { said, type MessageParams } from '../../../shared/i18n.js';

/** A config file larger than this is not a hand-written openclaw.json; refuse to parse it. */
const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

export interface ConfigLocation {
  env: Readonly<Record<string, string | undefined>>;
  /** The user's home (OPENCLAW_HOME in env wins, as in OpenClaw). */
  homeDir?: string;
  /** Memory Lens's idea of OpenClaw's state folder (`~/.openclaw`, or the engine's openclawHome). */
  openclawHome?: string;
  /** An explicit file (`memlens context --openclaw-config FILE`): the only place looked. */
  explicitPath?: string;
}

export interface LoadedConfig {
  info: ContextReport['config'];
  /** The parsed object; null when absent or invalid. */
  value: Record<string, unknown> | null;
}

function expandHome(input: string, home: string): string {
  if (input === '~') return home;
  if (input.startsWith('~/') || input.startsWith('~\\')) return path.join(home, input.slice(2));
  return path.resolve(input);
}

/**
 * OpenClaw's order: OPENCLAW_CONFIG_PATH alone when set; else `openclaw.json` then the legacy
 * `clawdbot.json` in OPENCLAW_STATE_DIR, then in `~/.openclaw`, then in the legacy `~/.clawdbot`.
 * The first file that exists is the config.
 */
export function configCandidates(location: ConfigLocation): string[] {
  const home = location.env.OPENCLAW_HOME?.trim() || location.homeDir || location.env.HOME || os.homedir();
  if (location.explicitPath) return [path.resolve(location.explicitPath)];
  const explicit = location.env.OPENCLAW_CONFIG_PATH?.trim();
  if (explicit) return [expandHome(explicit, home)];
  const dirs: string[] = [];
  const stateDir = location.env.OPENCLAW_STATE_DIR?.trim();
  if (stateDir) dirs.push(expandHome(stateDir, home));
  dirs.push(
    location.openclawHome ? path.resolve(location.openclawHome) : path.join(home, '.openclaw'),
    path.join(home, '.clawdbot'),
  );
  return [...new Set(dirs)].flatMap((dir) => [path.join(dir, 'openclaw.json'), path.join(dir, 'clawdbot.json')]);
}

export async function loadOpenclawConfig(location: ConfigLocation): Promise<LoadedConfig> {
  const searched = configCandidates(location);
  for (const candidate of searched) {
    let text: string;
    try {
      const stat = await fs.stat(candidate);
      if (!stat.isFile()) continue;
      if (stat.size > MAX_CONFIG_BYTES) {
        return {
          value: null,
          info: { path: candidate, status: 'invalid', error: `larger than ${MAX_CONFIG_BYTES} bytes`, searched },
        };
      }
      text = await fs.readFile(candidate, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') continue;
      return { value: null, info: { path: candidate, status: 'invalid', error: messageOf(error), searched } };
    }
    try {
      const parsed: unknown = JSON5.parse(text);
      if (!isRecord(parsed))
        return {
          value: null,
          info: { path: candidate, status: 'invalid', error: 'the top level is not an object', searched },
        };
      return { value: parsed, info: { path: candidate, status: 'found', searched } };
    } catch (error) {
      return { value: null, info: { path: candidate, status: 'invalid', error: messageOf(error), searched } };
    }
  }
  return { value: null, info: { path: null, status: 'not-found', searched } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------
// Agents

/** OpenClaw's canonical agent id: trimmed, lower-case, other characters folded to dashes. */
export function normalizeAgentId(value: string): string {
  const trimmed = value.trim();
  const lower = trimmed.toLowerCase();
  if (/^[a-z0-9][a-z0-9_-]{0,63}$/i.test(trimmed)) return lower;
  return (
    lower
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+/, '')
      .replace(/-+$/, '')
      .slice(0, 64) || 'main'
  );
}

interface AgentEntry {
  id: string;
  /** `agents.entries.<key>` or `agents.list[<n>]`, for messages. */
  where: string;
  entry: Record<string, unknown>;
}

/** The roster: `agents.entries` (object keyed by id) wins over the legacy `agents.list` array. */
export function agentEntries(config: Record<string, unknown> | null): AgentEntry[] {
  const agents = config && isRecord(config.agents) ? config.agents : null;
  if (!agents) return [];
  if (agents.entries !== undefined) {
    if (!isRecord(agents.entries)) return [];
    return Object.entries(agents.entries)
      .filter((e): e is [string, Record<string, unknown>] => isRecord(e[1]))
      .map(([key, entry]) => ({ id: key, where: `agents.entries.${key}`, entry }));
  }
  if (!Array.isArray(agents.list)) return [];
  return agents.list.flatMap((entry, index) =>
    isRecord(entry) && typeof entry.id === 'string' ? [{ id: entry.id, where: `agents.list[${index}]`, entry }] : [],
  );
}

/**
 * Which agent's limits to show: the one asked for; else the agent whose workspace is the open
 * folder; else, as OpenClaw picks its default agent, the one entry marked `default: true`, else
 * the only configured agent; else none (defaults).
 */
export function chooseAgent(
  config: Record<string, unknown> | null,
  requested: string | undefined,
  workspaceOwner?: string,
): ContextReport['agent'] {
  const entries = agentEntries(config);
  const configured = [...new Set(entries.map((e) => normalizeAgentId(e.id)))];
  const chosen = (id: string | null, key: string, params?: MessageParams): ContextReport['agent'] => {
    const how = said(`context:report.agent.${key}`, params);
    return { id, how: how.message, howId: how.messageId, ...(params ? { howParams: params } : {}), configured };
  };
  if (requested) return chosen(normalizeAgentId(requested), 'asked');
  if (workspaceOwner && configured.includes(normalizeAgentId(workspaceOwner)))
    return chosen(normalizeAgentId(workspaceOwner), 'owner');
  const marked = entries.filter((e) => e.entry.default === true);
  if (marked.length === 1) return chosen(normalizeAgentId(marked[0]!.id), 'marked');
  if (configured.length === 1) return chosen(configured[0]!, 'only');
  if (configured.length > 1) return chosen(null, 'several', { ids: configured.join(', ') });
  return chosen(null, 'none');
}

// ---------------------------------------------------------------------------------------------
// Limits

const KEYS = { perFile: 'bootstrapMaxChars', total: 'bootstrapTotalMaxChars' } as const;

/** A usable limit: a finite number above 0, floored (OpenClaw's rule). */
function validLimit(raw: unknown): number | null {
  return typeof raw === 'number' && Number.isFinite(raw) && raw > 0 ? Math.floor(raw) : null;
}

/**
 * One limit, OpenClaw's way. 2026.9.6 reads the agent's entry, else `agents.defaults`; an invalid
 * value there (0, a string) falls back to the built-in default — not to `agents.defaults`.
 * Older releases read `agents.defaults` only.
 */
export function resolveLimit(
  which: keyof typeof KEYS,
  config: LoadedConfig,
  profile: BootstrapProfile,
  agentId: string | null,
  override: number | undefined,
): ResolvedLimit {
  const key = KEYS[which];
  const builtIn = profile.defaults[which];
  const limit = (value: number, source: ResolvedLimit['source'], detailKey: string, params: MessageParams) => {
    const detail = said(`context:report.limit.${detailKey}`, params);
    return { value, source, detail: detail.message, detailId: detail.messageId, detailParams: params };
  };
  const version = profile.version;
  if (override !== undefined) return limit(override, 'override', 'override', { builtIn });
  const file = config.info.path ?? 'openclaw.json';
  if (!config.value) return limit(builtIn, 'default', 'builtIn', { version });
  const agents = isRecord(config.value.agents) ? config.value.agents : {};
  const defaults = isRecord(agents.defaults) ? agents.defaults : {};
  let raw: unknown;
  let where: string;
  let source: ResolvedLimit['source'] = 'config-defaults';
  const entry =
    profile.perAgentLimits && agentId
      ? agentEntries(config.value).find((e) => normalizeAgentId(e.id) === agentId)
      : undefined;
  if (entry && entry.entry[key] !== undefined && entry.entry[key] !== null) {
    raw = entry.entry[key];
    where = `${entry.where}.${key}`;
    source = 'config-agent';
  } else {
    raw = defaults[key];
    where = `agents.defaults.${key}`;
  }
  if (raw === undefined || raw === null) return limit(builtIn, 'default', 'notSet', { file, version });
  const value = validLimit(raw);
  if (value === null)
    return limit(builtIn, 'default', 'invalid', { where, raw: String(JSON.stringify(raw)), file, builtIn });
  return limit(value, source, 'at', { where, file });
}
