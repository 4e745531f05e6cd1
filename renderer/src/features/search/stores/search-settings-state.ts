// The search settings the panel runs with, and the defaults saved in settings.json. They are two
// things on purpose: the panel's sliders are a what-if for this window, and only "Save as
// defaults" (here or in the Settings view) writes them — so exploring never changes the saved defaults.
import type { MemorySource, SearchOptions } from '../../../../../shared/domain';
import type { SearchSettings } from '../../../../../shared/settings-schema';
import { SEARCH_DEFAULTS } from '../../../../../shared/search-defaults';
import { asOfClock } from './as-of';

export interface SearchSettingsState {
  maxResults: number;
  minScore: number;
  vectorWeight: number;
  textWeight: number;
  decay: { enabled: boolean; halfLifeDays: number };
  mmr: { enabled: boolean; lambda: number };
  sources: MemorySource[];
  /** Lift chunks agents keep retrieving (off by default). */
  accessBoost: { enabled: boolean; factor: number };
  /** Dates in the query ("yesterday", "4月16号") boost memories from then (on by default). */
  dates: { enabled: boolean; boost: number };
  /** Never saved: a date range is about one investigation, not a preference. */
  from: string | null;
  to: string | null;
  /** Never saved either: "as of" another day (`YYYY-MM-DD`); null searches as of today. */
  asOf: string | null;
}

/** What settings.json keeps. */
export type SavedSearchSettings = Omit<SearchSettingsState, 'from' | 'to' | 'asOf'>;

/** The part of the settings that belongs to one investigation: kept across revert, save and load. */
export type InvestigationSettings = Pick<SearchSettingsState, 'from' | 'to' | 'asOf'>;

export function investigationPart(s: SearchSettingsState): InvestigationSettings {
  return { from: s.from, to: s.to, asOf: s.asOf };
}

export const NO_INVESTIGATION: InvestigationSettings = { from: null, to: null, asOf: null };

export const DEFAULT_SEARCH_SETTINGS: SearchSettingsState = {
  maxResults: SEARCH_DEFAULTS.maxResults,
  minScore: SEARCH_DEFAULTS.minScore,
  vectorWeight: SEARCH_DEFAULTS.vectorWeight,
  textWeight: SEARCH_DEFAULTS.textWeight,
  decay: { enabled: SEARCH_DEFAULTS.decayEnabled, halfLifeDays: SEARCH_DEFAULTS.halfLifeDays },
  mmr: { enabled: SEARCH_DEFAULTS.mmrEnabled, lambda: SEARCH_DEFAULTS.mmrLambda },
  sources: ['memory', 'sessions'],
  accessBoost: { enabled: SEARCH_DEFAULTS.accessBoostEnabled, factor: SEARCH_DEFAULTS.accessBoostFactor },
  dates: { enabled: SEARCH_DEFAULTS.datesEnabled, boost: SEARCH_DEFAULTS.dateBoost },
  from: null,
  to: null,
  asOf: null,
};

export type SearchSettingsPatch = Partial<Omit<SearchSettingsState, 'decay' | 'mmr' | 'accessBoost' | 'dates'>> & {
  decay?: Partial<SearchSettingsState['decay']>;
  mmr?: Partial<SearchSettingsState['mmr']>;
  accessBoost?: Partial<SearchSettingsState['accessBoost']>;
  dates?: Partial<SearchSettingsState['dates']>;
};

export function applySearchPatch(settings: SearchSettingsState, patch: SearchSettingsPatch): SearchSettingsState {
  return {
    ...settings,
    ...patch,
    decay: { ...settings.decay, ...patch.decay },
    mmr: { ...settings.mmr, ...patch.mmr },
    accessBoost: { ...settings.accessBoost, ...patch.accessBoost },
    dates: { ...settings.dates, ...patch.dates },
  };
}

export function savedPart(s: SearchSettingsState | SavedSearchSettings): SavedSearchSettings {
  return {
    maxResults: s.maxResults,
    minScore: s.minScore,
    vectorWeight: s.vectorWeight,
    textWeight: s.textWeight,
    decay: { ...s.decay },
    mmr: { ...s.mmr },
    sources: [...s.sources],
    accessBoost: { ...s.accessBoost },
    dates: { ...s.dates },
  };
}

export function fromSettingsFile(search: SearchSettings): SavedSearchSettings {
  return savedPart(search);
}

/** The settings that differ from the saved defaults, by name (the panel marks them "what-if"). */
export function whatIfChanges(current: SearchSettingsState, saved: SavedSearchSettings): string[] {
  const a = savedPart(current);
  const changed: string[] = [];
  if (a.maxResults !== saved.maxResults) changed.push('max results');
  if (a.minScore !== saved.minScore) changed.push('min score');
  if (a.vectorWeight !== saved.vectorWeight || a.textWeight !== saved.textWeight) changed.push('weights');
  if (JSON.stringify(a.decay) !== JSON.stringify(saved.decay)) changed.push('decay');
  if (JSON.stringify(a.mmr) !== JSON.stringify(saved.mmr)) changed.push('MMR');
  if ([...a.sources].sort().join() !== [...saved.sources].sort().join()) changed.push('sources');
  if (JSON.stringify(a.accessBoost) !== JSON.stringify(saved.accessBoost)) changed.push('access boost');
  if (JSON.stringify(a.dates) !== JSON.stringify(saved.dates)) changed.push('dates');
  return changed;
}

/** The options sent to the engine: exactly what the CLI would use for the same settings. */
export function toSearchOptions(query: string, s: SearchSettingsState): SearchOptions {
  const options: SearchOptions = {
    query,
    maxResults: s.maxResults,
    minScore: s.minScore,
    vectorWeight: s.vectorWeight,
    textWeight: s.textWeight,
    decay: { enabled: s.decay.enabled, halfLifeDays: s.decay.halfLifeDays },
    mmr: { enabled: s.mmr.enabled, lambda: s.mmr.lambda },
    dates: { enabled: s.dates.enabled, boost: s.dates.boost },
    // "Yesterday" is the asker's yesterday, wherever the engine runs.
    timeZoneOffsetMinutes: -new Date().getTimezoneOffset(),
    sources: s.sources,
  };
  if (s.accessBoost.enabled) options.accessBoost = { enabled: true, factor: s.accessBoost.factor };
  if (s.from) options.from = s.from;
  if (s.to) options.to = s.to;
  const clock = s.asOf ? asOfClock(s.asOf) : null;
  if (clock) Object.assign(options, clock);
  return options;
}
