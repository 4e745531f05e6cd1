// The app's settings: one zod schema that is the file format (settings.json in the data dir),
// the defaults, and the contract's settingsGet/settingsSet value.
import { z } from 'zod';
import { MemorySourceSchema } from './contract-schemas.js';
import { LOCALES } from './locales/names.js';
import { HistorySettingsPatchSchema, HistorySettingsSchema } from './history-schemas.js';
import { EmbedderEndpointPatchSchema, EmbedderEndpointSettingsSchema } from './embedding-endpoint-settings.js';
import { SEARCH_DEFAULTS } from './search-defaults.js';

/** The search panel's persisted defaults; the same bounds as SearchOptionsSchema. */
export const SearchSettingsSchema = z.object({
  maxResults: z.number().int().min(1).max(1000).default(SEARCH_DEFAULTS.maxResults),
  minScore: z.number().min(0).max(1).default(SEARCH_DEFAULTS.minScore),
  vectorWeight: z.number().min(0).max(1000).default(SEARCH_DEFAULTS.vectorWeight),
  textWeight: z.number().min(0).max(1000).default(SEARCH_DEFAULTS.textWeight),
  decay: z
    .object({
      enabled: z.boolean().default(SEARCH_DEFAULTS.decayEnabled),
      halfLifeDays: z.number().positive().max(100_000).default(SEARCH_DEFAULTS.halfLifeDays),
    })
    .prefault({}),
  mmr: z
    .object({
      enabled: z.boolean().default(SEARCH_DEFAULTS.mmrEnabled),
      lambda: z.number().min(0).max(1).default(SEARCH_DEFAULTS.mmrLambda),
    })
    .prefault({}),
  /** Dates in the query boost memories from then; off switch and factor. */
  dates: z
    .object({
      enabled: z.boolean().default(SEARCH_DEFAULTS.datesEnabled),
      boost: z.number().min(1).max(10).default(SEARCH_DEFAULTS.dateBoost),
    })
    .prefault({}),
  sources: z.array(MemorySourceSchema).default(['memory', 'sessions']),
  accessBoost: z
    .object({
      enabled: z.boolean().default(SEARCH_DEFAULTS.accessBoostEnabled),
      factor: z.number().min(0).max(10).default(SEARCH_DEFAULTS.accessBoostFactor),
    })
    .prefault({}),
});

export const ThemeSchema = z.enum(['system', 'light', 'dark']);

/** 'system' follows the OS / browser locale; a locale id pins the interface's language. */
export const LanguageSettingSchema = z.enum(['system', ...LOCALES]);

/** `ask`: the desktop app asks before the first download; serve mode/CLI treat it as `no`. */
export const AllowDownloadSchema = z.enum(['ask', 'yes', 'no']);

export const DEFAULT_MODEL_ID = 'Xenova/multilingual-e5-small';

export const ModelSettingsSchema = z.object({
  /** Preset id or model id; null turns the embedder off (keyword-only). */
  id: z.string().min(1).max(200).nullable().default(DEFAULT_MODEL_ID),
  /** Folder holding `<model id>/` folders; null means `<dataDir>/models`. */
  modelsDir: z.string().max(4096).nullable().default(null),
  allowDownload: AllowDownloadSchema.default('ask'),
});

/** Where transcripts come from: agents found beside or inside the workspace can be left out. */
export const SessionSettingsSchema = z.object({
  /** Agent ids (as SessionSource.agentId) whose transcripts are neither indexed nor shown. */
  excludedAgents: z.array(z.string().min(1).max(200)).max(200).default([]),
});

export const SettingsSchema = z.object({
  search: SearchSettingsSchema.prefault({}),
  sessions: SessionSettingsSchema.prefault({}),
  theme: ThemeSchema.default('system'),
  language: LanguageSettingSchema.default('system'),
  /** Written by the shell when a workspace opens; the renderer cannot set it (see SettingsPatchSchema). */
  lastWorkspace: z.string().nullable().default(null),
  /** Workspaces the user chose through the OS dialog, newest first; openWorkspace accepts only these. */
  recentWorkspaces: z.array(z.string()).max(20).default([]),
  model: ModelSettingsSchema.prefault({}),
  /** Memory history retention (per workspace). */
  history: HistorySettingsSchema.prefault({}),
  /** An OpenAI-compatible embedding endpoint used instead of the local model when enabled. */
  embedderEndpoint: EmbedderEndpointSettingsSchema.prefault({}),
});

