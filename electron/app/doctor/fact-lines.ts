// Facts a memory line states, in the three shapes people write them: `Key: value`, "X is Y" /
// "X 是 Y", and "runs / upgraded to Product N". Pure. A line's own correction ("(was 18789)",
// "(corrected from Monday)") is cut off first, so a value and its correction are one fact.
import type { MemoryLine } from './memory-lines.js';

export interface Fact {
  kind: 'key-value' | 'is' | 'version';
  /** What the fact is about, folded for comparison; single generic words carry their heading. */
  key: string;
  /** As written, for the finding's title. */
  subject: string;
  value: string;
  normalizedValue: string;
}

/** Products whose version numbers are facts worth tracking (a capitalised word + number is too often a room or a sprint). */
const PRODUCTS =
  'Node(?:\\.js)?|Python|Java|Go|Ruby|PHP|Rust|Deno|Bun|PostgreSQL|Postgres|MySQL|MariaDB|Redis|SQLite|MongoDB|Ubuntu|Debian|Fedora|Alpine|macOS|Windows|iOS|Android|Electron|React|Vue|Angular|TypeScript|Kubernetes|Docker|Nginx|OpenClaw|firmware';
const VERSION_VALUE = `(${PRODUCTS})\\s+v?(\\d+(?:\\.\\d+){0,2})\\b`;
const RUNS = new RegExp(
  `^(?:the\\s+|our\\s+)?(.{2,40}?)\\s+(?:runs(?: on)?|is (?:running|on)|uses|is using|now runs)\\s+${VERSION_VALUE}`,
  'i',
);
const MOVED = new RegExp(
  `^(?:we\\s+)?(?:upgraded|updated|moved|switched|migrated|downgraded|pinned)\\s+(?:the\\s+|our\\s+)?(.{2,40}?)\\s+(?:to|onto|at)\\s+${VERSION_VALUE}`,
  'i',
);
const KEY_VALUE = /^([\p{L}][\p{L}\p{N}' _./-]{0,39}?)\s*[:：]\s*(.+)$/u;
const IS = /^(.{2,40}?)\s+(?:is|are)\s+(?:now\s+|at\s+)?(.{1,60})$/i;
const SHI = /^([^\s，。,.]{1,15}?)是([^，。,]{1,40})$/u;
const NOT_SUBJECTS =
  /^(?:it|this|that|there|here|he|she|they|we|i|you|what|which|who|everything|nothing|one|the plan|the idea)$/i;
const MAX_KEY_WORDS = 5;
/** A value is one thing (a port, a number, a URL, a name): a longer text is a sentence, not a value. */
const MAX_VALUE_CHARS = 40;
const MAX_VALUE_WORDS = 5;
/** Transcript lines copied into notes ("User: …", "Assistant: …") are turns, not facts. */
const SPEAKERS = /^(?:user|assistant|system|human|ai|bot|agent|me|q|a|用户|助手|我)$/iu;

function isKey(key: string, value: string): boolean {
  if (/^https?$/i.test(key) || value.startsWith('//') || words(key) > MAX_KEY_WORDS) return false;
  if (SPEAKERS.test(key.trim())) return false;
  // "1:1", "16:00": a time or a ratio, not a key.
  return !(/\d$/.test(key) && /^\d/.test(value));
}

/** A line's statement without list marker, emphasis, annotations, struck text and its own correction. */
export function statementOf(text: string): string | null {
  if (/\(superseded\b/i.test(text)) return null;
  let s = text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/~~[^~]*~~/g, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '')
    .replace(/\*\*|__|`/g, '')
    .trim();
  // "value (was X)", "value — not X", "value; corrected from X": the line's own history, not a second fact.
  s = s.split(/\s*(?:\(|（|\s[—–]\s|;|；|,\s*(?:not|was|instead of|previously)\b)/u)[0]!.trim();
  s = s.replace(/[.。!！]+$/u, '').trim();
  return s || null;
}

/**
 * What two values are compared by: their numbers when they have any ("恒泰加 705 万元" and
 * "+705 万元" say the same amount), else — and always for URLs and addresses — their folded text.
 */
export function comparableValue(value: string): string {
  if (/:\/\/|@/.test(value)) return fold(value);
  const numbers = value.normalize('NFKC').match(/\d+(?:[.,]\d+)*/g);
  return numbers ? `#${numbers.join(' ')}` : fold(value);
}

function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function factsOf(line: MemoryLine, scope: string): Fact[] {
  if (!line.body || line.heading) return [];
  const s = statementOf(line.text);
  if (!s) return [];
  const scoped = (subject: string) => {
    const key = fold(subject).replace(/^(?:the|our|my|a|an)\s+/, '');
    return words(key) === 1 && !/'s\b|的/.test(key) ? `${scope}#${line.headingPath.join('/')}|${key}` : key;
  };
  const version = RUNS.exec(s) ?? MOVED.exec(s);
  if (version) {
    const subject = fold(version[1]!).replace(/^(?:the|our)\s+/, '');
    const product = fold(version[2]!).replace(/\.js$/, '');
    return [
      {
        kind: 'version',
        key: `${product}@${subject}`,
        subject: `${version[1]!.trim()} (${version[2]})`,
        value: `${version[2]} ${version[3]}`,
        normalizedValue: version[3]!,
      },
    ];
  }
  const kv = KEY_VALUE.exec(s);
  if (kv && isKey(kv[1]!, kv[2]!)) {
    const value = kv[2]!.split(/，|,\s/u)[0]!.trim();
    if (value.length <= MAX_VALUE_CHARS && words(value) <= MAX_VALUE_WORDS)
      return [
        {
          kind: 'key-value',
          key: scoped(kv[1]!),
          subject: kv[1]!.trim(),
          value,
          normalizedValue: comparableValue(value),
        },
      ];
  }
  const is = IS.exec(s);
  if (is && words(is[1]!) <= MAX_KEY_WORDS && !NOT_SUBJECTS.test(is[1]!.trim()) && words(is[2]!) <= 6) {
    const value = is[2]!.trim();
    if (/[\d@]|:\/\//.test(value) || /'s\b/.test(is[1]!))
      return [
        { kind: 'is', key: scoped(is[1]!), subject: is[1]!.trim(), value, normalizedValue: comparableValue(value) },
      ];
  }
  const shi = SHI.exec(s);
  if (shi && !/[不也就还都]$/u.test(shi[1]!)) {
    const value = shi[2]!.trim();
    return [{ kind: 'is', key: scoped(shi[1]!), subject: shi[1]!, value, normalizedValue: comparableValue(value) }];
  }
  return [];
}
