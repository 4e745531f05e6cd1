// @vitest-environment jsdom
// A base URL the endpoint cannot use is said under the field in the interface's language.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createI18n, type Locale } from '../../../../../shared/i18n';
import { EmbedderEndpointSettingsSchema } from '../../../../../shared/embedding-endpoint-settings';
import { EndpointSettingsSection } from './endpoint-settings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function errorShown(baseUrl: string, locale: Locale): string | null {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const endpoint = EmbedderEndpointSettingsSchema.parse({ baseUrl, model: 'm' });
  act(() =>
    root!.render(
      <I18nextProvider i18n={createI18n(locale, [initReactI18next])}>
        <EndpointSettingsSection endpoint={endpoint} offer={null} onApply={() => undefined} />
      </I18nextProvider>,
    ),
  );
  return host.querySelector('.notice--error')?.textContent ?? null;
}

describe('EndpointSettingsSection', () => {
  it('says why a base URL cannot be used in Chinese in a Chinese window, in English in an English one', () => {
    expect(errorShown('ftp://127.0.0.1/v1', 'zh-CN')).toBe(
      '嵌入端点 ftp://127.0.0.1/v1 不是 http(s) 地址 — 请给出类似 http://127.0.0.1:11434/v1 的地址',
    );
    act(() => root?.unmount());
    expect(errorShown('http://u:p@127.0.0.1/v1', 'en')).toBe(
      'embedding endpoint URL carries a user name or password — give the key through an environment variable instead',
    );
  });
});
