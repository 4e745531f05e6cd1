// The one-click "found in your agent's config" offer, from real openclaw.json files (JSON5, read
// by the same loader as `memlens context`): local providers offered with their model, remote
// ones and keys never.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentEmbedderOffer } from '../../shared/embedding-endpoint-settings.js';
import { localText, translator } from '../../shared/i18n.js';
import { englishLeft } from '../../shared/test-support/english-left.js';
import { loadOpenclawConfig } from '../memory/workspace/openclaw-config.js';
import { agentEmbedderOffer } from './agent-embedder-offer.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-offer-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function offerFor(name: string, json5: string) {
  const file = path.join(root, `${name}.json`);
  fs.writeFileSync(file, json5);
  const loaded = await loadOpenclawConfig({ env: {}, explicitPath: file });
  return agentEmbedderOffer(loaded.value, file);
}

describe('agentEmbedderOffer', () => {
  it('offers Ollama and LM Studio at their default local addresses with their default models', async () => {
    expect(await offerFor('ollama', '{ memory: { search: { provider: "ollama" } } } // comment')).toMatchObject({
      found: true,
      provider: 'ollama',
      settings: { enabled: true, baseUrl: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text' },
    });
    expect(
      await offerFor('lmstudio', '{ memory: { search: { provider: "lmstudio", model: "text-embedding-bge-m3" } } }'),
    ).toMatchObject({
      found: true,
      settings: { baseUrl: 'http://127.0.0.1:1234/v1', model: 'text-embedding-bge-m3' },
    });
  });

  it('offers an openai-compatible endpoint on localhost with its input types, without its key', async () => {
    const offer = await offerFor(
      'compat',
      `{ memory: { search: { provider: "openai-compatible", model: "bge-m3", queryInputType: "query", documentInputType: "passage",
         remote: { baseUrl: "http://localhost:8080/v1/", apiKey: "sk-secret" } } } }`,
    );
    expect(offer).toMatchObject({
      found: true,
      settings: {
        baseUrl: 'http://localhost:8080/v1',
        model: 'bge-m3',
        queryInputType: 'query',
        documentInputType: 'passage',
      },
    });
    expect(JSON.stringify(offer)).not.toContain('sk-secret');
  });

  it('follows a custom models.providers entry whose api is ollama, adding /v1 to its native base', async () => {
    const offer = await offerFor(
      'custom',
      '{ models: { providers: { "ollama-5080": { api: "ollama", baseUrl: "http://127.0.0.1:11435" } } }, memory: { search: { provider: "ollama-5080" } } }',
    );
    expect(offer).toMatchObject({
      found: true,
      provider: 'ollama-5080',
      settings: { baseUrl: 'http://127.0.0.1:11435/v1', model: 'nomic-embed-text' },
    });
  });

  it('offers nothing for the OpenAI default, a remote endpoint, or a missing file, and says why', async () => {
    expect(await offerFor('default', '{}')).toMatchObject({
      found: false,
      reason: 'the agent embeds with "openai", which is not an endpoint on this computer',
    });
    expect(
      await offerFor(
        'remote',
        '{ memory: { search: { provider: "openai-compatible", model: "m", remote: { baseUrl: "https://embeddings.example/v1" } } } }',
      ),
    ).toMatchObject({
      found: false,
      reason: "the agent's embedder https://embeddings.example is not on this computer",
    });
    expect(
      await offerFor(
        'gpu',
        '{ models: { providers: { "ollama-5080": { api: "ollama", baseUrl: "http://gpu-box.local:11435" } } }, memory: { search: { provider: "ollama-5080" } } }',
      ),
    ).toMatchObject({ found: false });
    expect(agentEmbedderOffer(null, '')).toMatchObject({ found: false, reason: 'no openclaw.json found' });
  });

  it('words why there is no offer by message id: in Chinese for a Chinese reader, the English kept as reason', async () => {
    const zh = translator('zh-CN');
    const chinese = (offer: AgentEmbedderOffer) => {
      if (offer.found) throw new Error('expected no offer');
      return localText(zh, { message: offer.reason, ...offer });
    };
    const cases: [AgentEmbedderOffer, string][] = [
      [agentEmbedderOffer(null, ''), '没有找到 openclaw.json'],
      [await offerFor('zh-default', '{}'), '智能体用“openai”做嵌入，它不是这台电脑上的端点'],
      [
        await offerFor('zh-no-url', '{ memory: { search: { provider: "openai-compatible", model: "m" } } }'),
        '没有为提供方“openai-compatible”设置 memory.search.remote.baseUrl',
      ],
      [
        await offerFor(
          'zh-remote',
          '{ memory: { search: { provider: "openai-compatible", model: "m", remote: { baseUrl: "https://embeddings.example/v1" } } } }',
        ),
        '智能体的嵌入端点 https://embeddings.example 不在这台电脑上',
      ],
      [
        await offerFor(
          'zh-no-model',
          '{ memory: { search: { provider: "openai-compatible", remote: { baseUrl: "http://127.0.0.1:8080/v1" } } } }',
        ),
        '没有为提供方“openai-compatible”设置 memory.search.model',
      ],
      [
        await offerFor(
          'zh-ftp',
          '{ memory: { search: { provider: "openai-compatible", model: "m", remote: { baseUrl: "ftp://127.0.0.1/v1" } } } }',
        ),
        '嵌入端点 ftp://127.0.0.1/v1 不是 http(s) 地址 — 请给出类似 http://127.0.0.1:11434/v1 的地址',
      ],
      [
        await offerFor(
          'zh-creds',
          '{ memory: { search: { provider: "openai-compatible", model: "m", remote: { baseUrl: "http://u:p@127.0.0.1/v1" } } } }',
        ),
        '嵌入端点的网址里带有用户名或密码 — 请改用环境变量提供密钥',
      ],
    ];
    for (const [offer, expected] of cases) {
      expect(chinese(offer)).toBe(expected);
      expect(englishLeft(chinese(offer))).toEqual([]);
    }
    // The English reason the API carries reads as before.
    expect(cases[5]![0]).toMatchObject({
      reason: 'embedding endpoint ftp://127.0.0.1/v1 is not http(s) — give one like http://127.0.0.1:11434/v1',
    });
  });
});
