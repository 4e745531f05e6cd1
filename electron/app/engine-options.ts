// EngineOptions from the persisted settings, the same way for serve mode and the desktop app.
import path from 'node:path';
import type { Settings } from '../../shared/settings-schema.js';
import type { EngineOptions } from '../memory/engine-types.js';
import { endpointEmbedderConfig } from './endpoint-embedder-config.js';

export interface EngineOptionsContext {
  dataDir: string;
  sessionDirs?: string[];
  openclawHome?: string;
  /** better-sqlite3 built for Electron's ABI (desktop only). */
  nativeBinding?: string;
  /**
   * How to treat allowDownload 'ask': the desktop app asks (and passes the answer here); serve mode
   * and the CLI cannot ask, so for them 'ask' means no.
   */
  downloadAnswer?: boolean;
  /** `--keyword-only`: no embedder at all. */
  keywordOnly?: boolean;
  /** MEMLENS_MODEL_HOST: a mirror of the Hugging Face hub for downloads. */
  modelHost?: string;
  /** Where the embedding endpoint's key variable is looked up (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The endpoint's key the user stored in the OS keychain (desktop app), used when no variable holds one. */
  storedKey?: string | null;
}

export function engineOptionsFromSettings(
  settings: Settings,
  context: EngineOptionsContext,
): Omit<EngineOptions, 'workspaceDir'> {
  const model = settings.model;
  const allowDownload =
    model.allowDownload === 'yes' || (model.allowDownload === 'ask' && context.downloadAnswer === true);
  const endpoint = context.keywordOnly
    ? null
    : endpointEmbedderConfig(settings.embedderEndpoint, context.env ?? process.env, context.storedKey ?? null);
  return {
    dataDir: context.dataDir,
    ...(context.sessionDirs?.length ? { sessionDirs: context.sessionDirs } : {}),
    ...(settings.sessions.excludedAgents.length ? { excludedAgents: settings.sessions.excludedAgents } : {}),
    ...(context.openclawHome ? { openclawHome: context.openclawHome } : {}),
    ...(context.nativeBinding ? { nativeBinding: context.nativeBinding } : {}),
    embedder:
      endpoint ??
      (context.keywordOnly || model.id === null
        ? null
        : {
            model: model.id,
            modelsDir: model.modelsDir ?? path.join(context.dataDir, 'models'),
            allowDownload,
            ...(context.modelHost ? { modelHost: context.modelHost } : {}),
          }),
  };
}
