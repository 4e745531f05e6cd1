// "Found in your agent's config": when openclaw.json's memory.search names an embedder on this
// computer (ollama, lmstudio, openai-compatible on localhost), the endpoint settings that use it,
// model included. Keys are never read from it: the user gives Memory Lens its own.
import { isLoopbackHost, parseEndpointUrl } from '../../shared/embedding-endpoint.js';
import type { AgentEmbedderOffer, EmbedderEndpointSettings } from '../../shared/embedding-endpoint-settings.js';
import { said, type MessageParams } from '../../shared/i18n.js';
import type { ModeReason } from '../../shared/mode-reasons.js';

/** OpenClaw 2026.9.6 defaults (its dist: OLLAMA_DEFAULT_BASE_URL, LMSTUDIO_DEFAULT_*). */
const KNOWN = {
  ollama: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text' },
  lmstudio: { baseUrl: 'http://127.0.0.1:1234/v1', model: 'text-embedding-nomic-embed-text-v1.5' },
} as const;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** No offer, and why: by id (`settings:endpoint.offerNone.*`, or the URL's own reason) beside its English. */
function none(why: ModeReason): AgentEmbedderOffer {
  return {
    found: false,
    reason: why.message,
    ...(why.messageId ? { messageId: why.messageId } : {}),
    ...(why.params ? { params: why.params } : {}),
  };
}

const noneFor = (key: string, params?: MessageParams) => none(said(`settings:endpoint.offerNone.${key}`, params));

export function agentEmbedderOffer(config: Record<string, unknown> | null, configPath: string): AgentEmbedderOffer {
  if (!config) return noneFor('noConfig');
  const search = record(record(config.memory).search);
  const providerId = text(search.provider) ?? 'openai';
  const custom = record(record(record(config.models).providers)[providerId]);
  const api = text(custom.api) ?? providerId;
  const family =
    api === 'ollama' || api === 'lmstudio'
      ? api
      : api === 'openai-compatible' || (api.startsWith('openai-') && providerId !== 'openai')
        ? 'openai-compatible'
        : null;
  if (!family) return noneFor('notLocal', { provider: providerId });

  const remote = record(search.remote);
  let baseUrl =
    text(remote.baseUrl) ??
    text(custom.baseUrl) ??
    (family === 'openai-compatible' ? undefined : KNOWN[family].baseUrl);
  if (!baseUrl) return noneFor('noBaseUrl', { provider: providerId });
  // Ollama's base is its native API root; its OpenAI-compatible side is under /v1.
  if (family === 'ollama' && !/\/v1\/?$/.test(baseUrl)) baseUrl = `${baseUrl.replace(/\/+$/, '')}/v1`;
  const parsed = parseEndpointUrl(baseUrl);
  if (!parsed.ok) return none(parsed.reason);
  if (!isLoopbackHost(parsed.url.hostname)) return noneFor('notOnComputer', { origin: parsed.url.origin });
  const model = text(search.model) ?? (family === 'openai-compatible' ? undefined : KNOWN[family].model);
  if (!model) return noneFor('noModel', { provider: providerId });

  const settings: Partial<EmbedderEndpointSettings> = {
    enabled: true,
    baseUrl: parsed.url.href.replace(/\/$/, ''),
    model,
  };
  const shared = text(search.inputType);
  const query = text(search.queryInputType) ?? shared;
  const document = text(search.documentInputType) ?? shared;
  if (query && document) Object.assign(settings, { queryInputType: query, documentInputType: document });
  return { found: true, provider: providerId, settings, from: `${configPath} (memory.search)` };
}
