// Zod's issues with a call's arguments, carried as JSON in a typed error's parameters so each
// language words them: English is zod's own message (what the API always said), other languages
// come from zod's locale for them. The value never travels, only its type.
import type { z } from 'zod';

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
  word: (key: 'whole' | 'issue' | 'sep', params?: Record<string, string>) => string,
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
      const local = locale?.localeError({ ...rest, input: STAND_INS[received ?? ''] } as never);
      const text = typeof local === 'string' ? local : (local?.message ?? issue.message);
      return word('issue', { field: issue.path || word('whole'), text });
    })
    .join(word('sep'));
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
