// The interface's languages and their words. Adding one is adding its folder, its name in names.ts
// and its line here.
import { en } from './en/index.js';
import type { Locale } from './names.js';
import { zhCN } from './zh-CN/index.js';

export { DEFAULT_LOCALE, LOCALES, resolveLocale, type Locale } from './names.js';

export const RESOURCES = { en, 'zh-CN': zhCN } as const satisfies Record<Locale, unknown>;