export type SearchSettings = z.output<typeof SearchSettingsSchema>;
export type ModelSettings = z.output<typeof ModelSettingsSchema>;
export type SessionSettings = z.output<typeof SessionSettingsSchema>;
export type Theme = z.output<typeof ThemeSchema>;
export type LanguageSetting = z.output<typeof LanguageSettingSchema>;
export type Settings = z.output<typeof SettingsSchema>;

/**
 * What the renderer may change: everything but the workspace history, so a compromised page cannot
 * point the app at an arbitrary folder. Nested objects merge; arrays replace.
 */
export const SettingsPatchSchema = z.strictObject({
  search: z
    .strictObject({
      maxResults: z.number().int().min(1).max(1000).optional(),
      minScore: z.number().min(0).max(1).optional(),
      vectorWeight: z.number().min(0).max(1000).optional(),
      textWeight: z.number().min(0).max(1000).optional(),
      decay: z
        .strictObject({ enabled: z.boolean().optional(), halfLifeDays: z.number().positive().max(100_000).optional() })
        .optional(),
      mmr: z.strictObject({ enabled: z.boolean().optional(), lambda: z.number().min(0).max(1).optional() }).optional(),
      dates: z
        .strictObject({ enabled: z.boolean().optional(), boost: z.number().min(1).max(10).optional() })
        .optional(),
      sources: z.array(MemorySourceSchema).optional(),
      accessBoost: z
        .strictObject({ enabled: z.boolean().optional(), factor: z.number().min(0).max(10).optional() })
        .optional(),
    })
    .optional(),
  theme: ThemeSchema.optional(),
  language: LanguageSettingSchema.optional(),
  sessions: z.strictObject({ excludedAgents: z.array(z.string().min(1).max(200)).max(200).optional() }).optional(),
  model: z
    .strictObject({
      id: z.string().min(1).max(200).nullable().optional(),
      modelsDir: z.string().max(4096).nullable().optional(),
      allowDownload: AllowDownloadSchema.optional(),
    })
    .optional(),
  history: HistorySettingsPatchSchema.optional(),
  embedderEndpoint: EmbedderEndpointPatchSchema.optional(),
});

export type SettingsPatch = z.output<typeof SettingsPatchSchema>;

export function defaultSettings(): Settings {
  return SettingsSchema.parse({});
}

/** Applies a patch: nested objects merge one level deep, everything else replaces. */
export function applySettingsPatch(settings: Settings, patch: SettingsPatch): Settings {
  const search = patch.search
    ? {
        ...settings.search,
        ...stripUndefined(patch.search),
        decay: { ...settings.search.decay, ...stripUndefined(patch.search.decay ?? {}) },
        mmr: { ...settings.search.mmr, ...stripUndefined(patch.search.mmr ?? {}) },
        accessBoost: { ...settings.search.accessBoost, ...stripUndefined(patch.search.accessBoost ?? {}) },
        dates: { ...settings.search.dates, ...stripUndefined(patch.search.dates ?? {}) },
      }
    : settings.search;
  const model = patch.model ? { ...settings.model, ...stripUndefined(patch.model) } : settings.model;
  const sessions = patch.sessions ? { ...settings.sessions, ...stripUndefined(patch.sessions) } : settings.sessions;
  const history = patch.history ? { ...settings.history, ...stripUndefined(patch.history) } : settings.history;
  const embedderEndpoint = patch.embedderEndpoint
    ? { ...settings.embedderEndpoint, ...stripUndefined(patch.embedderEndpoint) }
    : settings.embedderEndpoint;
  return SettingsSchema.parse({
    ...settings,
    search,
    sessions,
    model,
    history,
    embedderEndpoint,
    theme: patch.theme ?? settings.theme,
    language: patch.language ?? settings.language,
  });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
