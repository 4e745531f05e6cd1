// Zod's issues with a call's arguments, carried as JSON in a typed error's parameters so each
// language words them: English is zod's own message (what the API always said), other languages
// come from zod's locale for them. The value never travels, only its type.
import type { z } from 'zod';
import { DEFAULT_LOCALE } from './locales/names.js';

type LocaleError = (issue: never) => string | { message: string } | undefined | null;

/**
 * Zod's wording per interface language (shared/zod-issue-locales.ts), handed in by the window so the
 * CLI loads no zod; a language without one keeps zod's English.
 */
export type IssueLocales = Readonly<Record<string, () => { localeError: LocaleError }>>;

/** One issue as it travels: zod's fields, the path joined with dots, and a stand-in of the value's type. */
type CarriedIssue = Record<string, unknown> & { path: string; message: string; received?: string };

/** Up to five issues (enough for a toast) as the `issues` parameter of `errors:request.invalid`. */
export function carriedIssues(error: z.ZodError): string {
  return JSON.stringify(
    error.issues.slice(0, 5).map((issue): CarriedIssue => {
      const { path, input, ...rest } = issue as z.core.$ZodIssue & { input?: unknown };
      return { ...rest, path: path.join('.'), ...('input' in issue ? { received: typeOf(input) } : {}) };
    }),
  );
}

/**
 * The issues in `lng`: `field: text; field: text`. `word(key, params)` gives the field separator and
 * the name of an issue on the arguments as a whole; a value that is not JSON is shown as it is.
 */
export function wordIssues(
  value: unknown,
  lng: string | undefined,
  word: (key: string, params?: Record<string, unknown>) => string,
  locales: IssueLocales = {},
): string {
  let issues: CarriedIssue[];
  try {
    issues = JSON.parse(String(value)) as CarriedIssue[];
    if (!Array.isArray(issues)) return String(value);
  } catch {
    return String(value);
  }
  const locale = lng ? locales[lng]?.() : undefined;
  return issues
    .map((issue) => {
      const { received, ...rest } = issue;
      const own = lng && lng !== DEFAULT_LOCALE ? typedWording(issue, word) : null;
      const local = own ?? locale?.localeError({ ...rest, input: STAND_INS[received ?? ''] } as never);
      const text = typeof local === 'string' ? local : (local?.message ?? issue.message);
      return word('issue', { field: issue.path || word('whole'), text });
    })
    .join(word('sep'));
}

/** What a size counts, by the origin of a too_big / too_small issue. */
const SIZE_UNITS: Record<string, string> = {
  string: 'characters',
  array: 'items',
  set: 'items',
  map: 'items',
  file: 'bytes',
};

/**
 * The issues that name types (invalid_type, too_big, too_small) by `errors:request.zod.*`, the type
 * names in the language too: zod's locales leave them in English ("期望 string，实际接收 undefined").
 * Null for the others, and for `instanceof SomeClass`, which zod's locale words.
 */
function typedWording(issue: CarriedIssue, word: (key: string, params?: Record<string, unknown>) => string) {
  const type = (name: unknown) => word(`type.${String(name)}`, { defaultValue: String(name) });
  if (issue.code === 'invalid_type') {
    if (/^[A-Z]/.test(String(issue.expected))) return null;
    return issue.received === undefined
      ? word('zod.invalidTypeExpected', { expected: type(issue.expected) })
      : word('zod.invalidType', { expected: type(issue.expected), received: type(issue.received) });
  }
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return null;
  const origin = typeof issue.origin === 'string' ? issue.origin : null;
  const unit = origin ? SIZE_UNITS[origin] : undefined;
  const key = `zod.${issue.code === 'too_big' ? 'tooBig' : 'tooSmall'}.${unit ? 'sized' : 'value'}${issue.inclusive ? '' : 'Exclusive'}`;
  return word(key, {
    origin: type(origin ?? 'value'),
    limit: String(issue.code === 'too_big' ? issue.maximum : issue.minimum),
    unit: unit ? word(`unit.${unit}`) : '',
  });
}

const STAND_INS: Record<string, unknown> = {
  string: '',
  number: 0,
  boolean: false,
  object: {},
  array: [],
  null: null,
  undefined: undefined,
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
