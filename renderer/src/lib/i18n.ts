// The window's language: the OS / browser locale at first start, or the one chosen in Settings,
// switched in place (react-i18next re-renders every component that reads `t`).
import type { i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createI18n, resolveLocale, type Locale } from '../../../shared/i18n';
import type { LanguageSetting } from '../../../shared/settings-schema';
import { ZOD_ISSUE_LOCALES } from '../../../shared/zod-issue-locales';

export function createWindowI18n(preferred: readonly string[] = navigator.languages): i18n {
  const instance = createI18n(resolveLocale(preferred), [initReactI18next], { issueLocales: ZOD_ISSUE_LOCALES });
  document.documentElement.lang = instance.language;
  return instance;
}

/** The locale a setting means here: 'system' is the browser's (the OS's, in Electron). */
export function localeFor(setting: LanguageSetting, preferred: readonly string[] = navigator.languages): Locale {
  return setting === 'system' ? resolveLocale(preferred) : setting;
}

export function applyLanguage(instance: i18n, setting: LanguageSetting): void {
  const locale = localeFor(setting);
  document.documentElement.lang = locale;
  if (instance.language !== locale) void instance.changeLanguage(locale);
}
