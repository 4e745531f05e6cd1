// The interface's languages by name, without their words: what reading --lang or a setting needs,
// so choosing a language loads no translation. Each name has its folder beside this file.
export const LOCALES = ['en', 'zh-CN'] as const;

export type Locale = (typeof LOCALES)[number];
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
