// Finds credentials in memory text so every display path can mask them. Pure: no I/O, runs in the
// renderer and the engine alike. Provider keys come from secretlint's recommended preset (its
// rules are plain synchronous regex scans on text); the rules it lacks and memory needs
// (password lines in English and Chinese, tvly-/pa- keys, looser provider shapes) are ours.
import { rules as secretlintRules } from '@secretlint/secretlint-rule-preset-recommend';

export type SecretKind =
  | 'openai'
  | 'anthropic'
  | 'github'
  | 'gitlab'
  | 'aws'
  | 'slack'
  | 'google'
  | 'npm'
  | 'groq'
  | 'huggingface'
  | 'linear'
  | 'notion'
  | 'sendgrid'
  | 'shopify'
  | 'grafana'
  | '1password'
  | 'vault'
  | 'vercel'
  | 'databricks'
  | 'docker'
  | 'figma'
  | 'private-key'
  | 'tavily'
  | 'voyage'
  | 'password'
  | 'token';

export interface SecretFinding {
  kind: SecretKind;
  /** UTF-16 offsets of the value itself (not the label before it). */
  start: number;
  end: number;
  value: string;
  /** 'secretlint' when the preset's rule found it, else our own rule. */
  rule: 'secretlint' | 'memory';
}

// The index stores text masked by these rules: a change to what they find bumps
// electron/memory/chunk/chunker.ts's CHUNKER_VERSION, so indexes are rebuilt.

// ---------------------------------------------------------------------------------------------
// secretlint's preset, run synchronously

/** The part of a secretlint rule this module calls (its types package is not a dependency). */
interface SecretlintRule {
  meta: { id: string };
  create(
    context: {
      report(descriptor: { message: unknown; range: readonly [number, number] }): void;
      ignore(): void;
      createTranslator(): (id: string) => string;
    },
    options: Record<string, unknown>,
  ): { file?: (source: { content: string; filePath: string; ext: string; contentType: 'text' }) => unknown };
}

const PRESET_KINDS: Record<string, SecretKind> = {
  aws: 'aws',
  gcp: 'google',
  npm: 'npm',
  slack: 'slack',
  basicauth: 'password',
  openai: 'openai',
  anthropic: 'anthropic',
  groq: 'groq',
  huggingface: 'huggingface',
  linear: 'linear',
  notion: 'notion',
  privatekey: 'private-key',
  sendgrid: 'sendgrid',
  shopify: 'shopify',
  github: 'github',
  gitlab: 'gitlab',
  grafana: 'grafana',
  '1password': '1password',
  'database-connection-string': 'password',
  'hashicorp-vault': 'vault',
  vercel: 'vercel',
  databricks: 'databricks',
  docker: 'docker',
  figma: 'figma',
};

const PRESET = (secretlintRules as unknown as readonly SecretlintRule[]).flatMap((rule) => {
  const kind = PRESET_KINDS[rule.meta.id.replace('@secretlint/secretlint-rule-', '')];
  return kind ? [{ rule, kind }] : [];
});

// A URL's user:password@ — basicauth and connection-string rules report the whole URL; only the
// password is secret, and the host stays readable and searchable.
const URL_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^:@/\s]*:([^@\s]+)@/i;

// Each rule's handlers are made once: making them costs ~0.3 ms a call (allow-lists, translators),
// scanning with them ~65 µs. A scan points their reports at its own list while it runs.
let sink: ((kind: SecretKind, start: number, end: number) => void) | null = null;
const PRESET_HANDLERS = PRESET.map(({ rule, kind }) =>
  rule.create(
    {
      report: ({ range: [start, end] }) => sink?.(kind, start, end),
      ignore: () => undefined,
      createTranslator: () => (id) => id,
    },
    {},
  ),
);

// Every preset rule wants a run of 16+ key characters, a URL with credentials or a PEM header;
// text with none of them (most lines) skips the preset. A run is tried only from its start: from
// inside one, the scan would read the rest of it again at every character.
const PRESET_CANDIDATE = /(?<![A-Za-z0-9_\-+/=.])[A-Za-z0-9_\-+/=.]{16}|:\/\/\S*@|-----BEGIN/;

