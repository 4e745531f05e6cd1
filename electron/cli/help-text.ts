// memlens's help in the user's language: English is each command's own text (commands.ts), read
// without loading any translation; another language's help loads only when it is asked for.
import type { CliHelpText } from '../../shared/locales/cli-help-text.js';
import type { Locale } from '../../shared/locales/names.js';
import { OUR_MEMORY_FILES } from '../../shared/memory-scope.js';
import { OPENCLAW_VERSIONS } from '../../shared/bootstrap-profiles.js';
import { OPENCLAW_RANKING_RELEASE } from '../../shared/search-profiles.js';
import { EXPANSION_DEFAULTS, SEARCH_DEFAULTS } from '../../shared/search-defaults.js';
import { DEFAULT_SESSION_MESSAGES } from '../app/agent/session-memory-defaults.js';
import { DEFAULT_SERVE_PORT } from './serve-defaults.js';

const TRANSLATED: Partial<Record<Locale, () => Promise<CliHelpText>>> = {
  'zh-CN': async () => (await import('../../shared/locales/zh-CN/cli-help.js')).cliHelp,
};

/** The defaults the help names, as the English text puts them in. */
const DEFAULTS: Record<string, string | number> = {
  maxResults: SEARCH_DEFAULTS.maxResults,
  minScore: SEARCH_DEFAULTS.minScore,
  halfLifeDays: SEARCH_DEFAULTS.halfLifeDays,
  mmrLambda: SEARCH_DEFAULTS.mmrLambda,
  accessBoostFactor: SEARCH_DEFAULTS.accessBoostFactor,
  dateBoost: SEARCH_DEFAULTS.dateBoost,
  expansionWeight: EXPANSION_DEFAULTS.weight,
  rankingRelease: OPENCLAW_RANKING_RELEASE,
  memoryFiles: OUR_MEMORY_FILES,
  versions: OPENCLAW_VERSIONS.join(', '),
  defaultVersion: OPENCLAW_VERSIONS[0],
  port: DEFAULT_SERVE_PORT,
  messages: DEFAULT_SESSION_MESSAGES,
};

/** `locale`'s help with its defaults filled in, or null for English (the command table's own text). */
export async function translatedHelp(locale: Locale): Promise<CliHelpText | null> {
  const text = await TRANSLATED[locale]?.();
  if (!text) return null;
  const fill = (s: string, extra: Record<string, string> = {}): string =>
    s.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(extra[name] ?? DEFAULTS[name] ?? whole));
  const searchFlags = fill(text.searchFlags);
  return {
    ...text,
    common: fill(text.common),
    searchFlags,
    commands: Object.fromEntries(
      Object.entries(text.commands).map(([name, c]) => [
        name,
        { summary: fill(c.summary), usage: fill(c.usage, { searchFlags }) },
      ]),
    ),
  };
}
