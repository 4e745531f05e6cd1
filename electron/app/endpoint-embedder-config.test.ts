// Settings → engine options: an enabled endpoint replaces the local model, its key comes from the
// variable named in Settings, and the settings file never holds a key.
import { describe, expect, it } from 'vitest';
import { applySettingsPatch, defaultSettings, SettingsPatchSchema } from '../../shared/settings-schema.js';
import { engineOptionsFromSettings } from './engine-options.js';

describe('embedding endpoint settings', () => {
  it('an enabled endpoint becomes the embedder, with input types and the key from the named variable', () => {
    const settings = applySettingsPatch(defaultSettings(), {
      embedderEndpoint: {
        enabled: true,
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'nomic-embed-text',
        queryInputType: 'query',
        documentInputType: 'document',
        queryPrefix: 'search_query: ',
        apiKeyEnv: 'OLLAMA_KEY',
      },
    });
    const options = engineOptionsFromSettings(settings, { dataDir: '/data', env: { OLLAMA_KEY: 'k1' } });
    expect(options.embedder).toEqual({
      model: 'nomic-embed-text',
      modelsDir: '',
      allowDownload: false,
      endpoint: {
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'nomic-embed-text',
        allowRemote: false,
        apiKeyEnv: 'OLLAMA_KEY',
        apiKey: 'k1',
        inputTypes: { field: 'input_type', query: 'query', document: 'document', queryPrefix: 'search_query: ' },
      },
    });
    expect(JSON.stringify(settings)).not.toContain('k1');
    expect(engineOptionsFromSettings(settings, { dataDir: '/data', keywordOnly: true }).embedder).toBeNull();
  });

  it('off by default: the local model stays the embedder; a key itself cannot be patched in', () => {
    expect(engineOptionsFromSettings(defaultSettings(), { dataDir: '/data' }).embedder).toMatchObject({
      model: 'Xenova/multilingual-e5-small',
    });
    expect(SettingsPatchSchema.safeParse({ embedderEndpoint: { apiKey: 'sk-1' } }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ embedderEndpoint: { apiKeyEnv: 'not a name' } }).success).toBe(false);
  });
});
