// What Settings → Meaning-based search offers someone with no model: the recommended first
// download, with its size and languages, and whether its files are already in the models folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { IndexStatus } from '../../shared/domain.js';
import { translator } from '../../shared/i18n.js';
import { modeReasons } from '../../shared/mode-reasons.js';
import { SettingsSchema } from '../../shared/settings-schema.js';
import { writeTinyModel } from '../memory/embed/test-support/tiny-model.js';
import { buildModelCatalog } from './model-catalog.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-catalog-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('buildModelCatalog', () => {
  it('offers one recommended model — the default, multilingual, its download size known — and sees it once installed', async () => {
    const settings = SettingsSchema.parse({});
    const host = { canAsk: false, fixedByCommandLine: false };
    const before = await buildModelCatalog(settings, dataDir, null, host);
    const recommended = before.models.filter((m) => m.recommended);
    expect(recommended.map((m) => m.id)).toEqual([settings.model.id]);
    expect(before.models[0]!.recommended).toBe(true);
    const [model] = recommended;
    expect(model).toMatchObject({
      installed: false,
      dims: 384,
      languages: expect.stringMatching(/Chinese and English/),
    });
    expect(model!.downloadBytes).toBeGreaterThan(100_000_000);
    expect(model!.dir).toBe(path.join(dataDir, 'models', 'Xenova', 'multilingual-e5-small'));

    // The files where the catalog says they go (the quantized ONNX the preset asks for): installed.
    await writeTinyModel({
      modelsDir: path.join(dataDir, 'models'),
      modelId: model!.id,
      onnxFile: 'model_quantized.onnx',
    });
    const after = await buildModelCatalog(settings, dataDir, null, host);
    expect(after.models.find((m) => m.id === model!.id)).toMatchObject({ recommended: true, installed: true });
  });

  it("names why no model runs by id, and each preset by the key of its words, whose English is the preset's own", async () => {
    const settings = SettingsSchema.parse({});
    const why = modeReasons.modelNotInstalled('Xenova/x', '/m', ['onnx/model.onnx'], '/m/Xenova/x');
    const status = {
      mode: 'fts-only',
      model: 'none',
      modeReason: why.message,
      modeReasonId: why.messageId,
      modeReasonParams: why.params,
    } as unknown as IndexStatus;
    const catalog = await buildModelCatalog(settings, dataDir, status, { canAsk: false, fixedByCommandLine: false });
    expect(catalog).toMatchObject({ problem: why.message, problemId: why.messageId, problemParams: why.params });
    const en = translator('en');
    const zh = translator('zh-CN');
    for (const m of catalog.models) {
      expect(m.key).toBeTruthy();
      expect(en(`settings:model.preset.${m.key}.languages`)).toBe(m.languages);
      expect(en(`settings:model.preset.${m.key}.notes`)).toBe(m.notes);
      expect(zh(`settings:model.preset.${m.key}.languages`)).not.toBe(m.languages);
    }
  });
});
