// One i18next instance per language, built from the shared resources: the CLI and MCP speak
// through it (English unless --lang / MEMLENS_LANG say otherwise), the renderer binds it to React.
import { createInstance, type i18n, type Module, type TFunction } from 'i18next';
import { daysWords } from './days-words.js';
import { DEFAULT_LOCALE, LOCALES, RESOURCES, resolveLocale, type Locale } from './locales/index.js';
import { wordIssues, type IssueLocales } from './request-issues.js';
import { wordSystemError } from './system-errors.js';

export type { Locale };
export { LOCALES, DEFAULT_LOCALE, resolveLocale };

/** Options of an i18next instance: zod's wording of a refused call's issues (shared/zod-issue-locales.ts). */
export interface I18nOptions {
  issueLocales?: IssueLocales;
}

/** A ready i18next instance for `locale` (synchronous: the resources are bundled); `plugins` such as react-i18next's. */
export function createI18n(locale: Locale, plugins: readonly Module[] = [], options: I18nOptions = {}): i18n {
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
  addMessageFormats(instance, options.issueLocales);
  return instance;
}

/**
 * Formats for parameters that are words in each language: a notice carries the dates it names
 * as JSON (`{{mentions, querydates}}`), and each language words them its own way.
 */
function addMessageFormats(instance: i18n, issueLocales?: IssueLocales): void {
  const formatter = instance.services.formatter;
  if (!formatter) return;
  const t = (lng: string | undefined) => (key: string, params?: Record<string, unknown>) =>
    instance.t(`explain:${key}`, { ...params, lng });
  const days = (lng: string | undefined, from: string, to: string) =>
    daysWords((key, params) => t(lng)(`breakdown.${key}`, params), from, to);
  const list = <T>(value: unknown): T[] => JSON.parse(String(value)) as T[];
  // A file-system error names the action that failed (`save`, `rename`…) as a verb in each language.
  formatter.add('fileaction', (value: unknown, lng: string | undefined) =>
    instance.t(`errors:action.${String(value)}`, { lng }),
  );
  // Node's file-system message inside a sentence, worded with its path and code (shared/system-errors.ts).
  formatter.add('syserror', (value: unknown, lng: string | undefined) =>
    wordSystemError(String(value), (key, params) => instance.t(`errors:system.${key}`, { ...params, lng })),
  );
  // A background failure in a log line (shared/log-line.ts): its message by id as JSON, else Node's words.
  formatter.add('failure', (value: unknown, lng: string | undefined) => {
    const text = String(value);
    if (!text.startsWith('{"messageId"')) {
      return wordSystemError(text, (key, params) => instance.t(`errors:system.${key}`, { ...params, lng }));
    }
    const ref = JSON.parse(text) as MessageRef;
    return instance.t(ref.messageId, { ...ref.params, lng });
  });
  // A file's size in bytes as the index's reasons word it: megabytes from one MB, else bytes.
  formatter.add('megabytes', (value: unknown, lng: string | undefined) => {
    const bytes = Number(value);
    const mb = bytes / (1024 * 1024);
    return mb >= 1 ? `${mb.toFixed(mb < 10 ? 1 : 0)} MB` : instance.t('errors:indexing.bytes', { bytes, lng });
  });
  // A reason inside another (`{{reason, reason}}`, shared/mode-reasons.ts): by id as JSON, or its text.
  formatter.add('reason', (value: unknown, lng: string | undefined) => {
    const text = String(value);
    if (!text.startsWith('{"messageId"')) return text;
    const ref = JSON.parse(text) as MessageRef;
    return instance.t(ref.messageId, { ...ref.params, lng });
  });
  // A call's arguments refused at the boundary: zod's issues, in each language.
  formatter.add('requestissues', (value: unknown, lng: string | undefined) =>
    wordIssues(value, lng, (key, params) => instance.t(`errors:request.${key}`, { ...params, lng }), issueLocales),
  );
  formatter.add('querydates', (value: unknown, lng: string | undefined) =>
    list<{ text: string; from: string; to: string; reading?: string }>(value)
      .map((m) =>
        t(lng)(m.reading ? 'notice.dates.mentionRead' : 'notice.dates.mention', {
          text: m.text,
          days: days(lng, m.from, m.to),
          reading: m.reading,
        }),
      )
      .join(t(lng)('notice.dates.sep')),
  );
  formatter.add('askeddays', (value: unknown, lng: string | undefined) =>
    list<{ text: string; from: string; to: string }>(value)
      .map((m) => t(lng)('notice.dates.asked', { text: m.text, days: days(lng, m.from, m.to) }))
      .join(t(lng)('notice.dates.or')),
  );
  formatter.add('nearestdated', (value: unknown, lng: string | undefined) =>
    list<{ path: string; from: string; to: string }>(value)
      .map((r) => t(lng)('notice.dates.nearest', { path: r.path, days: days(lng, r.from, r.to) }))
      .join(t(lng)('notice.dates.sep')),
  );
  formatter.add('question', (value: unknown, lng: string | undefined) => {
    const words = list<string>(value);
    if (words.length === 0) return '';
    const quoted = words.map((w) => t(lng)('breakdown.quote', { word: w.trim() })).join(t(lng)('notice.dates.sep'));
    return t(lng)('notice.question', { words: quoted, count: words.length });
  });
}

const translators = new Map<Locale, TFunction>();

/** The translate function for one language (one instance per language, made on first use). */
export function translator(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = createI18n(locale).t));
  return t;
}

/** Parameters of a message the engine builds: plain values, so they cross IPC and HTTP as JSON. */
export type MessageParams = Record<string, string | number>;

/**
 * A message by id (`namespace:key`) and parameters: the UI words it in its language, the API and CLI
 * carry the English text beside it.
 */
export interface MessageRef {
  messageId: string;
  params?: MessageParams;
}

/** The English text of a message, as the API and CLI carry it. */
export function englishText(ref: MessageRef): string {
  return translator(DEFAULT_LOCALE)(ref.messageId, ref.params);
}

/** A message by id with its English text, in the shape `localText` reads. */
export function said(
  messageId: string,
  params?: MessageParams,
): { message: string; messageId: string; params?: MessageParams } {
  const ref = params ? { messageId, params } : { messageId };
  return { message: englishText(ref), ...ref };
}

/**
 * A value's text in `t`'s language when it names a message, else its (English) message — Node's
 * file-system message worded in the language (shared/system-errors.ts).
 */
export function localText(
  t: TFunction,
  value: { message: string; messageId?: string; params?: MessageParams },
): string {
  return value.messageId
    ? t(value.messageId, { ...value.params, defaultValue: value.message })
    : wordSystemError(value.message, (key, params) => t(`errors:system.${key}`, params));
}
