// Why vector search is off ("Keyword-only: …") reads as Chinese in a Chinese interface, from every
// source: the engine's model, a model or endpoint that will not load, an endpoint being retried, the
// query's own vector half, and the `openclaw` profile. The English `modeReason` stays as it was.
import { describe, expect, it } from 'vitest';
import { localText, translator } from '../i18n.js';
import { modeReasonFields, modeReasonOf, modeReasons, type ModeReason } from '../mode-reasons.js';
import { reasonHeadline } from '../reason-text.js';
import { keywordOnlyNotice } from '../search-notices.js';
import { keywordOnlyText } from '../search-wording.js';
import { englishLeft } from '../test-support/english-left.js';

const zh = translator('zh-CN');
const URL = 'http://127.0.0.1:11434/v1/embeddings';
const MODEL = 'Xenova/bge-small-zh-v1.5';
const DIR = '/home/me/.memlens/models';

/** Every reason the engine gives, with the English each source gave before it had an id. */
const REASONS: [string, ModeReason, string][] = [
  ['engine: no model', modeReasons.noModel(), 'no embedding model configured'],
  ['engine: none loaded', modeReasons.noModelLoaded(), 'no embedding model loaded'],
  ['run-search: off', modeReasons.off(), 'vector search is off'],
  ['engine: unavailable', modeReasons.unavailable(), 'vector search is unavailable'],
  [
    'engine: endpoint back',
    modeReasons.endpointBack(),
    'the embedding endpoint answers again — opening the workspace with it',
  ],
  ['vector side: timeout', modeReasons.queryTimeout(3000), 'query embedding timed out after 3000 ms'],
  [
    'load: not installed',
    modeReasons.modelNotInstalled(MODEL, DIR, ['onnx/model_quantized.onnx', 'tokenizer.json'], `${DIR}/${MODEL}`),
    `model ${MODEL} is not installed and downloads are off — not found in ${DIR} (missing onnx/model_quantized.onnx, tokenizer.json in ${DIR}/${MODEL}); allow downloads in the settings or run with --allow-download`,
  ],
  ['load: invalid id', modeReasons.invalidModelId('../x'), 'invalid model id "../x"'],
  [
    'load: wrong dims',
    modeReasons.modelWrongDims(MODEL, 384, 512),
    `model ${MODEL} returned 384-dimensional vectors — expected 512`,
  ],
  [
    'endpoint: no model',
    modeReasons.endpointNoModel(URL),
    `no model named for embedding endpoint ${URL} — give one with --embedder-model or in Settings`,
  ],
  [
    'endpoint: key missing',
    modeReasons.endpointKeyMissing(URL, 'EMBED_KEY'),
    `the key for embedding endpoint ${URL} is missing — environment variable EMBED_KEY is not set`,
  ],
  [
    'outage: retrying in',
    modeReasons.retrying(modeReasons.endpointKeyMissing(URL, 'EMBED_KEY'), 12),
    `the key for embedding endpoint ${URL} is missing — environment variable EMBED_KEY is not set — trying again in 12 s (or Retry now)`,
  ],
  [
    'outage: retrying now',
    modeReasons.retrying(modeReasons.endpointNoModel(URL), null),
    `no model named for embedding endpoint ${URL} — give one with --embedder-model or in Settings — trying again now`,
  ],
  [
    'vector side: endpoint down',
    modeReasons.vectorFailed(modeReasons.retrying(modeReasons.endpointNoModel(URL), 5)),
    `vector search failed: no model named for embedding endpoint ${URL} — give one with --embedder-model or in Settings — trying again in 5 s (or Retry now)`,
  ],
  [
    'openclaw: keyword-only',
    modeReasons.openclawKeywordOnly('2026.9.6'),
    'as OpenClaw 2026.9.6 ranks with memory.search.provider "none"',
  ],
  [
    'openclaw: agent has no vectors',
    modeReasons.openclawAgentNoVectors('2026.9.6'),
    'as OpenClaw 2026.9.6 ranks: the agent\'s own index holds no vectors (memory.search.provider "none")',
  ],
  [
    'openclaw: no embedder',
    modeReasons.openclawNoEmbedder('text-embedding-3-small', modeReasons.noModel()),
    'your agent ranks hybrid with "text-embedding-3-small" vectors; this is its keyword half alone — no embedding model configured',
  ],
  ...(['agent', 'mixed', 'ours'] as const).map((whose): [string, ModeReason, string] => [
    `openclaw: hybrid (${whose})`,
    modeReasons.openclawHybrid('2026.9.6', whose, MODEL),
    {
      agent: `as OpenClaw 2026.9.6's hybrid memory_search ranks, with the agent's stored vectors (model ${MODEL})`,
      mixed: `as OpenClaw 2026.9.6's hybrid memory_search ranks, with the agent's stored vectors where they match its chunks, ours for the rest (model ${MODEL})`,
      ours: `as OpenClaw 2026.9.6's hybrid memory_search ranks, with vectors embedded by ${MODEL}`,
    }[whose],
  ]),
];

describe('why vector search is off, in Chinese', () => {
  it.each(REASONS)('%s: the English is unchanged and the Chinese has no English left', (_, reason, english) => {
    expect(reason.message).toBe(english);
    const chinese = localText(zh, reason);
    expect(chinese).not.toMatch(/\{\{/);
    expect(englishLeft(chinese)).toEqual([]);
    // The short clause the status bar and the search panel show is Chinese too.
    expect(reasonHeadline(chinese)).toMatch(/[\u4e00-\u9fff]/);
  });

  it('crosses the API as fields beside the English modeReason, and comes back whole', () => {
    const reason = modeReasons.retrying(modeReasons.endpointKeyMissing(URL, 'EMBED_KEY'), 12);
    const fields = JSON.parse(JSON.stringify(modeReasonFields(reason))) as ReturnType<typeof modeReasonFields>;
    expect(fields.modeReason).toBe(reason.message);
    expect(fields.modeReasonId).toBe('explain:modeReason.retryingIn');
    expect(localText(zh, modeReasonOf(fields)!)).toBe(
      `嵌入端点 ${URL} 缺少密钥 — 环境变量 EMBED_KEY 未设置 — 12 秒后重试（或点“立即重试”）`,
    );
  });

  it('words the search panel line and the keyword-only notice in Chinese', () => {
    const reason = modeReasons.modelNotInstalled(MODEL, DIR, ['tokenizer.json'], DIR);
    expect(keywordOnlyText(reason, zh)).toBe(`仅关键词：模型 ${MODEL} 未安装，且下载已关闭`);
    expect(keywordOnlyText(reason)).toBe(`Keyword-only: model ${MODEL} is not installed and downloads are off`);
    const notice = keywordOnlyNotice(modeReasons.queryTimeout(3000), 'query');
    expect(notice.message).toBe('Keyword-only for this query: query embedding timed out after 3000 ms.');
    expect(localText(zh, notice)).toBe('本次查询仅用关键词：查询向量在 3000 毫秒后超时。');
  });

  it('keeps a reason that is not ours as its text, and words a file-system error in the language', () => {
    expect(localText(zh, { message: 'SQLITE_BUSY: database is locked' })).toBe('SQLITE_BUSY: database is locked');
    expect(localText(zh, { message: 'EACCES: permission denied' })).toBe('没有访问权限（EACCES）');
    expect(localText(zh, modeReasons.vectorFailed('boom'))).toBe('向量搜索出错：boom');
  });
});
