import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type {
  AgentEmbedderOffer,
  EmbedderEndpointPatch,
  EmbedderEndpointSettings,
} from '../../../../../shared/embedding-endpoint-settings';
import { parseEndpointUrl } from '../../../../../shared/embedding-endpoint';
import { localText } from '../../../../../shared/i18n';

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

/** What the fields take, as the servers spell it (examples, not words to translate). */
const EXAMPLES = {
  baseUrl: 'http://127.0.0.1:11434/v1',
  model: 'nomic-embed-text',
  queryType: 'query',
  documentType: 'document',
  queryPrefix: 'search_query: ',
  documentPrefix: 'search_document: ',
  keyEnv: 'OPENAI_API_KEY',
};

/** The embedder the user already runs (Ollama, LM Studio, llama.cpp server, vLLM, OpenAI) instead of a local model. */
export function EndpointSettingsSection({ endpoint, offer, onApply }: EndpointSettingsProps) {
  const { t } = useTranslation('settings');
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
      <legend>{t('endpoint.legend')}</legend>
      {offer?.found && (
        <p className="notice notice--info" data-testid="endpoint-offer">
          <Trans
            t={t}
            i18nKey="endpoint.offer"
            values={{ from: offer.from, model: offer.settings.model, url: offer.settings.baseUrl }}
            components={[<strong key="model" />]}
          />{' '}
          <button
            type="button"
            data-testid="endpoint-offer-use"
            onClick={() => save({ ...toForm({ ...endpoint, ...offer.settings } as EmbedderEndpointSettings) })}
          >
            {t('endpoint.useIt')}
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
        {t('endpoint.enabled')}
      </label>
      <label>
        {t('endpoint.baseUrl')}{' '}
        <input
          type="text"
          data-testid="endpoint-base-url"
          placeholder={EXAMPLES.baseUrl}
          value={form.baseUrl}
          onChange={(e) => set({ baseUrl: e.target.value })}
        />
      </label>
      {parsed && !parsed.ok && <p className="notice notice--error">{localText(t, parsed.reason)}</p>}
      <label>
        {t('endpoint.model')}{' '}
        <input
          type="text"
          data-testid="endpoint-model"
          placeholder={EXAMPLES.model}
          value={form.model}
          onChange={(e) => set({ model: e.target.value })}
        />
      </label>
      <label>
        {t('endpoint.queryType')}{' '}
        <input
          type="text"
          data-testid="endpoint-query-type"
          placeholder={EXAMPLES.queryType}
          value={form.queryInputType}
          onChange={(e) => set({ queryInputType: e.target.value })}
        />
      </label>
      <label>
        {t('endpoint.documentType')}{' '}
        <input
          type="text"
          data-testid="endpoint-document-type"
          placeholder={EXAMPLES.documentType}
          value={form.documentInputType}
          onChange={(e) => set({ documentInputType: e.target.value })}
        />
      </label>
      <label>
        {t('endpoint.queryPrefix')}{' '}
        <input
          type="text"
          value={form.queryPrefix}
          placeholder={EXAMPLES.queryPrefix}
          onChange={(e) => set({ queryPrefix: e.target.value })}
        />
      </label>
      <label>
        {t('endpoint.documentPrefix')}{' '}
        <input
          type="text"
          value={form.documentPrefix}
          placeholder={EXAMPLES.documentPrefix}
          onChange={(e) => set({ documentPrefix: e.target.value })}
        />
      </label>
      <label>
        {t('endpoint.keyEnv')}{' '}
        <input
          type="text"
          data-testid="endpoint-key-env"
          placeholder={EXAMPLES.keyEnv}
          value={form.apiKeyEnv}
          onChange={(e) => set({ apiKeyEnv: e.target.value })}
        />
      </label>
      {remote && parsed?.ok && (
        <label className="notice notice--warning" data-testid="endpoint-remote">
          <input type="checkbox" checked={form.allowRemote} onChange={(e) => set({ allowRemote: e.target.checked })} />{' '}
          {t('endpoint.remote', { origin: parsed.url.origin })}
        </label>
      )}
      <button type="button" data-testid="endpoint-apply" onClick={() => save()}>
        {t('endpoint.apply')}
      </button>
    </fieldset>
  );
}
