// The embedding models we know how to use well: dimensions, the text prefixes each was trained
// with, and pooling. Any other model id still works through the generic preset (no prefixes,
// mean pooling, dimensions read from its config.json / first output).

export type Pooling = 'mean' | 'cls';

export interface ModelPreset {
  id: string;
  /** The key of its languages and notes in the UI's language (settings:model.preset.*); none for the generic one. */
  key?: string;
  /** Output dimensions; null for the generic preset (taken from config.json `hidden_size`). */
  dims: number | null;
  /** Prepended to every search query. */
  queryPrefix: string;
  /** Prepended to every indexed chunk. */
  passagePrefix: string;
  pooling: Pooling;
  normalize: boolean;
  /**
   * Which ONNX file to use: true → onnx/model_quantized.onnx (int8), false → onnx/model.onnx,
   * 'auto' → whichever the local folder has (quantized preferred; downloads fetch quantized).
   */
  quantized: boolean | 'auto';
  languages: string;
  notes: string;
  /** About how much a download fetches (int8 ONNX + tokenizer files), for the settings view; null when unknown. */
  downloadBytes: number | null;
  /** The one the settings view offers as the first download (exactly one preset is). */
  recommended: boolean;
}

/**
 * Default and recommended first download: multilingual retrieval model, small enough for a laptop
 * CPU, trained for query ↔ passage search in about 100 languages including Chinese and English.
 */
export const DEFAULT_MODEL_ID = 'Xenova/multilingual-e5-small';

export const MODEL_PRESETS: readonly ModelPreset[] = [
  {
    id: 'Xenova/multilingual-e5-small',
    key: 'multilingualE5Small',
    dims: 384,
    queryPrefix: 'query: ',
    passagePrefix: 'passage: ',
    pooling: 'mean',
    normalize: true,
    quantized: true,
    languages: 'about 100 languages, incl. Chinese and English',
    notes:
      'Recommended. intfloat/multilingual-e5-small (12 layers, 384 dims, ~118M parameters, most of them the 250k-token ' +
      'multilingual vocabulary); the download is its int8 onnx/model_quantized.onnx and the XLM-R tokenizer. Trained for query ↔ passage ' +
      'retrieval with "query: " / "passage: " prefixes (added here), mean pooling; Chinese, English and mixed notes share ' +
      'one vector space, so a question in one language finds a note in the other. 512-token input limit.',
    // int8 ONNX + tokenizer.json + configs, as listed on the hub (not re-measured by a download here).
    downloadBytes: 135_000_000,
    recommended: true,
  },
  {
    id: 'Xenova/bge-small-zh-v1.5',
    key: 'bgeSmallZh',
    dims: 512,
    queryPrefix: '为这个句子生成表示以用于检索相关文章：',
    passagePrefix: '',
    pooling: 'cls',
    normalize: true,
    quantized: true,
    languages: 'zh (English only passably)',
    notes:
      'BAAI bge-small-zh-v1.5: strong for Chinese-only memory, ~24M parameters, CLS pooling, instruction prefix on short queries.',
    downloadBytes: 25_000_000,
    recommended: false,
  },
  {
    id: 'Xenova/all-MiniLM-L6-v2',
    key: 'allMiniLm',
    dims: 384,
    queryPrefix: '',
    passagePrefix: '',
    pooling: 'mean',
    normalize: true,
    quantized: true,
    languages: 'en only',
    notes:
      'sentence-transformers all-MiniLM-L6-v2: fastest (6 layers, ~23M parameters) but English only; CJK text maps to [UNK].',
    downloadBytes: 24_000_000,
    recommended: false,
  },
  {
    id: 'Xenova/paraphrase-multilingual-MiniLM-L12-v2',
    key: 'paraphraseMultilingual',
    dims: 384,
    queryPrefix: '',
    passagePrefix: '',
    pooling: 'mean',
    normalize: true,
    quantized: true,
    languages: 'multilingual (50+ languages incl. zh, en)',
    notes: 'Paraphrase (symmetric similarity) model, not retrieval-tuned; a fallback when e5 is unavailable.',
    downloadBytes: 128_000_000,
    recommended: false,
  },
];

/** The preset for `modelId`, or the generic one (no prefixes, mean pooling, dims from the model). */
export function presetFor(modelId: string): ModelPreset {
  return (
    MODEL_PRESETS.find((preset) => preset.id === modelId) ?? {
      id: modelId,
      dims: null,
      queryPrefix: '',
      passagePrefix: '',
      pooling: 'mean',
      normalize: true,
      quantized: 'auto',
      languages: 'unknown',
      notes: 'Not a known preset: no prefixes, mean pooling, normalised; dimensions read from config.json.',
      downloadBytes: null,
      recommended: false,
    }
  );
}