function presetFindings(text: string): SecretFinding[] {
  if (!PRESET_CANDIDATE.test(text)) return [];
  const found: SecretFinding[] = [];
  sink = (kind, start, end) => {
    if (kind !== 'password') {
      found.push({ kind, start, end, value: text.slice(start, end), rule: 'secretlint' });
      return;
    }
    // Only the URL's password part is the secret.
    const url = text.slice(start, end);
    const password = URL_PASSWORD.exec(url)?.[1];
    if (!password) return;
    const at = start + url.indexOf(`:${password}@`) + 1;
    found.push({ kind, start: at, end: at + password.length, value: password, rule: 'secretlint' });
  };
  try {
    // `.md` keeps the GCP rule off its JSON/.p12 paths (the only ones that touch Node or run async).
    for (const handlers of PRESET_HANDLERS) {
      handlers.file?.({ content: text, filePath: 'memory.md', ext: '.md', contentType: 'text' });
    }
  } finally {
    sink = null;
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Our rules

interface Rule {
  kind: SecretKind;
  pattern: RegExp;
  /** Capture group holding the value; 0 means the whole match. */
  group: number;
}

const KEY_WORD = String.raw`(?:\b(?:token|api[ _-]?key|secret|access[ _-]?key|auth[ _-]?key|bearer)\b|密钥|秘钥|令牌)`;

// Order matters: the first rule claiming a span wins, so specific provider shapes come first.
// The provider shapes are looser than secretlint's (which wants real key lengths and checksums):
// agents write shortened and older-format keys too.
const RULES: readonly Rule[] = [
  {
    kind: 'private-key',
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
    group: 0,
  },
  { kind: 'anthropic', pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g, group: 0 },
  { kind: 'openai', pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, group: 0 },
  { kind: 'github', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g, group: 0 },
  { kind: 'aws', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, group: 0 },
  { kind: 'slack', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, group: 0 },
  { kind: 'google', pattern: /\bAIza[0-9A-Za-z_-]{35}/g, group: 0 },
  { kind: 'tavily', pattern: /\btvly-[A-Za-z0-9_-]{16,}/g, group: 0 },
  { kind: 'voyage', pattern: /\bpa-[A-Za-z0-9_-]{20,}/g, group: 0 },
  {
    kind: 'password',
    pattern:
      /(?:\b(?:password|passwd|pwd|passphrase)\b|密码|口令)\s*(?:[:：=]|\bis\b|是|为)\s*[`'"]?([^\s`'"，。,;；]{3,})/gi,
    group: 1,
  },
  {
    // A long random-looking value right after a key-like word: `token: …`, `API key is …`, `Bearer …`.
    kind: 'token',
    pattern: new RegExp(String.raw`${KEY_WORD}\s*(?:[:：=]|\bis\b|是|为)?\s*[\`'"]?([A-Za-z0-9_\-./+=]{16,})`, 'gi'),
    group: 1,
  },
];

// Every rule above needs one of these words or prefixes (the case-sensitive ones too, matched here
// in any case): text with none of them (most snippets) skips the rules' eleven scans.
const RULE_CANDIDATE =
  /-----BEGIN|sk-|gh[pousr]_|github_pat_|AKIA|ASIA|xox[abposr]-|AIza|tvly-|pa-|passw(?:or)?d|pwd|passphrase|密码|口令|token|api[ _-]?key|secret|access[ _-]?key|auth[ _-]?key|bearer|密钥|秘钥|令牌/i;

function memoryFindings(text: string, taken: readonly SecretFinding[]): SecretFinding[] {
  if (!RULE_CANDIDATE.test(text)) return [];
  const found: SecretFinding[] = [];
  const overlaps = (start: number, end: number): boolean =>
    taken.some((f) => start < f.end && end > f.start) || found.some((f) => start < f.end && end > f.start);
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      const value = match[rule.group];
      if (value === undefined || match.index === undefined) continue;
      const start = match.index + match[0].lastIndexOf(value);
      const end = start + value.length;
      if (overlaps(start, end)) continue;
      if (rule.kind === 'token' && !looksRandom(value)) continue;
      // Already masked (`password •••••• (6)`): masking twice must change nothing.
      if (rule.kind === 'password' && text.startsWith(' ••••••', end)) continue;
      // A placeholder written in its place (`<in password manager>`, `<purged secret>`) is no secret.
      if (rule.kind === 'password' && value.startsWith('<')) continue;
      found.push({ kind: rule.kind, start, end, value, rule: 'memory' });
    }
  }
  return found;
}

// A token-labelled value must mix letter cases or letters and digits and not be a hex digest or
// a path; this keeps "token: see_the_config_file_for_details" and commit hashes readable.
function looksRandom(value: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((re) => re.test(value)).length;
  return classes >= 2 && !/^[0-9a-f]{32,}$/i.test(value) && !value.includes('/');
}

/** Every secret in `text`, sorted by position, none overlapping. */
export function findSecrets(text: string): SecretFinding[] {
  if (text.length < 8) return [];
  const preset: SecretFinding[] = [];
  for (const finding of presetFindings(text).sort((a, b) => a.start - b.start || b.end - a.end)) {
    if (!preset.some((f) => finding.start < f.end && finding.end > f.start)) preset.push(finding);
  }
  return [...preset, ...memoryFindings(text, preset)].sort((a, b) => a.start - b.start);
}

/**
 * The finding in `text` that starts on 1-based `line` and masks to `label` (a Secrets list entry's
 * line and label; a multi-line value is named by its first line), or null.
 */
export function findingAt(text: string, line: number, label: string): SecretFinding | null {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const from = lineStarts[line - 1];
  if (from === undefined) return null;
  const to = lineStarts[line] ?? text.length + 1;
  return (
    findSecrets(text).find((f) => f.start >= from && f.start < to && maskLabel(f).split('\n')[0] === label) ?? null
  );
}

// ---------------------------------------------------------------------------------------------
// Masking

const PREFIXED: Partial<Record<SecretKind, string>> = {
  openai: 'sk-',
  anthropic: 'sk-ant-',
  tavily: 'tvly-',
  voyage: 'pa-',
  slack: 'xox',
};

/**
 * The text shown in place of a value: its kind and last 4 characters, or a length for passwords.
 * A value spanning lines keeps its line breaks, so line numbers after it stay right.
 */
export function maskLabel(finding: Pick<SecretFinding, 'kind' | 'value'>): string {
  const breaks = '\n'.repeat(finding.value.split('\n').length - 1);
  if (finding.kind === 'password') return `password •••••• (${finding.value.length})`;
  if (finding.kind === 'private-key') return `private key ••••••${breaks}`;
  const prefix = PREFIXED[finding.kind] ?? `${finding.kind} `;
  return `${prefix}…${finding.value.slice(-4)}${breaks}`;
}

export function maskSecrets(text: string): string {
  return maskedText(text, findSecrets(text)).text;
}

/** A masked text and where each masked value now sits, for callers that keep offsets. */
export interface MaskedText {
  text: string;
  /** Each finding's label span in `text`, in order. */
  labels: { start: number; end: number; finding: SecretFinding }[];
}

export function maskedText(text: string, findings: readonly SecretFinding[]): MaskedText {
  let out = '';
  let at = 0;
  const labels: MaskedText['labels'] = [];
  for (const finding of findings) {
    out += text.slice(at, finding.start);
    const label = maskLabel(finding);
    labels.push({ start: out.length, end: out.length + label.length, finding });
    out += label;
    at = finding.end;
  }
  return { text: out + text.slice(at), labels };
}

export interface OffsetRange {
  start: number;
  end: number;
}

/** A span of `text` to replace; spans are sorted and do not overlap. */
interface Replacement {
  start: number;
  end: number;
  text: string;
}

/**
 * `text` with `replacements` made and `ranges` (e.g. a snippet's highlights) moved along: a range
 * edge inside a replaced span moves to that span's edge, so a highlight never points into it.
 */
function replaceSpans<R extends OffsetRange>(
  text: string,
  replacements: readonly Replacement[],
  ranges: readonly R[],
): { text: string; ranges: R[] } {
  let out = '';
  let at = 0;
  const moved: { from: Replacement; start: number; end: number }[] = [];
  for (const r of replacements) {
    out += text.slice(at, r.start);
    moved.push({ from: r, start: out.length, end: out.length + r.text.length });
    out += r.text;
    at = r.end;
  }
  out += text.slice(at);
  const move = (offset: number, side: 'start' | 'end'): number => {
    let shift = 0;
    for (const m of moved) {
      if (offset <= m.from.start) break;
      if (offset < m.from.end) return side === 'start' ? m.start : m.end;
      shift = m.end - m.from.end;
    }
    return offset + shift;
  };
  return { text: out, ranges: ranges.map((r) => ({ ...r, start: move(r.start, 'start'), end: move(r.end, 'end') })) };
}

/**
 * `text` masked, with `ranges` moved along (a range inside a masked value becomes the whole label).
 * `findings`: findSecrets(text), when the caller already has them.
 */
export function maskWithRanges<R extends OffsetRange>(
  text: string,
  ranges: readonly R[],
  findings: readonly SecretFinding[] = findSecrets(text),
): { text: string; ranges: R[] } {
  if (findings.length === 0) return { text, ranges: [...ranges] };
  return replaceSpans(
    text,
    findings.map((f) => ({ start: f.start, end: f.end, text: maskLabel(f) })),
    ranges,
  );
}

/**
 * The reverse of masking for "show secrets": each label in `masked` that one of `raw`'s findings
 * would produce becomes that finding's value, in order; `ranges` move along.
 */
export function revealWithRanges<R extends OffsetRange>(
  masked: string,
  raw: string,
  ranges: readonly R[],
): { text: string; ranges: R[] } {
  const byLabel = new Map<string, string[]>();
  for (const finding of findSecrets(raw)) {
    const label = maskLabel(finding);
    byLabel.set(label, [...(byLabel.get(label) ?? []), finding.value]);
  }
  if (byLabel.size === 0) return { text: masked, ranges: [...ranges] };
  const labels = [...byLabel.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const used = new Map<string, number>();
  const replacements: Replacement[] = [];
  for (const match of masked.matchAll(new RegExp(labels.join('|'), 'g'))) {
    const values = byLabel.get(match[0])!;
    const n = used.get(match[0]) ?? 0;
    used.set(match[0], n + 1);
    replacements.push({
      start: match.index,
      end: match.index + match[0].length,
      text: values[Math.min(n, values.length - 1)]!,
    });
  }
  return replaceSpans(masked, replacements, ranges);
}

export function revealSecrets(masked: string, raw: string): string {
  return revealWithRanges(masked, raw, []).text;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
