import { describe, expect, it } from 'vitest';
import { translator } from '../i18n.js';
import { LOCALES, RESOURCES, resolveLocale } from './index.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf of a namespace tree by key, plural forms folded into their base key. */
function leaves(tree: object, prefix = '', out = new Map<string, string[]>()): Map<string, string[]> {
  for (const [k, v] of Object.entries(tree)) {
    const key = `${prefix}${k.replace(PLURAL, '')}`;
    if (v && typeof v === 'object') leaves(v as object, `${key}.`, out);
    else out.set(key, [...(out.get(key) ?? []), String(v)]);
  }
  return out;
}

const placeholders = (texts: readonly string[]): string[] =>
  [...new Set(texts.flatMap((s) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!)))].sort();

describe('interface languages', () => {
  const english = leaves(RESOURCES.en);
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    const other = leaves(RESOURCES[locale]);
    it(`${locale} has every English key and no key English lacks`, () => {
      expect([...english.keys()].filter((k) => !other.has(k))).toEqual([]);
      expect([...other.keys()].filter((k) => !english.has(k))).toEqual([]);
    });
    it(`${locale} keeps every {{placeholder}} of the English text`, () => {
      const differing = [...english]
        .filter(([key]) => other.has(key))
        .filter(([key, texts]) => placeholders(texts).join() !== placeholders(other.get(key)!).join())
        .map(([key]) => key);
      expect(differing).toEqual([]);
    });
  }

  it('follows the OS or browser locale, Chinese variants reading Simplified Chinese', () => {
    expect(resolveLocale(['zh-CN'])).toBe('zh-CN');
    expect(resolveLocale(['zh-Hans-SG', 'en-US'])).toBe('zh-CN');
    expect(resolveLocale(['fr-FR', 'zh-TW'])).toBe('zh-CN');
    expect(resolveLocale(['en-GB'])).toBe('en');
    expect(resolveLocale(['de-DE'])).toBe('en');
    expect(resolveLocale([])).toBe('en');
  });

  it('translates with parameters in each language', () => {
    expect(translator('en')('app:language.system', { language: 'English' })).toBe('System (English)');
    expect(translator('zh-CN')('app:language.system', { language: '简体中文' })).toBe('跟随系统（简体中文）');
  });
});
