// The Settings view: the persisted settings, the embedding models on offer (and the progress of the
// one being loaded or downloaded), where transcripts come from, and exporting judgments. Every
// change here is saved explicitly, by the view's own buttons — never as a side effect of exploring.
import type { StateCreator } from 'zustand';
import type { MemlensApi } from '../../../../../shared/contract';
import type { JudgmentExport, ModelCatalog, ModelProgress, SessionSource } from '../../../../../shared/domain';
import type { AgentEmbedderOffer, EmbedderEndpointPatch } from '../../../../../shared/embedding-endpoint-settings';
import type { EndpointKeyStatus } from '../../../../../shared/endpoint-key-schemas';
import type { LanguageSetting, ModelSettings, Settings, Theme } from '../../../../../shared/settings-schema';
import { applyTheme } from '../../../lib/apply-theme';
import { shownError, type ShownMessage } from '../../../lib/error-message';
import { slicePatch } from '../../../lib/slice-state';

export type SettingsPort = Pick<
  MemlensApi,
  | 'settingsGet'
  | 'settingsSet'
  | 'modelCatalog'
  | 'listSessionSources'
  | 'judgmentExport'
  | 'judgmentList'
  | 'agentEmbedderOffer'
> &
  Partial<Pick<MemlensApi, 'endpointKeyStatus' | 'endpointKeySet' | 'endpointKeyForget'>>;

export interface SettingsViewSlice {
  settingsView: {
    settings: Settings | null;
    catalog: ModelCatalog | null;
    sources: SessionSource[] | null;
    /** The last progress of a model being read or downloaded, including how it ended. */
    modelProgress: ModelProgress | null;
    /** A model change was saved and the engine is reopening with it. */
    applyingModel: boolean;
    judgedQueries: number | null;
    lastExport: JudgmentExport | null;
    /** The local embedder the agent's openclaw.json names, offered in one click (null: not asked yet). */
    endpointOffer: AgentEmbedderOffer | null;
    /** Whether this host keeps the endpoint's key in the OS keychain and whether one is stored (never the key). */
    endpointKey: EndpointKeyStatus | null;
    error: ShownMessage | null;
  };
  loadSettingsView(): Promise<void>;
  setTheme(theme: Theme): Promise<void>;
  /** Shows the interface in `language` at once; `save: false` only shows a saved one (at start). */
  setLanguage(language: LanguageSetting, options?: { save?: boolean }): Promise<void>;
  /** Saves the model settings; the engine reopens with them (progress arrives as events). */
  applyModelSettings(model: Partial<ModelSettings>): Promise<void>;
  /** Saves the embedding endpoint settings; the engine reopens with them. */
  applyEndpointSettings(endpoint: EmbedderEndpointPatch): Promise<void>;
  /** Hands the key to the host's keychain; the view keeps no copy. */
  storeEndpointKey(key: string): Promise<boolean>;
  forgetEndpointKey(): Promise<void>;
  setAgentIncluded(agentId: string, included: boolean): Promise<void>;
  exportJudgments(): Promise<JudgmentExport | null>;
  applyModelProgressToView(progress: ModelProgress): void;
  /** The engine reopened or its status changed: refresh what the view shows about models and sources. */
  refreshSettingsView(): Promise<void>;
  /** Where transcripts come from (the sidebar hints at transcripts left out). */
  loadSessionSources(): Promise<void>;
}

export const initialSettingsViewState: SettingsViewSlice['settingsView'] = {
  settings: null,
  catalog: null,
  sources: null,
  modelProgress: null,
  applyingModel: false,
  judgedQueries: null,
  lastExport: null,
  endpointOffer: null,
  endpointKey: null,
  error: null,
};

