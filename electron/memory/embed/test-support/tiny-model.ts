// Writes a tiny BERT-shaped model folder that transformers.js 2.17.2 loads like a real one, so
// tests and the benchmark run the real pipeline (tokenizer → ONNX → mean pooling → normalise)
// without a download. The "model" is an embedding lookup multiplied by the attention mask; its
// word vectors are seeded, and synonym groups share a concept vector so that 合同/协议 and
// router/gateway/路由器 land close together while the keyword side cannot connect them.
import fs from 'node:fs/promises';
import path from 'node:path';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

export const TINY_MODEL_ID = 'test/tiny-bert';
export const TINY_MODEL_DIMS = 384;

const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

/**
 * Words that mean the same thing get the same concept vector plus a little noise (cosine ≈ 0.99).
 * CJK characters are single tokens because BertNormalizer splits every CJK character.
 */
export const TINY_SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['合', '同', '协', '议', 'contract', 'agreement'],
  ['路', '由', '器', 'router', 'gateway'],
  ['预', '算', 'budget'],
  ['会', '面', 'meeting'],
];

/** Everything else gets its own random direction. */
const OTHER_TOKENS = [
  'the',
  'a',
  'we',
  'i',
  'to',
  'of',
  'and',
  'in',
  'on',
  'is',
  'was',
  'with',
  'for',
  'at',
  'signed',
  'vendor',
  'project',
  'home',
  'network',
  'restart',
  'memory',
  'search',
  'index',
  'notes',
  'weekly',
  'plan',
  'deploy',
  'server',
  'price',
  'team',
  'review',
  'design',
  'api',
  'database',
  'backup',
  'cat',
  'coffee',
  'travel',
  'ticket',
  'python',
  'rust',
  'today',
  'yesterday',
  'tomorrow',
  'user',
  'assistant',
  'file',
  'write',
  'read',
  'bug',
  'fix',
  'search',
  'vector',
  'model',
  'summary',
  'daily',
  '##s',
  '##ing',
  '##ed',
  '##er',
  '##ly',
  '我',
  '们',
  '和',
  '签',
  '了',
  '金',
  '额',
  '是',
  '万',
  '元',
  '昨',
  '天',
  '那',
  '个',
  '今',
  '年',
  '项',
  '目',
  '家',
  '里',
  '的',
  '网',
  '络',
  '坏',
  '重',
  '启',
  '猫',
  '咖',
  '啡',
  '旅',
  '行',
  '周',
  '报',
  '记',
  '忆',
  '搜',
  '索',
  '供',
  '应',
  '商',
  '价',
  '格',
  '一',
  '二',
  '三',
  '在',
  '有',
  '要',
];

/**
 * Ordered vocabulary: special tokens, synonym groups, the rest, then `extra` (duplicates dropped).
 * Extra words come last, so they leave every other word's vector as it was.
 */
export function tinyVocabulary(extra: readonly string[] = []): string[] {
  const vocab: string[] = [...SPECIAL_TOKENS];
  for (const token of [...TINY_SYNONYM_GROUPS.flat(), ...OTHER_TOKENS, ...extra]) {
    if (!vocab.includes(token)) vocab.push(token);
  }
  return vocab;
}

/** Plain words (no specials, no `##` pieces), for generating fixture text. */
export function tinyWords(): string[] {
  return tinyVocabulary().filter((t) => !t.startsWith('[') && !t.startsWith('##'));
}

export interface TinyModelOptions {
  /** Folder that holds `<modelId>/`; transformers.js' env.localModelPath. */
  modelsDir: string;
  modelId?: string;
  /** Seed of the word vectors; a different seed gives a different (but equally shaped) model. */
  seed?: number;
  dims?: number;
  /**
   * A broken model: these words' rows are NaN (`'all-words'`: every word), so any text holding one
   * embeds to NaN after mean pooling, through the real ONNX runtime.
   */
  nanWords?: readonly string[] | 'all-words';
  /** More words with their own vectors, e.g. a preset's prefix words ("query", "passage"). */
  extraWords?: readonly string[];
  /** The ONNX file's name: a preset with `quantized: true` looks for `model_quantized.onnx`. */
  onnxFile?: 'model.onnx' | 'model_quantized.onnx';
}

/** Writes `<modelsDir>/<modelId>/{config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx}` (or `onnxFile`). */
export async function writeTinyModel(options: TinyModelOptions): Promise<string> {
  const modelId = options.modelId ?? TINY_MODEL_ID;
  const dims = options.dims ?? TINY_MODEL_DIMS;
  const dir = path.join(options.modelsDir, ...modelId.split('/'));
  const vocab = tinyVocabulary(options.extraWords);
  await fs.mkdir(path.join(dir, 'onnx'), { recursive: true });
  await fs.writeFile(path.join(dir, 'config.json'), JSON.stringify(bertConfig(vocab.length, dims), null, 2));
  await fs.writeFile(path.join(dir, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocab), null, 2));
  await fs.writeFile(path.join(dir, 'tokenizer_config.json'), JSON.stringify(tokenizerConfig(), null, 2));
  const wordEmbeddings = wordEmbeddingTable(vocab, dims, options.seed ?? 42);
  if (options.nanWords) {
    const nan = options.nanWords === 'all-words' ? new Set(tinyWords()) : new Set(options.nanWords);
    vocab.forEach((token, id) => {
      if (nan.has(token)) wordEmbeddings.fill(Number.NaN, id * dims, (id + 1) * dims);
    });
  }
  await fs.writeFile(
    path.join(dir, 'onnx', options.onnxFile ?? 'model.onnx'),
    encodeModel(wordEmbeddings, vocab.length, dims),
  );
  return dir;
}

