import { useEffect, useState } from 'react';
import type {
  AgentEmbedderOffer,
  EmbedderEndpointPatch,
  EmbedderEndpointSettings,
} from '../../../../../shared/embedding-endpoint-settings';
import { describeEndpointTraffic, parseEndpointUrl } from '../../../../../shared/embedding-endpoint';

interface EndpointSettingsProps {
  endpoint: EmbedderEndpointSettings;
  offer: AgentEmbedderOffer | null;
  onApply(patch: EmbedderEndpointPatch): void;
}

type Form = Omit<EmbedderEndpointSettings, 'queryInputType' | 'documentInputType' | 'apiKeyEnv'> & {
  queryInputType: string;
  documentInputType: string;
  apiKeyEnv: string;
};

const toForm = (e: EmbedderEndpointSettings): Form => ({
  ...e,
  queryInputType: e.queryInputType ?? '',
  documentInputType: e.documentInputType ?? '',
  apiKeyEnv: e.apiKeyEnv ?? '',
});

/** The embedder the user already runs (Ollama, LM Studio, llama.cpp server, vLLM, OpenAI) instead of a local model. */
export function EndpointSettingsSection({ endpoint, offer, onApply }: EndpointSettingsProps) {
  const [form, setForm] = useState<Form>(toForm(endpoint));
  useEffect(() => setForm(toForm(endpoint)), [endpoint]);
  const set = (p: Partial<Form>) => setForm((f) => ({ ...f, ...p }));
  const parsed = form.baseUrl.trim() ? parseEndpointUrl(form.baseUrl) : null;
  const remote = parsed?.ok === true && !parsed.local;
  const save = (p: Partial<Form> = {}) => {
    const f = { ...form, ...p };
    onApply({
      enabled: f.enabled,
      baseUrl: f.baseUrl.trim(),
      model: f.model.trim(),
      queryInputType: f.queryInputType.trim() || null,
      documentInputType: f.documentInputType.trim() || null,
      queryPrefix: f.queryPrefix,
      documentPrefix: f.documentPrefix,
      apiKeyEnv: f.apiKeyEnv.trim() || null,
      allowRemote: remote ? f.allowRemote : false,
    });
  };

  return (
    <fieldset className="endpoint-settings" data-testid="endpoint-settings">
      <legend>Or the embedder you already run (OpenAI-compatible /v1/embeddings)</legend>
      {offer?.found && (
        <p className="notice notice--info" data-testid="endpoint-offer">
          Found in your agent&apos;s config ({offer.from}): <strong>{offer.settings.model}</strong> at{' '}
          {offer.settings.baseUrl}.{' '}
          <button
            type="button"
            data-testid="endpoint-offer-use"
            onClick={() => save({ ...toForm({ ...endpoint, ...offer.settings } as EmbedderEndpointSettings) })}
          >
            Use it
          </button>
        </p>
      )}
      <label>
        <input
          type="checkbox"
          data-testid="endpoint-enabled"
          checked={form.enabled}
          onChange={(e) => set({ enabled: e.target.checked })}
        />{' '}
        Use this endpoint instead of the model above
      </label>
      <label>
        Base URL{' '}
        <input
          type="text"
          data-testid="endpoint-base-url"
          placeholder="http://127.0.0.1:11434/v1"
          value={form.baseUrl}
          onChange={(e) => set({ baseUrl: e.target.value })}
        />
      </label>
      {parsed && !parsed.ok && <p className="notice notice--error">{parsed.reason}</p>}
      <label>
        Model{' '}
        <input
          type="text"
          data-testid="endpoint-model"
          placeholder="nomic-embed-text"
          value={form.model}
          onChange={(e) => set({ model: e.target.value })}
        />
      </label>
      <label>
        input_type for queries{' '}
        <input
          type="text"
          data-testid="endpoint-query-type"
          placeholder="query"
          value={form.queryInputType}
          onChange={(e) => set({ queryInputType: e.target.value })}
        />
      </label>
      <label>
        input_type for chunks{' '}
        <input
          type="text"
          data-testid="endpoint-document-type"
          placeholder="document"
          value={form.documentInputType}
          onChange={(e) => set({ documentInputType: e.target.value })}
        />
      </label>
      <label>
        Query prefix{' '}
        <input
          type="text"
          value={form.queryPrefix}
          placeholder="search_query: "
          onChange={(e) => set({ queryPrefix: e.target.value })}
        />
      </label>
      <label>
        Chunk prefix{' '}
        <input
          type="text"
          value={form.documentPrefix}
          placeholder="search_document: "
          onChange={(e) => set({ documentPrefix: e.target.value })}
        />
      </label>
      <label>
        Key from environment variable{' '}
        <input
          type="text"
          data-testid="endpoint-key-env"
          placeholder="OPENAI_API_KEY"
          value={form.apiKeyEnv}
          onChange={(e) => set({ apiKeyEnv: e.target.value })}
        />
      </label>
      {remote && parsed?.ok && (
        <label className="notice notice--warning" data-testid="endpoint-remote">
          <input type="checkbox" checked={form.allowRemote} onChange={(e) => set({ allowRemote: e.target.checked })} />{' '}
          {describeEndpointTraffic(parsed.url.origin)}. Allow it.
        </label>
      )}
      <button type="button" data-testid="endpoint-apply" onClick={() => save()}>
        Apply endpoint
      </button>
    </fieldset>
  );
}
