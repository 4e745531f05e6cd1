// @vitest-environment jsdom
// The model list as a user with no model sees it: the recommended first download is marked, says
// how big it is and which languages it knows, and one click chooses it.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createI18n, type Locale } from '../../../../../shared/i18n';
import type { ModelCatalog } from '../../../../../shared/domain';
import { englishLeft } from '../../../../../shared/test-support/english-left';
import { ModelSettingsSection } from './model-settings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A catalog as the engine sends it (electron/app/model-catalog.test.ts checks the real one): none installed, nothing running. */
const option = (id: string, languages: string, downloadBytes: number, recommended: boolean, notes: string) => ({
  id,
  dims: 384,
  languages,
  notes,
  downloadBytes,
  recommended,
  installed: false,
  dir: `/data/models/${id}`,
});
const catalog: ModelCatalog = {
  modelsDir: '/data/models',
  models: [
    option(
      'Xenova/multilingual-e5-small',
      'about 100 languages, incl. Chinese and English',
      135_000_000,
      true,
      'Retrieval model with "query: " / "passage: " prefixes.',
    ),
    option('Xenova/all-MiniLM-L6-v2', 'en only', 24_000_000, false, 'English only.'),
  ],
  configured: null,
  active: null,
  problem: null,
  canAsk: false,
  fixedByCommandLine: false,
};

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function render(locale: Locale = 'en', shown: ModelCatalog = catalog) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <I18nextProvider i18n={createI18n(locale, [initReactI18next])}>
        <ModelSettingsSection
          catalog={shown}
          model={{ id: null, modelsDir: null, allowDownload: 'no' }}
          progress={null}
          applying={false}
          indexProgress={null}
          onApply={() => undefined}
        />
      </I18nextProvider>,
    ),
  );
  return host;
}

describe('ModelSettingsSection: the recommended first model', () => {
  it('marks exactly one model recommended, the multilingual retrieval one, with its size and languages', () => {
    const host = render();
    const badges = host.querySelectorAll('[data-testid="model-recommended-badge"]');
    expect(badges).toHaveLength(1);
    const option = badges[0]!.closest('[data-testid="model-option"]')!;
    expect(option.getAttribute('data-id')).toBe('Xenova/multilingual-e5-small');
    expect(option.textContent).toMatch(/Chinese and English/);
    expect(option.textContent).toMatch(/download ≈\d+(\.\d)? MB/);
    const line = host.querySelector('[data-testid="model-recommended"]')!;
    expect(line.textContent).toContain('Xenova/multilingual-e5-small');
    expect(line.textContent).toMatch(/≈\d+(\.\d)? MB to download once/);
  });

  it('"Choose it" selects the recommended model and shows what it is', () => {
    const host = render();
    const radio = () =>
      host.querySelector<HTMLInputElement>(
        '[data-testid="model-option"][data-id="Xenova/multilingual-e5-small"] input',
      )!;
    expect(radio().checked).toBe(false);
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="model-recommended-choose"]')!.click());
    expect(radio().checked).toBe(true);
    expect(host.querySelector('[data-testid="model-notes"]')!.textContent).toContain('"query: " / "passage: "');
    expect(host.querySelector('[data-testid="model-recommended-choose"]')).toBeNull();
    expect(host.querySelector<HTMLButtonElement>('[data-testid="model-apply"]')!.disabled).toBe(false);
  });

  it('reads in Simplified Chinese: the badge, the size to download and the button', () => {
    const host = render('zh-CN');
    expect(host.querySelector('[data-testid="model-recommended-badge"]')!.textContent).toBe('推荐');
    const line = host.querySelector('[data-testid="model-recommended"]')!;
    expect(line.textContent).toMatch(
      /推荐的第一个模型：Xenova\/multilingual-e5-small（只需下载一次，约 \d+(\.\d)? MB；/,
    );
    expect(host.querySelector('[data-testid="model-recommended-choose"]')!.textContent).toBe('选择它');
    expect(host.querySelector('[data-testid="model-now"]')!.textContent).toContain('仅关键词。');
  });

  it("in Chinese, why no model runs and each preset's languages and notes are Chinese, as the engine sends them by id", () => {
    const chinese: ModelCatalog = {
      ...catalog,
      models: [
        { ...catalog.models[0]!, key: 'multilingualE5Small' },
        { ...catalog.models[1]!, key: 'allMiniLm' },
      ],
      problem:
        'model Xenova/multilingual-e5-small is not installed and downloads are off — not found in /data/models (missing onnx/model_quantized.onnx in /data/models/Xenova/multilingual-e5-small); allow downloads in the settings or run with --allow-download',
      problemId: 'explain:modeReason.modelNotInstalled',
      problemParams: {
        model: 'Xenova/multilingual-e5-small',
        dir: '/data/models',
        missing: 'onnx/model_quantized.onnx',
        modelDir: '/data/models/Xenova/multilingual-e5-small',
      },
    };
    const host = render('zh-CN', chinese);
    const now = host.querySelector('[data-testid="model-now"]')!.textContent!;
    expect(now).toMatch(/^仅关键词。 ?模型 Xenova\/multilingual-e5-small 未安装，且下载已关闭。/);
    const options = [...host.querySelectorAll('[data-testid="model-option"]')].map((o) => o.textContent!);
    expect(options[0]).toContain('约 100 种语言，包括中文和英文');
    expect(options[1]).toContain('仅英文');
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="model-recommended-choose"]')!.click());
    const notes = host.querySelector('[data-testid="model-notes"]')!.textContent!;
    expect(notes).toMatch(/^推荐。/);
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="model-details-toggle"]')!.click());
    expect(host.querySelector('[data-testid="model-details"]')!.textContent).toContain('请在设置中允许下载');
    // Model ids, paths, file names and the option names are not sentences; nothing else is English.
    const words = [now, ...options, notes, host.querySelector('[data-testid="model-recommended"]')!.textContent!];
    expect(words.flatMap((w) => englishLeft(w))).toEqual([]);
  });
});
