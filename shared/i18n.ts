// One i18next instance per language, built from the shared resources: the CLI and MCP speak
// through it (English unless --lang / MEMLENS_LANG say otherwise), the renderer binds it to React.
import { createInstance, type i18n, type Module, type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, RESOURCES, resolveLocale, type Locale } from './locales/index.js';

export type { Locale };
export { LOCALES, DEFAULT_LOCALE, resolveLocale };

/** A ready i18next instance for `locale` (synchronous: the resources are bundled); `plugins` such as react-i18next's. */
export function createI18n(locale: Locale, plugins: readonly Module[] = []): i18n {
  const instance = createInstance();
  for (const plugin of plugins) instance.use(plugin);
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: LOCALES,
    resources: RESOURCES as unknown as Record<string, Record<string, object>>,
    ns: Object.keys(RESOURCES[DEFAULT_LOCALE]),
    defaultNS: 'app',
    nsSeparator: ':',
    interpolation: { escapeValue: false }, // React escapes; the CLI prints text
    initAsync: false,
  });
  return instance;
}

/** The translate function for one language. */
export function translator(locale: Locale): TFunction {
  return createI18n(locale).t;
}