function bertConfig(vocabSize: number, dims: number): Record<string, unknown> {
  return {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: dims,
    vocab_size: vocabSize,
    max_position_embeddings: 512,
    type_vocab_size: 2,
    num_hidden_layers: 0,
    num_attention_heads: 1,
    pad_token_id: 0,
  };
}

function tokenizerJson(vocab: string[]): Record<string, unknown> {
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content, id) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((token, id) => [token, id])),
    },
  };
}

function tokenizerConfig(): Record<string, unknown> {
  return {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    tokenize_chinese_chars: true,
    model_max_length: 512,
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    mask_token: '[MASK]',
    clean_up_tokenization_spaces: true,
  };
}

/** mulberry32: tiny, seedable, good enough for fixture vectors and benchmark text. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussianVector(random: () => number, dims: number): Float32Array {
  const v = new Float32Array(dims);
  for (let i = 0; i < dims; i++) {
    const u = Math.max(random(), 1e-12);
    v[i] = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  for (let i = 0; i < dims; i++) v[i] = v[i]! / norm;
  return v;
}

/**
 * Row per vocabulary entry. [PAD] is zero; [CLS]/[SEP]/[UNK]/[MASK] are short vectors so that the
 * known words of a text decide its direction after mean pooling.
 */
function wordEmbeddingTable(vocab: string[], dims: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  const table = new Float32Array(vocab.length * dims);
  const conceptOf = new Map<string, Float32Array>();
  for (const group of TINY_SYNONYM_GROUPS) {
    const concept = gaussianVector(random, dims);
    for (const token of group) conceptOf.set(token, concept);
  }
  vocab.forEach((token, id) => {
    const own = gaussianVector(random, dims);
    const concept = conceptOf.get(token);
    const scale = token === '[PAD]' ? 0 : token.startsWith('[') ? 0.05 : 1;
    for (let i = 0; i < dims; i++) {
      const value = concept ? concept[i]! + 0.08 * own[i]! : own[i]!;
      table[id * dims + i] = value * scale;
    }
  });
  return table;
}

function floatTensor(name: string, dims: number[], data: Float32Array): InstanceType<typeof onnx.TensorProto> {
  return onnx.TensorProto.create({
    name,
    dims,
    dataType: onnx.TensorProto.DataType.FLOAT,
    rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  });
}

function tensorInput(
  name: string,
  elemType: number,
  shape: (string | number)[],
): InstanceType<typeof onnx.ValueInfoProto> {
  return onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: shape.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })) },
      },
    },
  });
}

/**
 * last_hidden_state = (Gather(word_embeddings, input_ids) + Gather(token_type_embeddings,
 * token_type_ids)) * Unsqueeze(Cast(attention_mask, float), -1). IR 7, opset 13.
 */
function encodeModel(wordEmbeddings: Float32Array, vocabSize: number, dims: number): Uint8Array {
  const { FLOAT, INT64 } = onnx.TensorProto.DataType;
  const axes = new BigInt64Array([-1n]);
  const graph = onnx.GraphProto.create({
    name: 'tiny-bert',
    initializer: [
      floatTensor('word_embeddings', [vocabSize, dims], wordEmbeddings),
      floatTensor('token_type_embeddings', [2, dims], new Float32Array(2 * dims)),
      onnx.TensorProto.create({
        name: 'unsqueeze_axes',
        dims: [1],
        dataType: INT64,
        rawData: new Uint8Array(axes.buffer),
      }),
    ],
    input: [
      tensorInput('input_ids', INT64, ['batch', 'sequence']),
      tensorInput('attention_mask', INT64, ['batch', 'sequence']),
      tensorInput('token_type_ids', INT64, ['batch', 'sequence']),
    ],
    output: [tensorInput('last_hidden_state', FLOAT, ['batch', 'sequence', dims])],
    node: [
      onnx.NodeProto.create({
        opType: 'Gather',
        input: ['word_embeddings', 'input_ids'],
        output: ['word_vectors'],
        name: 'gather_words',
      }),
      onnx.NodeProto.create({
        opType: 'Gather',
        input: ['token_type_embeddings', 'token_type_ids'],
        output: ['type_vectors'],
        name: 'gather_types',
      }),
      onnx.NodeProto.create({
        opType: 'Add',
        input: ['word_vectors', 'type_vectors'],
        output: ['summed'],
        name: 'add',
      }),
      onnx.NodeProto.create({
        opType: 'Cast',
        input: ['attention_mask'],
        output: ['mask_float'],
        name: 'cast_mask',
        attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: FLOAT }],
      }),
      onnx.NodeProto.create({
        opType: 'Unsqueeze',
        input: ['mask_float', 'unsqueeze_axes'],
        output: ['mask_3d'],
        name: 'unsqueeze_mask',
      }),
      onnx.NodeProto.create({
        opType: 'Mul',
        input: ['summed', 'mask_3d'],
        output: ['last_hidden_state'],
        name: 'apply_mask',
      }),
    ],
  });
  const model = onnx.ModelProto.create({
    irVersion: 7,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'memory-lens-tiny-model',
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}
