// The interface's languages. Adding one is adding its folder and its line here.
import { en } from './en/index.js';
import { zhCN } from './zh-CN/index.js';

export const RESOURCES = { en, 'zh-CN': zhCN } as const;

export type Locale = keyof typeof RESOURCES;
export const LOCALES = Object.keys(RESOURCES) as [Locale, ...Locale[]];
export const DEFAULT_LOCALE: Locale = 'en';

/** The first of the user's preferred locales (BCP 47, best first) the app speaks; English otherwise. */
export function resolveLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    const exact = LOCALES.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    const base = lower.split(/[-_]/)[0];
    // Until zh-TW has its own file, any Chinese reads the Simplified one rather than English.
    const sameLanguage = LOCALES.find((l) => l.toLowerCase().split('-')[0] === base);
    if (sameLanguage) return sameLanguage;
  }
  return DEFAULT_LOCALE;
}
