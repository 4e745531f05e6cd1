// @vitest-environment jsdom
// A pane that throws while it renders leaves a notice in its place, in the window's language, while
// the panes beside it stay; trying again renders it anew from the same state.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createI18n, type Locale } from '../../../shared/i18n';
import { PaneBoundary } from './pane-boundary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** Throws while `broken.now` holds, as a component meeting data it cannot show would. */
function Fragile({ broken }: { broken: { now: boolean } }) {
  if (broken.now) throw new Error('Cannot read properties of undefined (reading "filesTotal")');
  return <p data-testid="fragile">files listed</p>;
}

function render(broken: { now: boolean }, locale: Locale = 'en', view = 'editor') {
  const host = document.createElement('div');
  document.body.append(host);
  // React logs each caught error on the console; the notice is what this test reads.
  root ??= createRoot(host, { onCaughtError: () => undefined });
  act(() =>
    root!.render(
      <I18nextProvider i18n={createI18n(locale, [initReactI18next])}>
        <PaneBoundary pane="sidebar" resetKey={view}>
          <Fragile broken={broken} />
        </PaneBoundary>
        <p data-testid="neighbour">search panel</p>
      </I18nextProvider>,
    ),
  );
  return document.body;
}

describe('PaneBoundary', () => {
  it('shows what failed and why in place of the pane, keeps its neighbours, and Try again renders it anew', () => {
    const broken = { now: true };
    const page = render(broken);
    const notice = page.querySelector('[data-testid="pane-failed"]')!;
    expect(notice.getAttribute('data-pane')).toBe('sidebar');
    expect(notice.textContent).toContain('The file list stopped working.');
    expect(notice.textContent).toContain('Cannot read properties of undefined (reading "filesTotal")');
    expect(page.querySelector('[data-testid="neighbour"]')?.textContent).toBe('search panel');
    expect(page.querySelector('[data-testid="fragile"]')).toBeNull();

    broken.now = false;
    act(() => (page.querySelector('[data-testid="pane-retry"]') as HTMLButtonElement).click());
    expect(page.querySelector('[data-testid="pane-failed"]')).toBeNull();
    expect(page.querySelector('[data-testid="fragile"]')?.textContent).toBe('files listed');
  });

  it('speaks the window’s language, and another view clears a failure of the main pane', () => {
    const broken = { now: true };
    const page = render(broken, 'zh-CN', 'editor');
    expect(page.querySelector('[data-testid="pane-failed"]')?.textContent).toContain('文件列表出错');
    expect(page.querySelector('[data-testid="pane-retry"]')?.textContent).toBe('重试');
    broken.now = false;
    render(broken, 'zh-CN', 'timeline');
    expect(page.querySelector('[data-testid="pane-failed"]')).toBeNull();
    expect(page.querySelector('[data-testid="fragile"]')).not.toBeNull();
  });
});
