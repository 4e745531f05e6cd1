// Every view in the header's switcher has its name and tooltip in every language.
import { describe, expect, it } from 'vitest';
import { LOCALES, RESOURCES } from '../../../shared/locales';
import { MAIN_VIEWS } from './main-views';

describe('the view switcher', () => {
  it.each(LOCALES)('names every view in %s', (locale) => {
    const views = RESOURCES[locale].app.views as Record<string, { label?: string; title?: string } | string>;
    for (const view of MAIN_VIEWS) {
      const words = views[view.id];
      expect(typeof words === 'object' && words.label && words.title, `${locale} ${view.id}`).toBeTruthy();
    }
  });
});
