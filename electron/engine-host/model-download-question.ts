// The first start with the default model and no local copy of it: ask once whether it may be
// downloaded (the settings' allowDownload 'ask'), and remember the answer as 'yes' or 'no'.
import path from 'node:path';
import type { SettingsStore } from '../app/settings-store.js';
import { findLocalModel } from '../memory/embed/model-files.js';
import { presetFor } from '../memory/embed/model-presets.js';

/** Returns the answer, or null when nothing needed asking. */
export async function askBeforeModelDownload(
  settings: SettingsStore,
  dataDir: string,
  confirm: (modelId: string) => Promise<boolean>,
): Promise<boolean | null> {
  const model = settings.get().model;
  if (model.allowDownload !== 'ask' || model.id === null) return null;
  const lookup = await findLocalModel(model.modelsDir ?? path.join(dataDir, 'models'), presetFor(model.id)).catch(
    () => null,
  );
  if (lookup?.found) return null;
  const yes = await confirm(model.id);
  await settings.update({ model: { allowDownload: yes ? 'yes' : 'no' } });
  return yes;
}
