// What the settings view offers as embedding models: the presets (and the configured model when it
// is not one), which are already in the models folder, and what runs now — or, when nothing does,
// the full reason (paths included), which the rest of the UI keeps out of sight.
import path from 'node:path';
import type { IndexStatus, ModelCatalog, ModelOption } from '../../shared/domain.js';
import type { Settings } from '../../shared/settings-schema.js';
import { findLocalModel, isValidModelId, modelDir } from '../memory/embed/model-files.js';
import { MODEL_PRESETS, presetFor } from '../memory/embed/model-presets.js';

export async function buildModelCatalog(
  settings: Settings,
  dataDir: string,
  status: IndexStatus | null,
  host: { canAsk: boolean; fixedByCommandLine: boolean },
): Promise<ModelCatalog> {
  const modelsDir = path.resolve(settings.model.modelsDir ?? path.join(dataDir, 'models'));
  const ids = MODEL_PRESETS.map((p) => p.id);
  const configured = settings.model.id;
  if (configured && !ids.includes(configured) && isValidModelId(configured)) ids.push(configured);
  const models: ModelOption[] = [];
  for (const id of ids) {
    const preset = presetFor(id);
    const local = await findLocalModel(modelsDir, preset).catch(() => null);
    models.push({
      id,
      dims: preset.dims,
      languages: preset.languages,
      notes: preset.notes,
      ...(preset.key ? { key: preset.key } : {}),
      downloadBytes: preset.downloadBytes,
      recommended: preset.recommended,
      installed: local?.found === true,
      dir: modelDir(modelsDir, id),
    });
  }
  const active = status && status.mode === 'hybrid' && status.model !== 'none' ? status.model : null;
  return {
    modelsDir,
    models,
    configured,
    active,
    problem: active ? null : (status?.modeReason ?? null),
    ...(!active && status?.modeReasonId
      ? {
          problemId: status.modeReasonId,
          ...(status.modeReasonParams ? { problemParams: status.modeReasonParams } : {}),
        }
      : {}),
    canAsk: host.canAsk,
    fixedByCommandLine: host.fixedByCommandLine,
  };
}