export function createSettingsViewSlice(
  port: SettingsPort,
  applyLanguage: (language: LanguageSetting) => void = () => undefined,
): StateCreator<SettingsViewSlice, [], [], SettingsViewSlice> {
  return (set, get) => {
    const patch = slicePatch(set, 'settingsView');
    const fail = (error: unknown) => patch({ error: shownError(error) });

    async function save(settingsPatch: Parameters<SettingsPort['settingsSet']>[0]['patch']): Promise<Settings | null> {
      try {
        const settings = await port.settingsSet({ patch: settingsPatch });
        patch({ settings, error: null });
        return settings;
      } catch (error) {
        fail(error);
        return null;
      }
    }

    return {
      settingsView: initialSettingsViewState,

      async loadSettingsView() {
        try {
          const [settings, catalog, sources, judgments] = await Promise.all([
            port.settingsGet(),
            port.modelCatalog(),
            port.listSessionSources(),
            port.judgmentList({}),
          ]);
          patch({
            settings,
            catalog,
            sources,
            judgedQueries: new Set(judgments.map((j) => j.query)).size,
            error: null,
          });
        } catch (error) {
          fail(error);
        }
        // Only an offer: without it the endpoint fields still work.
        port.agentEmbedderOffer().then(
          (endpointOffer) => patch({ endpointOffer }),
          () => undefined,
        );
        port.endpointKeyStatus?.({}).then(
          (endpointKey) => patch({ endpointKey }),
          () => undefined,
        );
      },

      async storeEndpointKey(key) {
        try {
          patch({ endpointKey: (await port.endpointKeySet?.({ key })) ?? null, error: null });
          return true;
        } catch (error) {
          fail(error);
          return false;
        }
      },

      async forgetEndpointKey() {
        try {
          patch({ endpointKey: (await port.endpointKeyForget?.({})) ?? null, error: null });
        } catch (error) {
          fail(error);
        }
      },

      async applyEndpointSettings(embedderEndpoint) {
        await save({ embedderEndpoint });
      },

      async loadSessionSources() {
        try {
          patch({ sources: await port.listSessionSources() });
        } catch {
          // Only a hint; the Settings view shows the error when opened.
        }
      },

      async refreshSettingsView() {
        if (!get().settingsView.settings) return get().loadSessionSources(); // never opened: only the sources matter
        try {
          const [catalog, sources] = await Promise.all([port.modelCatalog(), port.listSessionSources()]);
          patch({ catalog, sources });
        } catch {
          // The next open of the view loads it again.
        }
      },

      async setTheme(theme) {
        // Shown at once; saved meanwhile (a failure says so and the next load shows the saved one).
        applyTheme(theme);
        const settings = get().settingsView.settings;
        if (settings) patch({ settings: { ...settings, theme } });
        await save({ theme });
      },

      async setLanguage(language, { save: keep = true } = {}) {
        applyLanguage(language);
        const settings = get().settingsView.settings;
        if (settings) patch({ settings: { ...settings, language } });
        if (keep) await save({ language });
      },

      async applyModelSettings(model) {
        // No model to read (keyword-only), or one fixed by --model: nothing will report progress.
        const quiet = model.id === null || get().settingsView.catalog?.fixedByCommandLine === true;
        patch({ applyingModel: !quiet, modelProgress: null });
        const saved = await save({ model });
        if (!saved || quiet) patch({ applyingModel: false });
      },

      async setAgentIncluded(agentId, included) {
        const current = get().settingsView.settings?.sessions.excludedAgents ?? [];
        const excludedAgents = included ? current.filter((a) => a !== agentId) : [...new Set([...current, agentId])];
        // The list shows the choice at once; the engine reopens in the background with it.
        const mark = (source: SessionSource): SessionSource => {
          if (source.agentId !== agentId || source.excludedBecause === 'duplicate-agent') return source;
          const { excludedBecause: _was, ...rest } = source;
          return included ? { ...rest, included: true } : { ...rest, included: false, excludedBecause: 'settings' };
        };
        const before = get().settingsView.sources;
        patch({ sources: (before ?? []).map(mark) });
        if (!(await save({ sessions: { excludedAgents } }))) patch({ sources: before });
      },

      async exportJudgments() {
        try {
          const result = await port.judgmentExport();
          patch({ lastExport: result, error: null });
          return result;
        } catch (error) {
          fail(error);
          return null;
        }
      },

      applyModelProgressToView(progress) {
        const done = progress.phase === 'ready' || progress.phase === 'failed';
        patch({ modelProgress: progress, ...(done ? { applyingModel: false } : {}) });
        if (done) void get().refreshSettingsView();
      },
    };
  };
}
